import type { Executor } from '../../db/database.js';
import type { SettingsRow, SettingsTable } from '../../db/schema.js';

export async function findSettings(db: Executor): Promise<SettingsRow | undefined> {
  return db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** Writes the single settings row, creating it on first use. */
export async function saveSettings(db: Executor, values: Omit<SettingsTable, 'id'>): Promise<void> {
  await db
    .insertInto('settings')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}
