import { ISSUE_FREQUENCIES, MAX_AUTHORS } from '../../../common/constants.js';

/**
 * The columns of the import spreadsheet (decision 102): one row per article, its issue's columns repeated on each.
 * A row whose article columns are all empty declares an issue without articles. The template, the reader and the
 * export all follow this list.
 */
export interface SpreadsheetColumn {
  /** The API's and the database's name; older templates head their columns with it, and it is still read. */
  name: string;
  /** The header the template and the export write: the words the admin's forms use. */
  label: string;
  /** Every article row needs a value (the issue's columns may be left empty on all but one row of the issue). */
  required: boolean;
  example: string;
  description: string;
}

const AS_TEXT = 'Format the column as Text in a spreadsheet program, so that it keeps the value as typed.';
const LIST = `in the order of the authors, separated by ";"; leave an entry empty for an author without one`;

export const COLUMNS = [
  { name: 'year', label: 'Year', required: true, example: '2024', description: "The issue's year." },
  { name: 'volume', label: 'Volume', required: true, example: '12', description: "The issue's volume." },
  { name: 'issue', label: 'Issue', required: true, example: '3', description: "The issue's number in its volume." },
  {
    name: 'frequency',
    label: 'Months covered',
    required: true,
    example: 'jul-aug-sep',
    description: `The months the issue covers: one of ${ISSUE_FREQUENCIES.join(', ')}.`,
  },
  {
    name: 'issue_state',
    label: 'Issue state',
    required: false,
    example: 'published',
    description: 'published (when empty) or draft: readers see nothing of a draft issue until it is published.',
  },
  {
    name: 'issue_publication_date',
    label: 'Issue publication date',
    required: false,
    example: '2024-09-30',
    description: "YYYY-MM-DD. Empty: a published issue takes its earliest article's publication date.",
  },
  {
    name: 'refnumber',
    label: 'Reference number',
    required: true,
    example: '2024120301',
    description: `The article's reference number: digits only, at most 20. ${AS_TEXT}`,
  },
  {
    name: 'title',
    label: 'Title',
    required: true,
    example: 'Nitrogen uptake of <i>Oryza sativa</i> under CO<sub>2</sub> enrichment',
    description: 'The title. <i>, <sub> and <sup> mark italics, subscripts and superscripts.',
  },
  {
    name: 'authors',
    label: 'Authors',
    required: true,
    example: 'Asha Rao; Maria van der Berg',
    description:
      `At most ${MAX_AUTHORS} authors, separated by ";", each as "Given Family". Write "Family, Given" when the ` +
      'family name is not the last word of the name ("Li, Wei"); an author with only one name is written with a ' +
      'comma after it ("Plato,"). Or leave it empty and fill Authors as JSON.',
  },
  {
    name: 'author_affiliations',
    label: 'Author affiliations',
    required: false,
    example: 'University of Pune; Utrecht University',
    description: `The authors' affiliations, ${LIST}.`,
  },
  {
    name: 'author_countries',
    label: 'Author countries',
    required: false,
    example: 'India; Netherlands',
    description: `Countries, ${LIST}.`,
  },
  {
    name: 'author_orcids',
    label: 'Author ORCID iDs',
    required: false,
    example: '0000-0002-1825-0097;',
    description: `ORCID iDs (0000-0002-1825-0097 or https://orcid.org/0000-0002-1825-0097), ${LIST}.`,
  },
  {
    name: 'author_emails',
    label: 'Author emails',
    required: false,
    example: 'asha@uni.example; m.berg@uu.example',
    description: `Email addresses, ${LIST}. They are not shown to readers.`,
  },
  {
    name: 'corresponding_author',
    label: 'Corresponding author',
    required: false,
    example: '1',
    description: "The corresponding author's place in the list: 1 (when empty) for the first, 2 for the second...",
  },
  {
    name: 'authors_json',
    label: 'Authors as JSON',
    required: false,
    example: '',
    description:
      'Instead of the six columns above (leave them empty), the authors as a JSON list of ' +
      '{"given_name", "family_name", "affiliation", "country", "orcid", "email", "corresponding"}: for a value ' +
      'that holds ";". The export writes it only where the columns above cannot hold the authors exactly.',
  },
  {
    name: 'abstract',
    label: 'Abstract',
    required: true,
    example: '<p>We measured nitrogen uptake in 40 paddy plots.</p>',
    description: 'The abstract. Paragraphs in <p>, and <i>, <b>, <sub>, <sup>.',
  },
  {
    name: 'keywords',
    label: 'Keywords',
    required: false,
    example: 'rice; nitrogen; climate',
    description: 'Keywords, as one text.',
  },
  {
    name: 'doi',
    label: 'DOI',
    required: false,
    example: '10.12345/ijar.2024.12.3.2024120301',
    description: 'The DOI without https://doi.org/; empty for none.',
  },
  { name: 'subject', label: 'Subject', required: false, example: 'Agronomy', description: 'The subject.' },
  { name: 'country', label: 'Country', required: false, example: 'India', description: 'The country of the article.' },
  {
    name: 'email',
    label: 'Contact email',
    required: false,
    example: 'asha@uni.example',
    description: "The article's contact email. Empty: the corresponding author's.",
  },
  {
    name: 'mobile',
    label: 'Contact telephone',
    required: false,
    example: '9876543210',
    description: 'A contact telephone number.',
  },
  {
    name: 'pagenumber',
    label: 'Pages',
    required: true,
    example: '101-112',
    description: `First and last page, like 1-6; no two articles of an issue share a page. ${AS_TEXT}`,
  },
  {
    name: 'txnid',
    label: 'Transaction ID',
    required: true,
    example: 'TXN-2024-0012',
    description: 'The transaction id of the payment (letters, digits and . _ / -), unique in the journal.',
  },
  { name: 'ptype', label: 'Payment type', required: true, example: 'paid', description: 'paid or free.' },
  {
    name: 'publishdate',
    label: 'Publication date',
    required: true,
    example: '2024-09-30',
    description: 'The publication date (also the certificate date), YYYY-MM-DD.',
  },
  {
    name: 'status',
    label: 'Status',
    required: false,
    example: 'enabled',
    description: 'enabled (when empty) or disabled.',
  },
  {
    name: 'licence_name',
    label: 'Licence',
    required: false,
    example: 'CC BY 4.0',
    description: "The article's licence; empty for none (the journal's licence is not filled in).",
  },
  {
    name: 'licence_url',
    label: 'Licence address',
    required: false,
    example: 'https://creativecommons.org/licenses/by/4.0/',
    description: "The licence's web address.",
  },
  {
    name: 'pdf',
    label: 'PDF file',
    required: false,
    example: '',
    description:
      'The PDF\'s name in the ZIP of PDFs. Empty: the reference number with .pdf ("2024120301.pdf"); "none": the ' +
      'article has no PDF.',
  },
] as const satisfies readonly SpreadsheetColumn[];

