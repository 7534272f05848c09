import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { WriteClock } from '../cache/write-clock.js';
import { PageCache, PageCacheSpace } from './page-cache.js';

/** Close compression runs in Node's thread pool: on a busy machine it takes more than vi.waitFor's default second. */
const WAIT = { timeout: 15_000 };
const html = (text: string) => ({ status: 200, body: Buffer.from(text) });

describe('PageCache', () => {
  it('returns what was stored under the same key', () => {
    const cache = new PageCache(new WriteClock());
    cache.set('http://a/x', html('x'), cache.version());
    expect(cache.get('http://a/x')?.body.toString()).toBe('x');
    expect(cache.get('http://a/y')).toBeUndefined();
  });

  it('drops the least recently used entry beyond the entry bound', () => {
    const cache = new PageCache(new WriteClock(), { maxEntries: 2, maxBytes: 1000 });
    cache.set('a', html('a'), 0);
    cache.set('b', html('b'), 0);
    cache.get('a');
    cache.set('c', html('c'), 0);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('stays within the byte bound and refuses a page larger than all of it', () => {
    const cache = new PageCache(new WriteClock(), { maxEntries: 100, maxBytes: 10 });
    cache.set('a', html('aaaaaa'), 0);
    cache.set('b', html('bbbbbb'), 0);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.set('big', html('x'.repeat(11)), 0);
    expect(cache.get('big')).toBeUndefined();
  });

  it('forgets everything when the write clock moves on, and refuses a page rendered before it', () => {
    const clock = new WriteClock();
    const cache = new PageCache(clock);
    cache.set('a', html('a'), cache.version());
    const before = cache.version();
    clock.changedElsewhere();
    expect(cache.size).toBe(0);
    cache.set('b', html('stale'), before);
    expect(cache.get('b')).toBeUndefined();
  });

  it('admits a page from its second request on, remembering a bounded number of first requests', () => {
    const cache = new PageCache(new WriteClock(), { maxSeenOnce: 2 });
    expect(cache.admits('a')).toBe(false);
    expect(cache.admits('a')).toBe(true);
    expect(cache.admits('a')).toBe(false);
    expect(cache.admits('b')).toBe(false);
    // The memory is full, so it starts again: 'a' and 'b' are forgotten.
    expect(cache.admits('c')).toBe(false);
    expect(cache.admits('a')).toBe(false);
    expect(cache.admits('c')).toBe(true);
  });

  it('hands back the stored page as bytes, and a page rendered before a write unstored', () => {
    const clock = new WriteClock();
    const cache = new PageCache(clock);
    const stale = cache.version();
    clock.publicDataChanged();
    expect(cache.set('a', html('old'), stale).body).toEqual(Buffer.from('old'));
    expect(cache.get('a')).toBeUndefined();
  });

  it('compresses a body once in the background and keeps the result', async () => {
    const cache = new PageCache(new WriteClock());
    cache.set('a', html('hello '.repeat(500)), 0);
    const page = cache.get('a')!;
    expect(cache.encoded('a', page, 'gzip')).toBeNull();
    const gzip = await vi.waitFor(() => cache.encoded('a', page, 'gzip') ?? expect.fail('still compressing'), WAIT);
    expect(zlib.gunzipSync(gzip).toString()).toBe('hello '.repeat(500));
    expect(cache.encoded('a', page, 'gzip')).toBe(gzip);
    cache.encoded('a', page, 'br');
    const br = await vi.waitFor(() => cache.encoded('a', page, 'br') ?? expect.fail('still compressing'), WAIT);
    expect(zlib.brotliDecompressSync(br).toString()).toBe('hello '.repeat(500));
  });

  it('hands a waiting caller the same compression the background keeps', async () => {
    const cache = new PageCache(new WriteClock());
    const page = cache.set('a', html('wait '.repeat(500)), 0);
    expect(cache.encoded('a', page, 'gzip')).toBeNull();
    const gzip = await cache.encodedWhenDone('a', page, 'gzip');
    expect(zlib.gunzipSync(gzip!).toString()).toBe('wait '.repeat(500));
    expect(cache.encoded('a', page, 'gzip')).toBe(gzip);
    expect(await cache.encodedWhenDone('a', page, 'gzip')).toBe(gzip);
    expect(cache.encodedWhenDone('a', html('not stored'), 'gzip')).toBeNull();
  });

  it('drops a compression that ends after a write emptied the cache', async () => {
    const clock = new WriteClock();
    const cache = new PageCache(clock);
    const page = cache.set('a', html('before '.repeat(500)), 0);
    expect(cache.encoded('a', page, 'br')).toBeNull();
    clock.publicDataChanged();
    const after = cache.set('a', html('after '.repeat(500)), clock.version());
    cache.encoded('a', after, 'br');
    const br = await vi.waitFor(() => cache.encoded('a', after, 'br') ?? expect.fail('still compressing'), WAIT);
    expect(zlib.brotliDecompressSync(br).toString()).toBe('after '.repeat(500));
  });
});

describe('PageCache.onClear', () => {
  it('hears the stored pages, most read first, when a write empties the cache', () => {
    const clock = new WriteClock();
    const cache = new PageCache(clock);
    for (const key of ['a', 'b', 'c']) cache.set(key, html(key), cache.version());
    cache.get('b');
    cache.get('b');
    cache.get('c');
    const heard: string[][] = [];
    cache.onClear((hottest) => heard.push(hottest.map((page) => page.body.toString())));
    clock.publicDataChanged();
    expect(heard).toEqual([['b', 'c', 'a']]);
    expect(cache.size).toBe(0);
  });
});

describe('PageCache.encoded for a page it does not hold', () => {
  it('leaves the compression to the caller and stores nothing', () => {
    const cache = new PageCache(new WriteClock());
    expect(cache.encoded('a', html('once '.repeat(500)), 'br')).toBeNull();
    expect(cache.size).toBe(0);
  });
});

describe('PageCache in a space shared by journals', () => {
  const journals = (limits: ConstructorParameters<typeof PageCacheSpace>[0]) => {
    const space = new PageCacheSpace(limits);
    const clocks = [new WriteClock(), new WriteClock()] as const;
    return { space, clocks, caches: clocks.map((clock) => new PageCache(clock, space)) as [PageCache, PageCache] };
  };

  it("keeps each journal's page under the same key apart", () => {
    const { caches } = journals({});
    const [a, b] = caches;
    a.set('/', html('journal A'), a.version());
    expect(b.get('/')).toBeUndefined();
    b.set('/', html('journal B'), b.version());
    expect(a.get('/')?.body.toString()).toBe('journal A');
    expect(b.get('/')?.body.toString()).toBe('journal B');
    expect(b.admits('/x')).toBe(false);
    expect(a.admits('/x')).toBe(false); // another journal's first request of the same address
    expect(a.admits('/x')).toBe(true);
  });

  it('bounds the pages of all journals together, dropping the least recently used of any', () => {
    const { space, caches } = journals({ maxEntries: 2, maxBytes: 1000 });
    const [a, b] = caches;
    a.set('/1', html('a1'), 0);
    b.set('/1', html('b1'), 0);
    a.get('/1');
    b.set('/2', html('b2'), 0);
    expect(space.entries.size).toBe(2);
    expect(b.get('/1')).toBeUndefined();
    expect(a.get('/1')).toBeDefined();
    expect(b.get('/2')).toBeDefined();
  });

  it('empties only the journal whose clock moved on, and hears only its pages', () => {
    const { space, clocks, caches } = journals({});
    const [a, b] = caches;
    a.set('/', html('a'), a.version());
    b.set('/', html('b'), b.version());
    const heard: string[] = [];
    a.onClear((hottest) => heard.push(...hottest.map((page) => page.body.toString())));
    clocks[0].publicDataChanged();
    expect(heard).toEqual(['a']);
    expect([a.size, b.size]).toEqual([0, 1]);
    expect(space.bytes).toBe(1);
  });
});
