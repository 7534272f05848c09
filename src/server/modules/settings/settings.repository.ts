import type { JournalExecutor } from '../../db/database.js';
import type { SettingsRow, SettingsTable } from '../../db/schema.js';
import { JournalScope } from '../../journals/journal-scope.js';

/** The journal's settings row (the handle is scoped to one journal). */
export async function findSettings(db: JournalExecutor): Promise<SettingsRow | undefined> {
  return db.selectFrom('settings').selectAll().executeTakeFirst();
}

/**
 * Writes the journal's settings row, creating it on first use (when its journal is prepared, before any request);
 * its id is the journal's (migration 012).
 */
export async function saveSettings(db: JournalExecutor, values: Omit<SettingsTable, 'id'>): Promise<void> {
  const updated = await db.updateTable('settings').set(values).executeTakeFirst();
  if (updated.numUpdatedRows > 0n) return;
  await db
    .insertInto('settings')
    .values({ id: JournalScope.of(db), ...values })
    .execute();
}