export type ColumnName = (typeof COLUMNS)[number]['name'];

export const COLUMN_NAMES: readonly ColumnName[] = COLUMNS.map((column) => column.name);

/** The headers the template and the export write, in the order of COLUMN_NAMES. */
export const COLUMN_LABELS: readonly string[] = COLUMNS.map((column) => column.label);

const LABELS = new Map<string, string>(COLUMNS.map((column) => [column.name, column.label]));

/** A column in an editor's words: its label, or the name itself for what is not a column. */
export const columnLabel = (name: string): string => LABELS.get(name) ?? name;

/** A header cell compared as people type it: case and runs of spaces do not matter. */
const headerKey = (cell: string) => cell.trim().replace(/\s+/g, ' ').toLowerCase();

const BY_HEADER = new Map<string, ColumnName>(
  COLUMNS.flatMap((column) => [
    [headerKey(column.label), column.name],
    [headerKey(column.name), column.name],
  ]),
);

/** The column a header cell names, by its label or by its name; undefined for a column not in the template. */
export const columnOfHeader = (cell: string): ColumnName | undefined => BY_HEADER.get(headerKey(cell));

/** The issue's columns; every other column is the article's. */
export const ISSUE_COLUMNS = [
  'year',
  'volume',
  'issue',
  'frequency',
  'issue_state',
  'issue_publication_date',
] as const satisfies readonly ColumnName[];

export const AUTHOR_LIST_COLUMNS = [
  'author_affiliations',
  'author_countries',
  'author_orcids',
  'author_emails',
] as const satisfies readonly ColumnName[];

/** The `pdf` column's word for an article without a PDF. */
export const NO_PDF = 'none';

/** A row's values by column name; a column the sheet does not have reads as ''. */
export type Cells = Record<ColumnName, string>;
