import type { Insertable } from 'kysely';
import type { InstallationExecutor } from '../../db/database.js';
import type { CounterApiKeyRow, CounterApiKeysTable } from '../../db/schema.js';

/** The publisher's COUNTER customers (decision 131): the installation's rows, one key per customer id. */

export const findPublisherKey = (db: InstallationExecutor, customerId: string): Promise<CounterApiKeyRow | undefined> =>
  db.selectFrom('publisher_counter_keys').selectAll().where('customer_id', '=', customerId).executeTakeFirst();

export async function insertPublisherKey(
  db: InstallationExecutor,
  key: Insertable<CounterApiKeysTable>,
): Promise<void> {
  await db.insertInto('publisher_counter_keys').values(key).execute();
}

export async function markPublisherKeyUsed(db: InstallationExecutor, id: number, at: string): Promise<void> {
  await db.updateTable('publisher_counter_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}
