import { sql, type Kysely, type Migration } from 'kysely';

/**
 * State that every process and instance of an installation must share (decision 116), kept by the database that
 * they share:
 * - `failure_counts`: failed attempts per key (sign-in per address and user name, COUNTER credentials per address)
 *   within a window ending at `reset_at` (milliseconds since 1970), so that a limit holds however requests are spread.
 * - `usage_clicks`: when each reader last did each action (keyed hashes, never an address), for COUNTER's 30-second
 *   double-click rule, and whether the last click put to it was counted. Old rows are deleted as batches are written.
 */
export function sharedLimitsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`CREATE TABLE failure_counts (
        key text PRIMARY KEY,
        failures integer NOT NULL,
        reset_at bigint NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX failure_counts_reset_at ON failure_counts (reset_at)`.execute(db);
      await sql`CREATE TABLE usage_clicks (
        click_key text PRIMARY KEY,
        last_at bigint NOT NULL,
        counted integer NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX usage_clicks_last_at ON usage_clicks (last_at)`.execute(db);
    },
  };
}
