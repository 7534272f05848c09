import { sql } from 'kysely';
import type { JournalExecutor } from '../../db/database.js';
import type { ArticleRow, IssueRow, SettingsTable } from '../../db/schema.js';
import { JournalScope } from '../../journals/journal-scope.js';
import type { Author } from '../../../common/authors.js';
import type { ActivityObjectType } from '../../../common/schemas/activity.js';
import type { Actor } from '../activity/activity.repository.js';
import { listAuthorsOf } from '../articles/article-authors.repository.js';

/** Values asked about per query, well below both engines' limits of bound values. */
const BATCH = 500;

async function inBatches<T, R>(values: readonly T[], read: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < values.length; at += BATCH) results.push(...(await read(values.slice(at, at + BATCH))));
  return results;
}

export const listIssues = (db: JournalExecutor): Promise<IssueRow[]> => db.selectFrom('issues').selectAll().execute();

/** What a new article's unique values and pages are compared with: every article of the journal. */
export const listArticleKeys = (db: JournalExecutor) =>
  db
    .selectFrom('articles')
    .select(['id', 'refnumber', 'txnid', 'title_key', 'doi', 'year', 'volume', 'issue', 'pagenumber'])
    .execute();
export type ArticleKeys = Awaited<ReturnType<typeof listArticleKeys>>[number];

/** The reference numbers and DOIs deleted articles keep (decision 099). */
export const listTombstoneNumbers = (db: JournalExecutor) =>
  db.selectFrom('article_tombstones').select(['refnumber', 'doi']).execute();

export const findArticlesByIds = (db: JournalExecutor, ids: readonly number[]): Promise<ArticleRow[]> =>
  inBatches(ids, (batch) => db.selectFrom('articles').selectAll().where('id', 'in', batch).execute());

/** The structured authors of each article asked for, read in batches (see listAuthorsOf). */
export async function listAuthorsInBatches(
  db: JournalExecutor,
  articleIds: readonly number[],
): Promise<Map<number, Author[]>> {
  const authors = new Map<number, Author[]>();
  for (let at = 0; at < articleIds.length; at += BATCH)
    for (const [id, list] of await listAuthorsOf(db, articleIds.slice(at, at + BATCH))) authors.set(id, list);
  return authors;
}

/**
 * Which of these DOIs another journal of the installation uses, on an article or a tombstone: a DOI names one
 * article in the whole installation (decision 095), so this reads past the journal's scope on purpose, in raw SQL
 * that names the journal itself.
 */
export async function doisOfOtherJournals(db: JournalExecutor, dois: readonly string[]): Promise<Set<string>> {
  const journalId = JournalScope.of(db);
  const rows = await inBatches(dois, async (batch) => {
    const list = sql.join(batch);
    const { rows } = await sql<{ doi: string }>`
      select doi from articles where journal_id <> ${journalId} and doi in (${list})
      union select doi from article_tombstones where journal_id <> ${journalId} and doi in (${list})`.execute(db);
    return rows;
  });
  return new Set(rows.map((row) => row.doi));
}

export async function updateSettings(db: JournalExecutor, values: Partial<Omit<SettingsTable, 'id'>>): Promise<void> {
  await db.updateTable('settings').set(values).execute();
}

/**
 * The one activity entry of an import (decision 102), written as recordActivity writes entries, in the transaction
 * of the import's first write; its id is kept so that each later write of the same import updates its summary in its
 * own transaction. So the log holds, at every moment, what of the import was saved.
 */
export async function insertImportEntry(trx: JournalExecutor, actor: Actor, summary: string): Promise<number> {
  const row = await trx
    .insertInto('activity_log')
    .values({
      created_at: new Date().toISOString(),
      user_id: actor.userId,
      username: actor.username,
      action: 'import',
      object_type: 'import' satisfies ActivityObjectType,
      object_id: null,
      summary,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateImportEntry(trx: JournalExecutor, id: number, summary: string): Promise<void> {
  await trx.updateTable('activity_log').set({ summary }).where('id', '=', id).execute();
}
