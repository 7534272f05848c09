import { IMPACT_FACTOR_DISPLAY_CHARS } from '../../common/constants.js';
import { longDate } from '../../common/dates.js';
import type { SiteSettings } from '../../common/schemas/settings.js';

/** The journal's details printed on every generated document, taken from the settings. */
export interface JournalInfo {
  name: string;
  issn: string;
  essn: string;
  impactFactor: string;
  publisherName: string;
  publisherAddress: string;
  publisherHead: string;
  email: string;
  phone: string;
  /** The uploaded logo when PDFs can draw it (PNG or JPEG); null draws the built-in emblem. */
  logo: Buffer | null;
}

export function journalInfo(settings: SiteSettings, logo: Buffer | null = null): JournalInfo {
  return {
    logo,
    name: settings.websitename,
    issn: settings.issn,
    essn: settings.journal_essn,
    impactFactor: settings.impactfactor.slice(0, IMPACT_FACTOR_DISPLAY_CHARS),
    publisherName: settings.publisher_name,
    publisherAddress: settings.publisher_address,
    publisherHead: settings.publisher_head,
    email: settings.websiteemail,
    phone: settings.whatsup_number,
  };
}

/** 'ISSN: … | E-ISSN: … | Impact Factor: …', leaving out what the settings do not hold. */
export function issnLine(journal: JournalInfo): string {
  return [
    journal.issn && `ISSN: ${journal.issn}`,
    journal.essn && `E-ISSN: ${journal.essn}`,
    journal.impactFactor && `Impact Factor: ${journal.impactFactor}`,
  ]
    .filter(Boolean)
    .join('  |  ');
}

/** 'Email: … | Phone: …' of the publisher, leaving out what the settings do not hold. */
export function contactLine(journal: JournalInfo): string {
  return [journal.email && `Email: ${journal.email}`, journal.phone && `Phone / WhatsApp: ${journal.phone}`]
    .filter(Boolean)
    .join('  |  ');
}

/** '2024-03-05' -> '5 March 2024'; anything else is printed as stored. */
export const formatDate = (isoDate: string): string => longDate(isoDate) ?? isoDate;

/** 'Volume 10, Issue 2, 2024'. */
export const issueLabel = (a: { volume: number; issue: number; year: number }) =>
  `Volume ${a.volume}, Issue ${a.issue}, ${a.year}`;
