import type { Author } from '../../../common/authors.js';
import type { ArticleStatus, IssueState, PaymentType } from '../../../common/constants.js';

/**
 * What every import source reads into (decision 102): the spreadsheet with its ZIP of PDFs, an Open Journal Systems
 * Native XML export, or a site running the original product. The import engine checks a plan with the forms' own
 * validation (the dry run) and then writes it issue by issue, each issue all-or-nothing. Nothing here is written yet.
 */
export interface ImportPlan {
  /** Where the plan was read from, for the report and the activity log, e.g. "articles.xlsx". */
  source: string;
  issues: ImportedIssue[];
  editors: ImportedEditor[];
  indexing: ImportedIndexingEntry[];
  /**
   * Settings to set, by their column (settingsInputSchema: websitename, journal_essn, issn, home_content...); empty
   * when the source has none. Switches (show_*) take 0 or 1. A setting is set where the journal has none or still the
   * product's default; one the journal set differently is a conflict.
   */
  settings: Record<string, string | number>;
  /** What the source holds that this product has no place for: reported, never dropped silently. */
  unmapped: ImportNotice[];
  /**
   * What the source could not read into the plan (a malformed row or record): the dry run reports them with its own
   * problems, so a plan that has any is never applied.
   */
  problems?: ImportProblem[];
}

/** A record of the source, named so a person finds it there: "row 7", "issue 2024 vol 3 no 1, article 'Title'". */
export interface ImportNotice {
  record: string;
  message: string;
}

/** What keeps a record from being imported: "row 7", "pagenumber", "Page number format must be like 1-6." */
export interface ImportProblem {
  record: string;
  /** The field as the forms name it (authors numbered from 1: "authors.2.orcid"); '' for the record as a whole. */
  field: string;
  message: string;
  /** The field in a person's words, the author named by place and name: "author 2 (Ravi Iyer), ORCID iD". */
  label?: string;
  /** The value refused, as the source gave it. */
  value?: string;
}

/** A file the plan carries: read only when the import writes it (a PDF in a ZIP, a download, embedded base64). */
export interface ImportedFile {
  /** The file name as the source names it, e.g. "JRN-2024-0012.pdf". */
  name: string;
  read(): Promise<Buffer>;
}

export interface ImportedIssue {
  record: string;
  year: number;
  volume: number;
  issue: number;
  /** One of ISSUE_FREQUENCIES (src/common/constants.ts). */
  frequency: string;
  state: Exclude<IssueState, 'scheduled'>;
  /**
   * YYYY-MM-DD, '' when the source has none: a new published issue then takes its earliest article's date. The
   * articles keep their own publish dates either way.
   */
  publication_date: string;
  articles: ImportedArticle[];
}

export interface ImportedArticle {
  record: string;
  refnumber: string;
  /** Title and abstract as the forms take them: limited HTML (sub, sup, i, b, p), sanitised on write. */
  title: string;
  authors: Author[];
  abstract: string;
  keywords: string;
  /** Bare DOI (10.xxx/...), '' for none. */
  doi: string;
  subject: string;
  country: string;
  /** The article's contact email; '' takes the corresponding author's. */
  email: string;
  mobile: string;
  pagenumber: string;
  txnid: string;
  ptype: PaymentType;
  /** YYYY-MM-DD. */
  publishdate: string;
  status: ArticleStatus;
  licence_name: string;
  licence_url: string;
  /** null: the article has no PDF and shows no Download link (the dry run lists it). */
  pdf: ImportedFile | null;
}

/** The article's fields stored as columns of its own row, as given (what a re-run compares and an export writes). */
export const ARTICLE_FIELDS = [
  'title',
  'abstract',
  'keywords',
  'doi',
  'subject',
  'country',
  'email',
  'mobile',
  'pagenumber',
  'txnid',
  'ptype',
  'publishdate',
  'status',
  'licence_name',
  'licence_url',
] as const satisfies readonly (keyof ImportedArticle)[];

export interface ImportedEditor {
  record: string;
  name: string;
  /** One of EDITOR_CATEGORIES. */
  category: string;
  post: string;
  degree: string;
  content: string;
  email: string;
  phone: string;
  country: string;
  editor_website: string;
  status: string;
  is_pinned: boolean;
  picture: ImportedFile | null;
}

export interface ImportedIndexingEntry {
  record: string;
  title: string;
  link: string;
  sortnumber: number;
  status: string;
  logo: ImportedFile | null;
}

export const emptyPlan = (source: string): ImportPlan => ({
  source,
  issues: [],
  editors: [],
  indexing: [],
  settings: {},
  unmapped: [],
  problems: [],
});
