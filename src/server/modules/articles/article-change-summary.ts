import type { Author } from '../../../common/authors.js';
import type { ArticleRow } from '../../db/schema.js';

/** The fields an edit may change, as the activity log names them to an editor. */
const FIELD_WORDS: Partial<Record<keyof ArticleRow, string>> = {
  refnumber: 'reference number',
  title: 'title',
  authorname: 'authors',
  abstract: 'abstract',
  keywords: 'keywords',
  doi: 'DOI',
  subject: 'subject',
  country: 'country',
  email: 'email',
  mobile: 'mobile',
  pagenumber: 'pages',
  txnid: 'transaction id',
  ptype: 'payment type',
  publishdate: 'publication date',
  status: 'status',
};

const authorDetails = (authors: readonly Author[]) =>
  JSON.stringify(
    authors.map((a) => [a.given_name, a.family_name, a.affiliation, a.country, a.orcid, a.email, a.corresponding]),
  );

/**
 * What an edit changed, in words and without values (they may be long or personal): "changed title, pages; new
 * PDF". A change to the authors' affiliations, countries, ORCID iDs, emails or order is one too.
 */
export function articleChanges(
  before: ArticleRow,
  after: Partial<ArticleRow>,
  authors: { before: readonly Author[]; after: readonly Author[] },
): string[] {
  const fields = (Object.keys(FIELD_WORDS) as (keyof ArticleRow)[])
    .filter((key) => key in after && after[key] !== before[key])
    .map((key) => FIELD_WORDS[key]!);
  if (!fields.includes('authors') && authorDetails(authors.before) !== authorDetails(authors.after))
    fields.push("the authors' details");
  return fields;
}
