import { sql, type Kysely } from 'kysely';
import type { InstallationDb, JournalDb } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** A count within its window: how many so far, and when the window ends (milliseconds since 1970). */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/**
 * Counts per key within a window, kept in the database every process and instance shares (`failure_counts`,
 * decision 116): a limit counted here holds however a load balancer spreads the requests. Each key's scope (what is
 * counted) is its prefix, so one table serves every limit.
 */
export class SharedCounts {
  private readonly db: Kysely<Database>;

  constructor(
    db: InstallationDb | JournalDb,
    private readonly scope: string,
  ) {
    // failure_counts is the installation's and no journal's: either kind of handle reaches it, unconfined.
    this.db = db as unknown as Kysely<Database>;
  }

  /** Adds one to `key`'s count, starting a window of `windowMs` when none is open; answers the count after it. */
  async add(key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
    const expired = sql<boolean>`failure_counts.reset_at <= ${now}`;
    const row = await this.db
      .insertInto('failure_counts')
      .values({ key: this.keyOf(key), failures: 1, reset_at: now + windowMs })
      // One statement: two instances adding at once both count, whichever comes first.
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          failures: sql`CASE WHEN ${expired} THEN 1 ELSE failure_counts.failures + 1 END`,
          reset_at: sql`CASE WHEN ${expired} THEN ${now + windowMs} ELSE failure_counts.reset_at END`,
        }),
      )
      .returning(['failures', 'reset_at'])
      .executeTakeFirstOrThrow();
    await this.db.deleteFrom('failure_counts').where('reset_at', '<=', now).execute();
    return { count: row.failures, resetAt: Number(row.reset_at) };
  }

  /** `key`'s count in its open window; a count of 0 when none is open. */
  async read(key: string, now = Date.now()): Promise<WindowCount> {
    const row = await this.db
      .selectFrom('failure_counts')
      .select(['failures', 'reset_at'])
      .where('key', '=', this.keyOf(key))
      .executeTakeFirst();
    const resetAt = Number(row?.reset_at ?? 0);
    return row && resetAt > now ? { count: row.failures, resetAt } : { count: 0, resetAt: now };
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('failure_counts').where('key', '=', this.keyOf(key)).execute();
  }

  private keyOf(key: string): string {
    return `${this.scope}|${key}`;
  }
}

/**
 * Failed attempts per key (sign-ins per address and user name, COUNTER credentials per address, reset requests per
 * account). After `maxFailures` inside the window further attempts are refused until it ends; a success may clear
 * the count, so staff who sign in often are never locked out and one attacker cannot lock out every account.
 */
export class FailureThrottle {
  private readonly counts: SharedCounts;

  constructor(
    db: InstallationDb | JournalDb,
    scope: string,
    readonly maxFailures = 10,
    private readonly windowMs = 15 * 60_000,
  ) {
    this.counts = new SharedCounts(db, scope);
  }

  /** Milliseconds until `key` may try again; 0 when it may try now. */
  async waitFor(key: string, now = Date.now()): Promise<number> {
    const { count, resetAt } = await this.counts.read(key, now);
    return count >= this.maxFailures ? resetAt - now : 0;
  }

  async recordFailure(key: string, now = Date.now()): Promise<void> {
    await this.counts.add(key, this.windowMs, now);
  }

  clear(key: string): Promise<void> {
    return this.counts.clear(key);
  }
}
