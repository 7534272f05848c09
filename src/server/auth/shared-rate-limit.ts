import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { InstallationDb } from '../db/database.js';
import { SharedCounts } from './shared-counts.js';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What the plugin passes to `child`: its typings say route options, but it passes its settings with `routeInfo`. */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
type RouteSettings = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store for @fastify/rate-limit that counts in the shared database (decision 116): a route's requests per address
 * are limited across every process and instance, where the plugin's own store counts in each process's memory.
 */
export function sharedRateLimitStore(db: InstallationDb): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly counts = new SharedCounts(db, 'requests')) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      this.counts.add(key, timeWindow, now).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: resetAt - now }),
        (error: unknown) => callback(error as Error),
      );
    }

    /** Each limited route counts on its own. */
    child(options: ChildOptions): FastifyRateLimitStore {
      const { method = '', url = '' } = (options as unknown as RouteSettings).routeInfo ?? {};
      return new SharedRateLimitStore(new SharedCounts(db, `requests ${String(method)} ${url}`));
    }
  }
  return SharedRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
