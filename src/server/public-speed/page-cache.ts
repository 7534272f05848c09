import type { WriteClock } from '../cache/write-clock.js';
import type { PageAddress } from '../render/page-renderer.js';
import { compressForStorage, type Encoding } from './compression.js';

/** A public page or document as the cache keeps it: its bytes, or a redirect. */
export interface CachedPage {
  status: number;
  body: Buffer;
  location?: string;
  /** CSP sources of the page's inline scripts (rendered pages only). */
  scriptHashes?: string[];
  /** What to render to make the page again (rendered pages only): the warmer re-renders hot pages after a write. */
  address?: PageAddress;
}

interface Entry extends CachedPage {
  /** The cache that stored it, of those sharing one space. */
  owner: PageCache;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Compressions under way in the background, by encoding. */
  compressing: Map<Encoding, Promise<Buffer>>;
  hits: number;
  /** When it was last stored or read, on the space's own count of uses: the smallest goes first. */
  lastUsed: number;
}

export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
  /** How many addresses requested once are remembered while they wait for a second request. */
  maxSeenOnce: number;
}

const DEFAULT_LIMITS: PageCacheLimits = { maxEntries: 1000, maxBytes: 24 * 1024 * 1024, maxSeenOnce: 20_000 };

/**
 * What the page caches of every journal of a process hold, within one set of limits: memory then follows what
 * readers ask, not the number of journals (docs/decisions/104-remembered-reads-bounded-per-thread.md). Keys are
 * prefixed with their cache's own prefix, so that no journal finds another's page.
 */
export class PageCacheSpace {
  readonly entries = new Map<string, Entry>();
  readonly seenOnce = new Set<string>();
  bytes = 0;
  readonly limits: PageCacheLimits;
  private caches = 0;
  private uses = 0;

  constructor(limits: Partial<PageCacheLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** A key prefix that no other cache of this space has. */
  newPrefix(): string {
    this.caches += 1;
    return `${this.caches} `;
  }

  /** A stamp later than every one given before. */
  use(): number {
    this.uses += 1;
    return this.uses;
  }
}

/**
 * Rendered public pages keyed by URL (docs/quality-bars.md), least recently used first out, bounded in
 * entries and bytes together with the other journals' caches of its space. Every change of its journal's public data
 * (the write clock) empties it: pages show settings, issues, articles and editors together, so no narrower rule is
 * safe. Just before it is emptied, `onClear` hears which pages were read most, so that they can be made again at once
 * (page-warmer.ts).
 *
 * A page enters on its second request: a crawler walking the whole archive, or links carrying
 * one-off query strings, would otherwise push the pages readers return to out of the cache.
 */
export class PageCache {
  private readonly space: PageCacheSpace;
  private readonly prefix: string;
  private clearListener: (hottest: CachedPage[]) => void = () => {};

  /** `space` is shared with the other journals' caches, or, given as limits, this cache's own. */
  constructor(
    private readonly clock: WriteClock,
    space: PageCacheSpace | Partial<PageCacheLimits> = {},
  ) {
    this.space = space instanceof PageCacheSpace ? space : new PageCacheSpace(space);
    this.prefix = this.space.newPrefix();
    clock.onChange(() => this.clear());
  }

  /** Hears the stored pages, most read first, each time a write empties the cache. */
  onClear(listener: (hottest: CachedPage[]) => void): void {
    this.clearListener = listener;
  }

  /** Whether a page just rendered for `key` should be stored: true from its second request on. */
  admits(key: string): boolean {
    const { seenOnce, limits } = this.space;
    const at = this.prefix + key;
    if (seenOnce.delete(at)) return true;
    if (seenOnce.size >= limits.maxSeenOnce) seenOnce.clear();
    seenOnce.add(at);
    return false;
  }

  /** How many pages this cache holds. */
  get size(): number {
    return this.own().length;
  }

  /** The version to hand back to set() once the page is rendered: a page rendered before a write is never stored after it. */
  version(): number {
    return this.clock.version();
  }

