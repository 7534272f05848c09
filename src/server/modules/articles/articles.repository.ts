import { sql } from 'kysely';
import type { JournalExecutor } from '../../db/database.js';
import type { ArticleRow, ArticleUpdate, NewArticle } from '../../db/schema.js';
import { isPublished } from './published.js';

export async function insertArticle(db: JournalExecutor, article: NewArticle): Promise<number> {
  const row = await db.insertInto('articles').values(article).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const findArticleById = (db: JournalExecutor, id: number): Promise<ArticleRow | undefined> =>
  db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * The row, locked until the transaction ends: a write to it takes the row's lock on PostgreSQL and the
 * database's write lock on SQLite (which has no SELECT ... FOR UPDATE).
 */
export async function lockArticle(trx: JournalExecutor, id: number): Promise<ArticleRow | undefined> {
  await trx
    .updateTable('articles')
    .set((eb) => ({ modification: eb.ref('modification') }))
    .where('id', '=', id)
    .execute();
  return findArticleById(trx, id);
}

/** The article of an issue whose stored file has this name, when it is published. */
export const findPublishedArticleFile = (
  db: JournalExecutor,
  year: number,
  volume: number,
  issue: number,
  file: string,
) =>
  db
    .selectFrom('articles')
    .select('articles.id')
    .where('articles.year', '=', year)
    .where('articles.volume', '=', volume)
    .where('articles.issue', '=', issue)
    .where('articles.file', '=', file)
    .where(isPublished)
    .executeTakeFirst();

/** Published articles whose stored file has this name, wherever they are (at most two: one is an answer). */
export const findPublishedArticlesByFile = (db: JournalExecutor, file: string) =>
  db
    .selectFrom('articles')
    .select(['articles.refnumber', 'articles.year', 'articles.volume', 'articles.issue', 'articles.file'])
    .where('articles.file', '=', file)
    .where(isPublished)
    .limit(2)
    .execute();

export async function updateArticle(db: JournalExecutor, id: number, values: ArticleUpdate): Promise<void> {
  await db.updateTable('articles').set(values).where('id', '=', id).execute();
}

export async function deleteArticle(db: JournalExecutor, id: number): Promise<void> {
  await db.deleteFrom('articles').where('id', '=', id).execute();
}

/** Every article of an issue, whatever its status, in page order. */
export const listIssueArticles = (
  db: JournalExecutor,
  year: number,
  volume: number,
  issue: number,
): Promise<ArticleRow[]> =>
  db
    .selectFrom('articles')
    .selectAll()
    .where('year', '=', year)
    .where('volume', '=', volume)
    .where('issue', '=', issue)
    .orderBy('first_page')
    .orderBy('id')
    .execute();

/** Page ranges of the other articles of an issue. */
export async function issuePageNumbers(
  db: JournalExecutor,
  year: number,
  volume: number,
  issue: number,
  exceptId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('articles')
    .select('pagenumber')
    .where('year', '=', year)
    .where('volume', '=', volume)
    .where('issue', '=', issue)
    .where('id', '!=', exceptId)
    .execute();
  return rows.map((row) => row.pagenumber);
}

/** Articles of any status whose reference number, title, authors or transaction id contain the text. */
export function searchAllArticles(db: JournalExecutor, text: string, limit: number): Promise<ArticleRow[]> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // lower() on both sides because SQLite's LIKE ignores case and PostgreSQL's does not; SQLite has no default escape.
  const contains = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  return db
    .selectFrom('articles')
    .selectAll()
    .where((eb) => eb.or(['refnumber', 'title', 'authorname', 'txnid'].map(contains)))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Gives every article with another licence this one (their change time moves on); returns how many changed. */
export async function relicenseArticles(
  db: JournalExecutor,
  licence: Pick<ArticleRow, 'licence_name' | 'licence_url'>,
): Promise<number> {
  const result = await db
    .updateTable('articles')
    .set({ ...licence, modification: new Date().toISOString() })
    .where((eb) =>
      eb.or([eb('licence_name', '<>', licence.licence_name), eb('licence_url', '<>', licence.licence_url)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
