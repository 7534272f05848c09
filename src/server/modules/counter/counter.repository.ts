import type { Insertable } from 'kysely';
import type { CounterKey } from '../../../common/schemas/counter.js';
import type { JournalExecutor } from '../../db/database.js';
import type { CounterApiKeyRow, CounterApiKeysTable } from '../../db/schema.js';

/** Everything of a key but its hash, which never leaves the server. */
const KEY_COLUMNS = [
  'id',
  'customer_id',
  'requestor_id',
  'institution_name',
  'key_hint',
  'created_at',
  'last_used_at',
] as const;

export const listCounterKeys = (db: JournalExecutor): Promise<CounterKey[]> =>
  db.selectFrom('counter_api_keys').select(KEY_COLUMNS).orderBy('customer_id').execute();

export const findCounterKey = (db: JournalExecutor, id: number): Promise<CounterKey | undefined> =>
  db.selectFrom('counter_api_keys').select(KEY_COLUMNS).where('id', '=', id).executeTakeFirst();

/** The key of a customer, hash included, to check a harvester's credentials. */
export const findCustomerKey = (db: JournalExecutor, customerId: string): Promise<CounterApiKeyRow | undefined> =>
  db.selectFrom('counter_api_keys').selectAll().where('customer_id', '=', customerId).executeTakeFirst();

export async function insertCounterKey(db: JournalExecutor, key: Insertable<CounterApiKeysTable>): Promise<number> {
  const row = await db.insertInto('counter_api_keys').values(key).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteCounterKey(db: JournalExecutor, id: number): Promise<void> {
  await db.deleteFrom('counter_api_keys').where('id', '=', id).execute();
}

export async function markCounterKeyUsed(db: JournalExecutor, id: number, at: string): Promise<void> {
  await db.updateTable('counter_api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** The first UTC day with any counted use or search (YYYY-MM-DD), null before the first. */
export async function firstUsageDay(db: JournalExecutor): Promise<string | null> {
  const [uses, searches] = await Promise.all([
    db
      .selectFrom('usage_events')
      .select((eb) => eb.fn.min('day').as('day'))
      .executeTakeFirst(),
    db
      .selectFrom('usage_searches')
      .select((eb) => eb.fn.min('day').as('day'))
      .executeTakeFirst(),
  ]);
  const days = [uses?.day, searches?.day].filter((day): day is string => Boolean(day));
  return days.sort()[0] ?? null;
}
