import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { acrossJournals } from '../db/installation-scope.js';

/**
 * A new in-memory database whose handle reaches every journal's rows at once, for tests that make the database of a
 * release before journals (with `migrate(handle, upTo)` or a Migrator) and write its rows.
 */
export function openEarlierDatabase(): DatabaseHandle {
  const opened = openDatabase({ sqliteFile: ':memory:' });
  return { ...opened, db: acrossJournals(opened.db) };
}
