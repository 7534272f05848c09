import type { Executor } from '../../db/database.js';
import { isPublished } from '../articles/published.js';

/** The published articles of an issue with what a Crossref deposit names, in page order. */
export function listDepositArticles(db: Executor, year: number, volume: number, issue: number) {
  return db
    .selectFrom('articles')
    .select([
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
    ])
    .where('year', '=', year)
    .where('volume', '=', volume)
    .where('issue', '=', issue)
    .where(isPublished)
    .orderBy('first_page')
    .orderBy('id')
    .execute();
}
export type DepositArticle = Awaited<ReturnType<typeof listDepositArticles>>[number];
