import type { JournalExecutor } from '../../db/database.js';

/** Number of rows of a table, whatever their status (count comes back as a string on PostgreSQL). */
export async function countRows(db: JournalExecutor, table: 'articles' | 'editors'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
