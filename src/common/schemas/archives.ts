/** Public reads of the archive (spec §7: GET /api/archives/…, GET /api/search). */

/** One volume of one year, as GET /api/archives/ answers it. */
export interface YearGroup {
  year: number;
  volume: number;
  /** How many issues of this volume have published articles. */
  total_issues: number;
  /** Issue number -> month (the issue's frequency, e.g. 'jan-feb'), for the issues whose month is known. */
  issue_month: Record<number, string>;
  /** The published issue numbers, newest first. */
  issues: number[];
}

/** An article as issue lists and search results show it. */
export interface ArticleSummary {
  id: number;
  refnumber: string;
  /** Sanitised HTML: only i and em. */
  title: string;
  authorname: string;
  subject: string;
  country: string;
  pagenumber: string;
  year: number;
  volume: number;
  issue: number;
  frequency: string;
  file: string | null;
}

/** An article as its public page shows it. */
export interface PublicArticle extends ArticleSummary {
  /** Sanitised HTML. */
  abstract: string;
  keywords: string;
  publishdate: string;
  status: string;
}

/** Every field of an article, for a signed-in administrator. */
export interface ArticleRecord extends PublicArticle {
  description: string;
  email: string;
  mobile: string;
  txnid: string;
  ptype: string;
  first_page: number;
  createdby: string;
  creation: string;
  modifiedby: string;
  modification: string;
}

export interface SearchResults {
  keyword: string;
  total: number;
  page: number;
  page_size: number;
  results: ArticleSummary[];
}

/** Search results per page; the keyword is cut to this many characters before it is searched. */
export const SEARCH_PAGE_SIZE = 50;
export const SEARCH_KEYWORD_MAX_CHARS = 200;
