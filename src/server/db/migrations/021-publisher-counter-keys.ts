import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../database.js';

/**
 * `publisher_counter_keys` (the installation's rows, decision 131): who may harvest the publisher's COUNTER reports
 * at PUBLISHER_HOST, every journal's usage at once. The columns of a journal's `counter_api_keys` without its
 * journal: a customer id with only a hash of its key.
 */
export function publisherCounterKeysMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const id = engine === 'postgres' ? sql`serial PRIMARY KEY` : sql`integer PRIMARY KEY AUTOINCREMENT`;
      await sql`CREATE TABLE publisher_counter_keys (
        id ${id},
        customer_id text NOT NULL,
        requestor_id text NOT NULL DEFAULT '',
        institution_name text NOT NULL,
        key_hash text NOT NULL,
        key_hint text NOT NULL,
        created_at text NOT NULL,
        last_used_at text,
        CONSTRAINT publisher_counter_keys_customer UNIQUE (customer_id)
      )`.execute(db);
    },
  };
}
