import type { Kysely } from 'kysely';
import { openDatabase, type AcrossJournalsHandle, type JournalDb } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { acrossJournals } from '../db/installation-scope.js';

/**
 * A new in-memory database whose handle reaches every journal's rows at once, for tests that make the database of a
 * release before journals (with `migrate(handle, upTo)` or a Migrator) and write its rows.
 */
export function openEarlierDatabase(): AcrossJournalsHandle {
  const opened = openDatabase({ sqliteFile: ':memory:' });
  return { ...opened, db: acrossJournals(opened.db) };
}

/** Such a database as the fixtures take it: before journals, every row was the first journal's by default. */
export const asFirstJournal = (db: Kysely<Database>): JournalDb => db as unknown as JournalDb;
