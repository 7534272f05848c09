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
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Encodings being compressed in the background. */
  compressing: Set<Encoding>;
  hits: number;
}

export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
  /** How many addresses requested once are remembered while they wait for a second request. */
  maxSeenOnce: number;
}

const DEFAULT_LIMITS: PageCacheLimits = { maxEntries: 1000, maxBytes: 24 * 1024 * 1024, maxSeenOnce: 20_000 };

/**
 * Rendered public pages keyed by URL (docs/quality-bars.md), least recently used first out, bounded in
 * entries and bytes. Every change of public data (the write clock) empties it: pages show settings, issues,
 * articles and editors together, so no narrower rule is safe. Just before it is emptied, `onClear` hears which
 * pages were read most, so that they can be made again at once (page-warmer.ts).
 *
 * A page enters on its second request: a crawler walking the whole archive, or links carrying
 * one-off query strings, would otherwise push the pages readers return to out of the cache.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly seenOnce = new Set<string>();
  private bytes = 0;
  private readonly limits: PageCacheLimits;
  private clearListener: (hottest: CachedPage[]) => void = () => {};

  constructor(
    private readonly clock: WriteClock,
    limits: Partial<PageCacheLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    clock.onChange(() => this.clear());
  }

  /** Hears the stored pages, most read first, each time a write empties the cache. */
  onClear(listener: (hottest: CachedPage[]) => void): void {
    this.clearListener = listener;
  }

  /** Whether a page just rendered for `key` should be stored: true from its second request on. */
  admits(key: string): boolean {
    if (this.seenOnce.delete(key)) return true;
    if (this.seenOnce.size >= this.limits.maxSeenOnce) this.seenOnce.clear();
    this.seenOnce.add(key);
    return false;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The version to hand back to set() once the page is rendered: a page rendered before a write is never stored after it. */
  version(): number {
    return this.clock.version();
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.hits += 1;
    // Re-inserting moves the entry to the recent end of the map's order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Stores a page rendered when the cache had `version`, and returns the stored page. A failed page is not stored: the fault may pass. */
  set(key: string, page: CachedPage, version: number): CachedPage {
    if (version !== this.clock.version() || page.status >= 500 || page.body.length > this.limits.maxBytes) return page;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const entry: Entry = { ...page, encoded: {}, compressing: new Set(), hits: 0 };
    this.entries.set(key, entry);
    this.bytes += page.body.length;
    this.evict();
    return entry;
  }

  /**
   * The body of the page stored under key, compressed closely with the encoding, made once per entry; null
   * while it is being made in the background, or when the page is not the one stored (the caller compresses
   * fast for its one answer).
   */
  encoded(key: string, page: CachedPage, encoding: Encoding): Buffer | null {
    const entry = this.entries.get(key);
    if (entry !== page) return null;
    const body = entry.encoded[encoding];
    if (body) return body;
    if (!entry.compressing.has(encoding)) this.compress(key, entry, encoding);
    return null;
  }

  private compress(key: string, entry: Entry, encoding: Encoding): void {
    entry.compressing.add(encoding);
    compressForStorage[encoding](entry.body).then(
      (body) => {
        entry.compressing.delete(encoding);
        // A write or eviction in the meantime has dropped the page: its bytes are no longer wanted.
        if (this.entries.get(key) !== entry) return;
        entry.encoded[encoding] = body;
        this.bytes += body.length;
        this.evict();
      },
      // Compression of bytes in memory fails only without memory; the page goes on being compressed fast.
      () => {},
    );
  }

  private clear(): void {
    const hottest = [...this.entries.values()].sort((a, b) => b.hits - a.hits);
    this.entries.clear();
    this.bytes = 0;
    this.clearListener(hottest);
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    const encoded = Object.values(entry.encoded).reduce((sum, body) => sum + body.length, 0);
    this.bytes -= entry.body.length + encoded;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) return;
      this.remove(key, entry);
    }
  }
}
