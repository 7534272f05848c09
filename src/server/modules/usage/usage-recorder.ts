import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { isRobot } from './robots.js';
import { SessionKeys, utcDay } from './session-keys.js';
import { addSearches, addUsage, type SearchCount, type SessionUse } from './usage.repository.js';

/** An abstract view is an investigation; a PDF download a request, which COUNTER counts as an investigation too. */
export type UseKind = 'investigation' | 'request';

/** Who made a use, as the request shows it: neither is stored (session-keys.ts). */
export interface Reader {
  address: string;
  userAgent: string | undefined;
}

export const readerOf = (request: FastifyRequest): Reader => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
});

/** COUNTER's double-click filter: the same user's same action on the same item within this window counts once. */
const DOUBLE_CLICK_MS = 30_000;
/** Counts wait in memory at most this long: a crash loses at most these seconds. */
const FLUSH_MS = 3_000;
/** Uses held while the database does not answer; beyond it the oldest counts are dropped, not the process. */
const MAX_PENDING = 200_000;

interface Clock {
  now(): Date;
}

/**
 * Counts uses by the COUNTER Code of Practice (decision 101): robots by COUNTER's list are never counted, double
 * clicks count once, and each use is added to its user-session's row. Counts gather in memory and are written in
 * batches every few seconds, one upsert per journal, which adds to what other processes wrote.
 */
/** One journal's counts waiting to be written, keyed so that repeated uses add up in memory. */
class JournalBatch {
  readonly uses = new Map<string, SessionUse>();
  readonly searches = new Map<string, SearchCount>();

  addUse(use: SessionUse): void {
    const key = `${use.article_id}/${use.day}/${use.session}`;
    const held = this.uses.get(key);
    if (!held) this.uses.set(key, { ...use });
    else {
      held.investigations += use.investigations;
      held.requests += use.requests;
    }
  }

  addSearches(search: SearchCount): void {
    const held = this.searches.get(search.day);
    if (held) held.searches += search.searches;
    else this.searches.set(search.day, { ...search });
  }

  /** Puts a batch that could not be written back in front of what arrived since. */
  merge(failed: JournalBatch): void {
    for (const use of failed.uses.values()) if (this.uses.size < MAX_PENDING) this.addUse(use);
    for (const search of failed.searches.values()) this.addSearches(search);
  }
}

/**
 * Counts uses by the COUNTER Code of Practice (decision 101): robots by COUNTER's list are never counted, double
 * clicks count once, and each use is added to its user-session's row. Counts gather in memory and are written in
 * batches every few seconds, one upsert per journal, which adds to what other processes wrote.
 */
export class UsageRecorder {
  private batches = new Map<number, JournalBatch>();
  private readonly lastClicks = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly keys: SessionKeys;

  constructor(
    installationSecret: string,
    private readonly journalDb: (journalId: number) => Db,
    private readonly onError: (error: unknown) => void,
    private readonly clock: Clock = { now: () => new Date() },
  ) {
    this.keys = new SessionKeys(installationSecret);
  }

  /** Counts a use of an article; false when it was not counted (a robot, or a double click). */
  recordUse(journalId: number, articleId: number, kind: UseKind, reader: Reader): boolean {
    const counted = this.counted(reader, `${journalId}/${articleId}/${kind}`);
    if (!counted) return false;
    this.batchOf(journalId).addUse({
      article_id: articleId,
      day: utcDay(counted.now),
      session: counted.session,
      investigations: 1,
      requests: kind === 'request' ? 1 : 0,
    });
    return true;
  }

  /** Counts a search (COUNTER's Searches_Platform); the same query again within the window counts once. */
  recordSearch(journalId: number, query: string, reader: Reader): boolean {
    const counted = this.counted(reader, `${journalId}/search/${query.trim().toLowerCase()}`);
    if (!counted) return false;
    this.batchOf(journalId).addSearches({ day: utcDay(counted.now), searches: 1 });
    return true;
  }

  /** Writes what is gathered; resolves once it is in the database (or kept for the next try after a failure). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private counted({ address, userAgent }: Reader, action: string): { now: Date; session: string } | null {
    if (isRobot(userAgent)) return null;
    const now = this.clock.now();
    const user = this.keys.user(address, userAgent ?? '', now);
    const clickKey = `${user}/${action}`;
    const last = this.lastClicks.get(clickKey);
    this.lastClicks.set(clickKey, now.getTime());
    if (last !== undefined && now.getTime() - last < DOUBLE_CLICK_MS) return null;
    return { now, session: this.keys.session(user, now) };
  }

  private batchOf(journalId: number): JournalBatch {
    let batch = this.batches.get(journalId);
    if (!batch) this.batches.set(journalId, (batch = new JournalBatch()));
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, FLUSH_MS).unref();
    return batch;
  }

  private async write(): Promise<void> {
    this.forgetOldClicks();
    const batches = this.batches;
    this.batches = new Map();
    for (const [journalId, batch] of batches) {
      try {
        // One transaction: a batch is stored whole or kept whole for the next try, never counted twice.
        await this.journalDb(journalId)
          .transaction()
          .execute(async (trx) => {
            await addUsage(trx, [...batch.uses.values()]);
            await addSearches(trx, [...batch.searches.values()]);
          });
      } catch (error) {
        this.batchOf(journalId).merge(batch);
        this.onError(error);
      }
    }
  }

  private forgetOldClicks(): void {
    const before = this.clock.now().getTime() - DOUBLE_CLICK_MS;
    for (const [key, at] of this.lastClicks) if (at < before) this.lastClicks.delete(key);
  }
}
