import type { JournalDb } from '../../db/database.js';
import type { SettingsTable } from '../../db/schema.js';
import { DEFAULT_FEE_DOLLAR, DEFAULT_FEE_RUPEE } from '../../../common/constants.js';
import { DEFAULT_DOI_SUFFIX_PATTERN } from '../../../common/doi.js';
import { findSettings, saveSettings } from './settings.repository.js';

export const DEFAULT_SETTINGS: Omit<SettingsTable, 'id' | 'updated_at'> = {
  websitename: 'Journal',
  domain: 'localhost',
  formatted_journal_name: 'Journal',
  websiteemail: '',
  whatsup_number: '',
  journal_essn: '',
  issn: '',
  year_started: '',
  journal_frequency: '',
  journal_type: '',
  journal_language: 'English',
  nassScore: '',
  nassScoreYear: '',
  impactfactor: '',
  fee_rupee: DEFAULT_FEE_RUPEE,
  fee_dollar: DEFAULT_FEE_DOLLAR,
  home_content: '',
  google_review_link: '',
  publisher_name: '',
  publisher_address: '',
  publisher_head: '',
  publisher_url: '',
  journal_list_url: '',
  show_editor_contacts: 0,
  show_subject_column: 0,
  show_publisher_link: 1,
  show_journal_list_link: 0,
  show_usage: 0,
  header_style: 'image',
  cover_page_variant: 'classic',
  admin_ip_allowlist: '',
  doi_prefix: '',
  doi_suffix_pattern: DEFAULT_DOI_SUFFIX_PATTERN,
  licence_name: '',
  licence_url: '',
  journal_abbreviation: '',
  crossref_depositor_name: '',
  crossref_depositor_email: '',
  crossref_registrant: '',
  certificate_signatory_name: '',
  certificate_signatory_title: '',
};

/** Creates the journal's settings row when it has none (`values` over the defaults); true when it was new. */
export async function ensureDefaultSettings(
  db: JournalDb,
  values: Partial<typeof DEFAULT_SETTINGS> = {},
): Promise<boolean> {
  if (await findSettings(db)) return false;
  await saveSettings(db, { ...DEFAULT_SETTINGS, ...values, updated_at: new Date().toISOString() });
  return true;
}
