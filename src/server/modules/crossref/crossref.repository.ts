import type { Author } from '../../../common/authors.js';
import type { Executor } from '../../db/database.js';
import { isPublished } from '../articles/published.js';

/** The published articles of an issue with what a Crossref deposit names, in page order. */
export function listDepositArticles(db: Executor, year: number, volume: number, issue: number) {
  return db
    .selectFrom('articles')
    .select([
      'id',
      'refnumber',
      'title',
      'authorname',
      'abstract',
      'pagenumber',
      'publishdate',
      'doi',
      'file',
      'year',
      'volume',
      'issue',
      'licence_url',
    ])
    .where('year', '=', year)
    .where('volume', '=', volume)
    .where('issue', '=', issue)
    .where(isPublished)
    .orderBy('first_page')
    .orderBy('id')
    .execute();
}
export type DepositRow = Awaited<ReturnType<typeof listDepositArticles>>[number];
/** An article of a deposit with its authors (decision 100). */
export type DepositArticle = DepositRow & { authors: Author[] };
