/** Public reads of the archive (GET /api/archives/…, GET /api/search; specification: Calls made). */
import { z } from './zod-config.js';
import { authorRecordSchema, publicAuthorSchema } from './authors.js';

/** One volume of one year, as GET /api/archives/ answers it. */
export const yearGroupSchema = z.object({
  year: z.number().int(),
  volume: z.number().int(),
  /** How many issues of this volume have published articles. */
  total_issues: z.number().int(),
  /** Issue number -> month (the issue's frequency, e.g. 'jan-feb'), for the issues whose month is known. */
  issue_month: z.record(z.string(), z.string()),
  /** The published issue numbers, newest first. */
  issues: z.array(z.number().int()),
});
export type YearGroup = z.infer<typeof yearGroupSchema>;

/** An article as issue lists and search results show it. */
export const articleSummarySchema = z.object({
  id: z.number().int(),
  refnumber: z.string(),
  /** Sanitised HTML: only i, em, sub and sup. */
  title: z.string(),
  authorname: z.string(),
  subject: z.string(),
  country: z.string(),
  pagenumber: z.string(),
  year: z.number().int(),
  volume: z.number().int(),
  issue: z.number().int(),
  frequency: z.string(),
  file: z.string().nullable(),
  /** Without https://doi.org/; '' when the article has none. */
  doi: z.string(),
  /** YYYY-MM-DD, the publication date its citation metadata carries. */
  publishdate: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** An article as its public page shows it. */
export const publicArticleSchema = articleSummarySchema.extend({
  /** Sanitised HTML. */
  abstract: z.string(),
  keywords: z.string(),
  status: z.string(),
  /** The article's own licence (the journal's when it was added); '' when none. */
  licence_name: z.string(),
  licence_url: z.string(),
  /** In order, each with given and family names, affiliation, country and ORCID iD (decision 100). */
  authors: z.array(publicAuthorSchema),
});
export type PublicArticle = z.infer<typeof publicArticleSchema>;

/** The reference styles of the article page's "Cite this article" box, in the order it shows them. */
export const REFERENCE_STYLES = ['apa', 'mla', 'chicago', 'vancouver'] as const;

/** GET /api/archives/ref/{refnumber}/references: the article's reference in each style, as inline HTML. */
export const formattedReferenceSchema = z.object({
  style: z.enum(REFERENCE_STYLES),
  name: z.string(),
  html: z.string(),
});
export type FormattedReference = z.infer<typeof formattedReferenceSchema>;

/** The fields only a signed-in administrator reads. */
const adminArticleFields = z.object({
  description: z.string(),
  email: z.string(),
  mobile: z.string(),
  txnid: z.string(),
  ptype: z.string(),
  first_page: z.number().int(),
  createdby: z.string(),
  creation: z.string(),
  modifiedby: z.string(),
  modification: z.string(),
  /** The authors with their emails. */
  authors: z.array(authorRecordSchema),
});

/** Every field of an article, for a signed-in administrator. */
export const articleRecordSchema = publicArticleSchema.extend(adminArticleFields.shape);
export type ArticleRecord = z.infer<typeof articleRecordSchema>;

/** GET /api/archives/{id}: the public fields, and every field for an administrator. */
export const articleByIdSchema = publicArticleSchema.extend({
  ...adminArticleFields.partial().shape,
  authors: z.array(authorRecordSchema.partial({ email: true })),
});

export const searchResultsSchema = z.object({
  keyword: z.string(),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(articleSummarySchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** Search results per page; the keyword is cut to this many characters before it is searched. */
export const SEARCH_PAGE_SIZE = 50;
export const SEARCH_KEYWORD_MAX_CHARS = 200;
