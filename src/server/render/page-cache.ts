import zlib from 'node:zlib';

/** A rendered public page: an HTML body, or a redirect. */
export interface CachedPage {
  status: number;
  body: Buffer;
  location?: string;
}

/** A page as rendered: the body is stored as a Buffer only when the page enters the cache. */
export interface RenderedPage extends Omit<CachedPage, 'body'> {
  body: string | Buffer;
}

interface Entry extends CachedPage {
  storedAt: number;
  encoded: Partial<Record<Encoding, Buffer>>;
}

export type Encoding = 'br' | 'gzip';

export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
  /** Bounds staleness when several instances share one database and only one of them saw the write. */
  ttlMs: number;
  /** How many addresses requested once are remembered while they wait for a second request. */
  maxSeenOnce: number;
}

const DEFAULT_LIMITS: PageCacheLimits = { maxEntries: 1000, maxBytes: 24 * 1024 * 1024, ttlMs: 60_000, maxSeenOnce: 20_000 };

type Compressor = (body: string | Buffer) => Buffer;
/**
 * Brotli's window is fitted to the page's length (64 KB up to its 4 MB default): a window as large as the
 * page compresses it as closely (an issue page came out the same size), and with the 4 MB default an
 * issue page took a third longer to compress.
 */
const brotliWindowBits = (bytes: number) => Math.min(zlib.constants.BROTLI_DEFAULT_WINDOW, Math.max(16, Math.ceil(Math.log2(bytes))));
const brotli = (quality: number): Compressor => (body) =>
  zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length) },
  });
const gzip = (level: number): Compressor => (body) => zlib.gzipSync(body, { level });

/** A stored page is compressed once and sent many times, so it is worth a closer compression. */
const forStoredPages: Record<Encoding, Compressor> = { br: brotli(5), gzip: gzip(6) };
/** A page sent once (not yet admitted) is compressed fast: a third of the time for a slightly larger answer. */
const forSingleUse: Record<Encoding, Compressor> = { br: brotli(1), gzip: gzip(1) };

/**
 * Rendered public pages keyed by URL (DESIGN.md §7), least recently used first out, bounded in
 * entries and bytes. Any successful write invalidates all of it: pages show settings, issues,
 * articles and editors together, so no narrower rule is safe.
 *
 * A page enters on its second request: a crawler walking the whole archive, or links carrying
 * one-off query strings, would otherwise push the pages readers return to out of the cache.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly seenOnce = new Set<string>();
  private bytes = 0;
  /** Bumped by every invalidation, so a render that started before a write is never stored after it. */
  private generation = 0;

  private readonly limits: PageCacheLimits;

  constructor(limits: Partial<PageCacheLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
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

  /** The version to hand back to set() once the page is rendered. */
  version(): number {
    return this.generation;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.limits.ttlMs) {
      this.remove(key, entry);
      return undefined;
    }
    // Re-inserting moves the entry to the recent end of the map's order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Stores a page rendered when the cache had `version`, and returns the stored page. */
  set(key: string, rendered: RenderedPage, version: number): CachedPage {
    const page = { ...rendered, body: Buffer.from(rendered.body) };
    if (version !== this.generation || page.body.length > this.limits.maxBytes) return page;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const entry: Entry = { ...page, storedAt: Date.now(), encoded: {} };
    this.entries.set(key, entry);
    this.bytes += page.body.length;
    this.evict();
    return entry;
  }

  /** The body of a page, compressed with the encoding; made once per entry when the page is the one stored under key. */
  encoded(key: string, page: RenderedPage, encoding: Encoding): Buffer {
    const entry = this.entries.get(key);
    if (entry !== page) return forSingleUse[encoding](page.body);
    let body = entry.encoded[encoding];
    if (!body) {
      body = forStoredPages[encoding](entry.body);
      entry.encoded[encoding] = body;
      this.bytes += body.length;
      this.evict();
    }
    return body;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) return;
      this.remove(key, entry);
    }
  }
}

/** The best encoding the client accepts among those the cache keeps, or null for the plain body. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const quality = params.find((param) => param.startsWith('q='));
    if (!quality || Number(quality.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
