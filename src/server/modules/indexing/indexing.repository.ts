import type { JournalExecutor } from '../../db/database.js';
import type { IndexingRow, IndexingTable } from '../../db/schema.js';

type IndexingValues = Omit<IndexingTable, 'id'>;

export const listEnabledIndexing = (db: JournalExecutor): Promise<IndexingRow[]> =>
  db.selectFrom('indexing').selectAll().where('status', '=', 'enabled').orderBy('sortnumber').orderBy('id').execute();

export const listAllIndexing = (db: JournalExecutor): Promise<IndexingRow[]> =>
  db.selectFrom('indexing').selectAll().orderBy('sortnumber').orderBy('id').execute();

export const findIndexingById = (db: JournalExecutor, id: number): Promise<IndexingRow | undefined> =>
  db.selectFrom('indexing').selectAll().where('id', '=', id).executeTakeFirst();

/** The next place at the end of the list. */
export async function nextIndexingPlace(db: JournalExecutor): Promise<number> {
  const row = await db
    .selectFrom('indexing')
    .select((eb) => eb.fn.max('sortnumber').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function insertIndexing(db: JournalExecutor, values: IndexingValues): Promise<number> {
  const row = await db.insertInto('indexing').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateIndexing(db: JournalExecutor, id: number, values: Partial<IndexingValues>): Promise<void> {
  await db.updateTable('indexing').set(values).where('id', '=', id).execute();
}

export async function deleteIndexing(db: JournalExecutor, id: number): Promise<void> {
  await db.deleteFrom('indexing').where('id', '=', id).execute();
}
