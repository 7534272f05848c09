import { z } from './zod-config.js';
import { COVER_PAGE_VARIANTS, HEADER_STYLES } from '../constants.js';
import { singleLine } from './single-line.js';
import { webAddress } from './web-address.js';
import { DEFAULT_DOI_SUFFIX_PATTERN, DOI_PREFIX_PATTERN } from '../doi.js';

const line = (max = 300) => singleLine().trim().max(max, `must be at most ${max} characters`);
/** Text the settings page edits in a box of several lines (an address, the allow-list): it keeps its line breaks. */
const lines = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
/** Fees are shown as amounts (₹ 2000, $ 50) on the home page and in the instructions. */
const fee = singleLine()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be a number, like 2000 or 49.50');
const optionalEmail = z.union([z.literal(''), singleLine().trim().email('must be an email address')]);
const html = (max = 100_000) => z.string().max(max, `must be at most ${max} characters`);

/**
 * Every editable site setting (specification: Entities and their fields), plus the switches that stand for its
 * per-domain behaviours (docs/architecture.md).
 */
export const settingsInputSchema = z.object({
  websitename: line(200).min(1, 'Website name is required'),
  domain: line(200),
  formatted_journal_name: html(2000),
  websiteemail: optionalEmail,
  whatsup_number: line(40),
  journal_essn: line(40),
  issn: line(40),
  year_started: line(10),
  journal_frequency: line(100),
  journal_type: line(200),
  journal_language: line(200),
  nassScore: line(20),
  nassScoreYear: line(20),
  impactfactor: line(100),
  fee_rupee: fee,
  fee_dollar: fee,
  home_content: html(),
  google_review_link: webAddress('must be a web address'),
  publisher_name: line(200),
  publisher_address: lines(1000),
  publisher_head: line(200),
  publisher_url: webAddress('must be a web address'),
  journal_list_url: webAddress('must be a web address'),
  show_editor_contacts: z.boolean(),
  show_subject_column: z.boolean(),
  show_publisher_link: z.boolean(),
  show_journal_list_link: z.boolean(),
  header_style: z.enum(HEADER_STYLES),
  cover_page_variant: z.enum(COVER_PAGE_VARIANTS),
  admin_ip_allowlist: lines(2000),
  // Added later than the rest: a client that does not send them keeps working.
  doi_prefix: line(20)
    .default('')
    .refine((value) => value === '' || DOI_PREFIX_PATTERN.test(value), 'must look like 10.1234'),
  doi_suffix_pattern: line(200).default(DEFAULT_DOI_SUFFIX_PATTERN),
  licence_name: line(200).default(''),
  licence_url: webAddress('must be a web address').default(''),
  /** The ISO 4 abbreviation of the journal's title, for citation metadata; '' writes none. */
  journal_abbreviation: line(100).default(''),
  crossref_depositor_name: line(200).default(''),
  crossref_depositor_email: optionalEmail.default(''),
  crossref_registrant: line(200).default(''),
  /** Whether article pages show their views and downloads (decision 101). */
  show_usage: z.boolean().default(false),
  /** Who signs the certificates of publication (decision 127); without a name, the Editor-in-Chief does. */
  certificate_signatory_name: line(200).default(''),
  certificate_signatory_title: line(200).default(''),
});

export type SiteSettings = z.infer<typeof settingsInputSchema>;

/** Fields only an administrator may read (docs/security.md, Who may do what). */
const PRIVATE_FIELDS = {
  admin_ip_allowlist: true,
  google_review_link: true,
  crossref_depositor_name: true,
  crossref_depositor_email: true,
  crossref_registrant: true,
  // Printed on the certificates, which read the full settings; no page needs them.
  certificate_signatory_name: true,
  certificate_signatory_title: true,
} as const;
export const PRIVATE_SETTING_FIELDS = Object.keys(PRIVATE_FIELDS) as (keyof typeof PRIVATE_FIELDS)[];

/** GET /api/settings/ without an administrator's token. */
export const publicSettingsSchema = settingsInputSchema.omit(PRIVATE_FIELDS);
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** GET /api/settings/: the public fields, and the private ones for an administrator. */
export const settingsAnswerSchema = publicSettingsSchema.extend(
  settingsInputSchema.pick(PRIVATE_FIELDS).partial().shape,
);

export const SETTINGS_UPDATED_MESSAGE = 'Settings updated successfully';