  get(key: string): CachedPage | undefined {
    const { entries } = this.space;
    const at = this.prefix + key;
    const entry = entries.get(at);
    if (!entry) return undefined;
    entry.hits += 1;
    // A stamp, not a move to the map's end: deleting and re-adding a long-lived map's key makes V8 rebuild its
    // table in the old generation, garbage that only a full collection frees (docs/performance-log.md).
    entry.lastUsed = this.space.use();
    return entry;
  }

  /** Stores a page rendered when the cache had `version`, and returns the stored page. A failed page is not stored: the fault may pass. */
  set(key: string, page: CachedPage, version: number): CachedPage {
    const { space } = this;
    if (version !== this.clock.version() || page.status >= 500 || page.body.length > space.limits.maxBytes) return page;
    const at = this.prefix + key;
    const previous = space.entries.get(at);
    if (previous) this.remove(at, previous);
    const entry: Entry = { ...page, owner: this, encoded: {}, compressing: new Map(), hits: 0, lastUsed: space.use() };
    space.entries.set(at, entry);
    space.bytes += page.body.length;
    this.evict();
    return entry;
  }

  /**
   * The body of the page stored under key, compressed closely with the encoding, made once per entry; null
   * while it is being made in the background, or when the page is not the one stored (the caller compresses
   * fast for its one answer).
   */
  encoded(key: string, page: CachedPage, encoding: Encoding): Buffer | null {
    const entry = this.stored(key, page);
    if (!entry) return null;
    const body = entry.encoded[encoding];
    if (body) return body;
    // Compression of bytes in memory fails only without memory; the page goes on being compressed fast.
    this.compress(key, entry, encoding).catch(() => {});
    return null;
  }

  /** The same bytes, waited for rather than made fast meanwhile; null when the page is not the one stored. */
  encodedWhenDone(key: string, page: CachedPage, encoding: Encoding): Promise<Buffer> | null {
    const entry = this.stored(key, page);
    if (!entry) return null;
    const body = entry.encoded[encoding];
    return body ? Promise.resolve(body) : this.compress(key, entry, encoding);
  }

  /** The entry stored under key, if it is `page`. */
  private stored(key: string, page: CachedPage): Entry | undefined {
    const entry = this.space.entries.get(this.prefix + key);
    return entry === page ? entry : undefined;
  }

  /** The entry's body compressed closely in Node's thread pool, once per encoding, and kept while the entry is. */
  private compress(key: string, entry: Entry, encoding: Encoding): Promise<Buffer> {
    const underWay = entry.compressing.get(encoding);
    if (underWay) return underWay;
    const made = compressForStorage[encoding](entry.body)
      .then((body) => {
        // A write or eviction in the meantime has dropped the page: its bytes are no longer kept.
        if (this.stored(key, entry)) {
          entry.encoded[encoding] = body;
          this.space.bytes += body.length;
          this.evict();
        }
        return body;
      })
      .finally(() => entry.compressing.delete(encoding));
    entry.compressing.set(encoding, made);
    return made;
  }

  /** This cache's entries, with their keys in the space. */
  private own(): [string, Entry][] {
    return [...this.space.entries].filter(([, entry]) => entry.owner === this);
  }

  /** Empties this cache; the other journals' pages stay. */
  private clear(): void {
    const own = this.own();
    for (const [at, entry] of own) this.remove(at, entry);
    this.clearListener(own.map(([, entry]) => entry).sort((a, b) => b.hits - a.hits));
  }

  private remove(at: string, entry: Entry): void {
    const { space } = this;
    space.entries.delete(at);
    const encoded = Object.values(entry.encoded).reduce((sum, body) => sum + body.length, 0);
    space.bytes -= entry.body.length + encoded;
  }

  /** Drops the least recently used pages of the whole space until it is within its limits. */
  private evict(): void {
    const { entries, limits } = this.space;
    while (entries.size > limits.maxEntries || this.space.bytes > limits.maxBytes) {
      const oldest = leastRecentlyUsed(entries);
      if (!oldest) return;
      this.remove(...oldest);
    }
  }
}

/** The entry with the oldest stamp: a scan of at most maxEntries, made only when a page is stored. */
function leastRecentlyUsed(entries: Map<string, Entry>): [string, Entry] | undefined {
  let oldest: [string, Entry] | undefined;
  for (const item of entries) if (!oldest || item[1].lastUsed < oldest[1].lastUsed) oldest = item;
  return oldest;
}
