import { authorsOrLine, type Author } from '../../../common/authors.js';
import type { IssuePath } from '../../../common/schemas/issue.js';
import type { JournalExecutor } from '../../db/database.js';
import { isPublished } from '../articles/published.js';
import { listAuthorsOf } from '../articles/article-authors.repository.js';

/**
 * The published articles of an issue, or of the whole journal, with what an indexer's file (a Crossref deposit, a
 * DOAJ upload) names, in issue and page order.
 */
export function listDepositArticles(db: JournalExecutor, issue?: IssuePath) {
  let query = db
    .selectFrom('articles')
    .select([
      'id',
      'refnumber',
      'title',
      'authorname',
      'abstract',
      'keywords',
      'pagenumber',
      'publishdate',
      'doi',
      'file',
      'year',
      'volume',
      'issue',
      'licence_url',
    ])
    .where(isPublished);
  if (issue) {
    query = query.where('year', '=', issue.year).where('volume', '=', issue.volume).where('issue', '=', issue.issue);
  }
  return query.orderBy('year').orderBy('volume').orderBy('issue').orderBy('first_page').orderBy('id').execute();
}

export type DepositRow = Awaited<ReturnType<typeof listDepositArticles>>[number];

/** An article of a deposit with its authors (decision 100). */
export type DepositArticle = DepositRow & { authors: Author[] };

/** Each article with its stored authors, or those its author line names. */
export async function withAuthors(db: JournalExecutor, rows: DepositRow[]): Promise<DepositArticle[]> {
  const authors = await listAuthorsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, authors: authorsOrLine(authors.get(row.id), row) }));
}
