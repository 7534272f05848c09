/**
 * A journal's counted usage for a span of months, as the COUNTER reports and the statistics screen read it
 * (decision 101). Counts follow the Code of Practice, Release 5.1: an abstract view is an investigation, a PDF
 * download a request and an investigation; unique counts are per user-session (user and hour).
 */
export interface ItemCounts {
  Total_Item_Investigations: number;
  Unique_Item_Investigations: number;
  Total_Item_Requests: number;
  Unique_Item_Requests: number;
}

/** A month as COUNTER names it: YYYY-MM. */
export type Month = string;

/** One article that was used in the span, with what reports say of it and its counts per month (only months used). */
export interface UsedItem {
  articleId: number;
  refnumber: string;
  /** Plain text. */
  title: string;
  authors: { name: string; orcid: string }[];
  /** Bare DOI, '' for none. */
  doi: string;
  /** YYYY-MM-DD. */
  publicationDate: string;
  /** Year of publication (COUNTER's YOP). */
  yop: number;
  /** The article page's absolute address. */
  url: string;
  year: number;
  volume: number;
  issue: number;
  months: Record<Month, ItemCounts>;
}

/** The journal as the title of its items (TR reports) and as the platform (PR reports). */
export interface UsageJournal {
  /** Platform name and id: the journal's short name on its host. */
  platform: string;
  title: string;
  printIssn: string;
  onlineIssn: string;
  publisher: string;
  /** The journal's home page address. */
  url: string;
}

export interface JournalUsage {
  journal: UsageJournal;
  /** First and last month of the span, inclusive. */
  begin: Month;
  end: Month;
  items: UsedItem[];
  /** Searches_Platform per month (only months with searches). */
  searches: Record<Month, number>;
}
