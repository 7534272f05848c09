/**
 * The words the admin's forms label a field with, where its API name is not already a word: what the import's
 * problems and the activity log say instead of `txnid` or `fee_rupee`.
 */
const FIELD_WORDS: Record<string, string> = {
  refnumber: 'reference number',
  pagenumber: 'pages',
  txnid: 'transaction id',
  ptype: 'payment type',
  publishdate: 'publication date',
  authorname: 'authors',
  doi: 'DOI',
  orcid: 'ORCID iD',
  given_name: 'given name',
  family_name: 'family name',
  licence_name: 'licence',
  licence_url: 'licence address',
  publication_date: 'publication date',
  editor_website: 'website',
  frequency: 'months covered',
  websitename: 'website name',
  websiteemail: 'contact email',
  whatsup_number: 'WhatsApp number',
  issn: 'ISSN',
  journal_essn: 'e-ISSN',
  fee_rupee: 'fee in rupees',
  fee_dollar: 'fee in dollars',
  nassScore: 'NAAS score',
  nassScoreYear: 'NAAS score year',
  impactfactor: 'impact factor',
  home_content: 'home page text',
  doi_prefix: 'DOI prefix',
  doi_suffix_pattern: 'DOI suffix pattern',
  admin_ip_allowlist: 'admin address allow-list',
};

/** A field in words: its label where it has one, else its name with spaces for underscores. */
export const fieldWords = (key: PropertyKey): string => FIELD_WORDS[String(key)] ?? String(key).replace(/_/g, ' ');
