import { z } from '../../../../common/schemas/zod-config.js';

/**
 * The public answers of a journal site, read leniently: this server's answers, and the original product's, whose
 * shapes the specification gives only as field names (Entities and their fields). Numbers may come as text and text
 * as numbers; a field an answer lacks is undefined, so a reader can tell "not public" from "empty".
 */
const maybeText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? undefined : String(value)));

const wholeNumber = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/)
    .transform(Number),
]);

const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** One volume of one year (GET /api/archives/); this server adds the issue numbers, the original only counts them. */
export const yearGroupAnswer = z.object({
  year: wholeNumber,
  volume: wholeNumber,
  total_issues: wholeNumber.nullish(),
  issue_month: z.record(z.string(), maybeText).nullish(),
  issues: z.array(wholeNumber).nullish(),
});
export type YearGroupAnswer = z.infer<typeof yearGroupAnswer>;

const authorAnswer = z.object({
  given_name: maybeText,
  family_name: maybeText,
  affiliation: maybeText,
  country: maybeText,
  orcid: maybeText,
  email: maybeText,
  corresponding: flag,
});

/**
 * An article of an issue's list, or of GET /api/archives/ref/{ref}. The private fields (txnid, email, mobile, ptype)
 * are here for a site that shows them.
 */
export const articleAnswer = z.object({
  refnumber: maybeText,
  title: maybeText,
  authorname: maybeText,
  /** This server's structured authors (decision 100); a malformed list counts as none. */
  authors: z.array(authorAnswer).nullish().catch(undefined),
  abstract: maybeText,
  keywords: maybeText,
  doi: maybeText,
  subject: maybeText,
  country: maybeText,
  pagenumber: maybeText,
  frequency: maybeText,
  publishdate: maybeText,
  status: maybeText,
  licence_name: maybeText,
  licence_url: maybeText,
  file: maybeText,
  txnid: maybeText,
  email: maybeText,
  mobile: maybeText,
  ptype: maybeText,
});
export type ArticleAnswer = z.infer<typeof articleAnswer>;
export type AuthorAnswer = z.infer<typeof authorAnswer>;

/** One article, answered as an object or, by a server that returns its query's rows, as a list of one. */
export const oneArticleAnswer = z.preprocess(
  (value) => (Array.isArray(value) && value.length === 1 ? value[0] : value),
  articleAnswer,
);

export const editorAnswer = z.object({
  name: maybeText,
  category: maybeText,
  post: maybeText,
  degree: maybeText,
  content: maybeText,
  email: maybeText,
  phone: maybeText,
  country: maybeText,
  editor_website: maybeText,
  picture: maybeText,
  status: maybeText,
  is_pinned: flag,
});
export type EditorAnswer = z.infer<typeof editorAnswer>;

export const indexingAnswer = z.object({
  title: maybeText,
  link: maybeText,
  image: maybeText,
  sortnumber: wholeNumber.nullish().catch(undefined),
  status: maybeText,
});
export type IndexingAnswer = z.infer<typeof indexingAnswer>;

/** GET /api/settings/: an object naming the journal; its fields are read one by one (site-settings.ts). */
export const settingsAnswer = z.looseObject({ websitename: z.string().min(1) });
export type SettingsAnswer = z.infer<typeof settingsAnswer>;
