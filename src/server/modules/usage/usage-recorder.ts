import type { FastifyRequest } from 'fastify';
import type { JournalDb } from '../../db/database.js';
import { isRobot } from './robots.js';
import { SessionKeys, utcDay } from './session-keys.js';
import {
  addSearches,
  addUsage,
  forgetClicks,
  shareClicks,
  type Click,
  type SearchCount,
  type SessionUse,
} from './usage.repository.js';

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
/** Shared clicks are kept this long: longer than any batch waits, so a late batch is still decided against them. */
const FORGET_CLICKS_MS = 5 * 60_000;
/** Counts wait in memory at most this long: a crash loses at most these seconds. */
const FLUSH_MS = 3_000;
/** Uses held while the database does not answer; beyond it the oldest counts are dropped, not the process. */
const MAX_PENDING = 200_000;

interface Clock {
  now(): Date;
}

/** A click this process saw, with what it counts for when no other process saw the same one within the window. */
interface SeenClick {
  click: Click;
  use?: SessionUse;
  search?: SearchCount;
}

/** One journal's clicks waiting to be written. */
class JournalBatch {
  readonly clicks: SeenClick[] = [];

  add(seen: SeenClick): void {
    if (this.clicks.length < MAX_PENDING) this.clicks.push(seen);
  }

  /** Puts a batch that could not be written back in front of what arrived since. */
  merge(failed: JournalBatch): void {
    this.clicks.unshift(...failed.clicks.slice(0, MAX_PENDING - this.clicks.length));
  }
}

/** The counts of the clicks that stayed counted, added up per session row and per day. */
function countsOf(clicks: SeenClick[], counted: Set<Click>) {
  const uses = new Map<string, SessionUse>();
  const searches = new Map<string, SearchCount>();
  for (const { click, use, search } of clicks) {
    if (!counted.has(click)) continue;
    if (use) {
      const key = `${use.article_id}/${use.day}/${use.session}`;
      const held = uses.get(key);
      if (!held) uses.set(key, { ...use });
      else {
        held.investigations += use.investigations;
        held.requests += use.requests;
      }
    }
    if (search) {
      const held = searches.get(search.day);
      if (held) held.searches += search.searches;
      else searches.set(search.day, { ...search });
    }
  }
  return { uses: [...uses.values()], searches: [...searches.values()] };
}

/**
 * Counts uses by the COUNTER Code of Practice (decision 101): robots by COUNTER's list are never counted, double
 * clicks count once whichever processes and instances see them (decision 116), and each use is added to its
 * user-session's row. Clicks gather in memory and are written in batches every few seconds, one transaction per
 * journal, which adds to what other processes wrote.
 */
export class UsageRecorder {
  private batches = new Map<number, JournalBatch>();
  private readonly lastClicks = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly keys: SessionKeys;

  constructor(
    installationSecret: string,
    private readonly journalDb: (journalId: number) => JournalDb,
    private readonly onError: (error: unknown) => void,
    private readonly clock: Clock = { now: () => new Date() },
  ) {
    this.keys = new SessionKeys(installationSecret);
  }

  /** Counts a use of an article; false when it was not counted (a robot, or a double click this process saw). */
  recordUse(journalId: number, articleId: number, kind: UseKind, reader: Reader): boolean {
    const seen = this.seen(reader, `${journalId}/${articleId}/${kind}`);
    if (!seen) return false;
    const use = {
      article_id: articleId,
      day: utcDay(seen.now),
      session: seen.session,
      investigations: 1,
      requests: kind === 'request' ? 1 : 0,
    };
    this.batchOf(journalId).add(seen.repeat ? { click: seen.click } : { click: seen.click, use });
    return !seen.repeat;
  }

  /** Counts a search (COUNTER's Searches_Platform); the same query again within the window counts once. */
  recordSearch(journalId: number, query: string, reader: Reader): boolean {
    const seen = this.seen(reader, `${journalId}/search/${query.trim().toLowerCase()}`);
    if (!seen) return false;
    const search = { day: utcDay(seen.now), searches: 1 };
    this.batchOf(journalId).add(seen.repeat ? { click: seen.click } : { click: seen.click, search });
    return !seen.repeat;
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

  /**
   * A reader's click, unless a robot's: a repeat when this process saw the same one within the window. Every click
   * goes to the shared table, repeats too, so that the window runs from the last click whichever process saw it.
   */
  private seen({ address, userAgent }: Reader, action: string) {
    if (isRobot(userAgent)) return null;
    const now = this.clock.now();
    const user = this.keys.user(address, userAgent ?? '', now);
    const click: Click = { key: `${user}/${action}`, at: now.getTime() };
    const last = this.lastClicks.get(click.key);
    this.lastClicks.set(click.key, click.at);
    const repeat = last !== undefined && click.at - last < DOUBLE_CLICK_MS;
    return { click, now, repeat, session: this.keys.session(user, now) };
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
    const forgetBefore = this.clock.now().getTime() - FORGET_CLICKS_MS;
    for (const [journalId, batch] of batches) {
      try {
        // One transaction: a batch and its clicks are stored whole or kept whole for the next try, never counted
        // twice; another process's clicks decide which of this batch's count.
        await this.journalDb(journalId)
          .transaction()
          .execute(async (trx) => {
            const counted = await shareClicks(
              trx,
              batch.clicks.map(({ click }) => click),
              DOUBLE_CLICK_MS,
            );
            const { uses, searches } = countsOf(batch.clicks, counted);
            await addUsage(trx, uses);
            await addSearches(trx, searches);
            await forgetClicks(trx, forgetBefore);
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
