import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../database.js';

/**
 * Usage statistics by the COUNTER Code of Practice, Release 5.1 (decision 101):
 * - `usage_events`: per article, UTC day and user-session (a keyed hash of user and hour, never an address or a
 *   browser name), how many investigations (abstract views and downloads) and requests (downloads) it made after
 *   the double-click filter. A row per session makes the unique counts exact and lets processes add up by upsert.
 *   Article ids have no foreign key: the usage of a deleted article stays counted.
 * - `usage_searches`: searches per UTC day (the platform report's Searches_Platform).
 * - `counter_api_keys`: who may harvest the journal's reports through the COUNTER API (only a hash of each key).
 * - `settings.show_usage`: whether article pages show "Views · Downloads".
 * - `article_tombstones.article_id`: a deleted article's usage stays reported under its citation.
 */
export function usageStatisticsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const id = engine === 'postgres' ? sql`serial PRIMARY KEY` : sql`integer PRIMARY KEY AUTOINCREMENT`;
      await sql`CREATE TABLE usage_events (
        journal_id integer NOT NULL DEFAULT 1 REFERENCES journals (id),
        article_id integer NOT NULL,
        day text NOT NULL,
        session text NOT NULL,
        investigations integer NOT NULL DEFAULT 0,
        requests integer NOT NULL DEFAULT 0,
        PRIMARY KEY (journal_id, article_id, day, session)
      )`.execute(db);
      await sql`CREATE INDEX usage_events_days ON usage_events (journal_id, day)`.execute(db);
      await sql`CREATE TABLE usage_searches (
        journal_id integer NOT NULL DEFAULT 1 REFERENCES journals (id),
        day text NOT NULL,
        searches integer NOT NULL DEFAULT 0,
        PRIMARY KEY (journal_id, day)
      )`.execute(db);
      await sql`CREATE TABLE counter_api_keys (
        id ${id},
        journal_id integer NOT NULL DEFAULT 1 REFERENCES journals (id),
        customer_id text NOT NULL,
        requestor_id text NOT NULL DEFAULT '',
        institution_name text NOT NULL,
        key_hash text NOT NULL,
        key_hint text NOT NULL,
        created_at text NOT NULL,
        last_used_at text,
        CONSTRAINT counter_api_keys_customer UNIQUE (journal_id, customer_id)
      )`.execute(db);
      await sql`ALTER TABLE settings ADD COLUMN show_usage integer NOT NULL DEFAULT 0`.execute(db);
      await sql`ALTER TABLE article_tombstones ADD COLUMN article_id integer`.execute(db);
    },
  };
}
