import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, TEST_ACTOR, type TestApp } from '../test/test-app.js';

let t: TestApp;
/** Close compression runs in Node's thread pool: on a busy machine it takes more than vi.waitFor's default second. */
const WAIT = { timeout: 15_000 };

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...headers } });
const renameSite = async (name: string) =>
  t.journal.services.settings.update({ ...(await t.journal.services.settings.get()), websitename: name }, TEST_ACTOR);

const PAGES = ['/', '/board'];
const DOCUMENTS = ['/sitemap.xml', '/feed.xml'];
const PUBLIC_ANSWERS = [...PAGES, ...DOCUMENTS];

describe('HTTP caching of public answers', () => {
  it.each(PUBLIC_ANSWERS)('%s carries a strong ETag, Last-Modified and the public Cache-Control', async (url) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.etag).toMatch(/^"[^"]+"$/);
    expect(new Date(String(answer.headers['last-modified'])).getTime()).toBeLessThanOrEqual(Date.now());
    expect(answer.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
  });

  it.each(PAGES)('%s answers 304 to a current If-None-Match, whether the copy was made once or kept', async (url) => {
    const first = await get(url);
    // From its second request a copy is kept, compressed closely in the background.
    const kept = await vi.waitFor(async () => {
      const answer = await get(url);
      expect(answer.headers.etag).not.toMatch(/\.once"$/);
      return answer;
    }, WAIT);
    expect(first.headers.etag).toMatch(/\.once"$/);
    for (const copy of [first, kept]) {
      const again = await get(url, { 'if-none-match': String(copy.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(copy.headers.etag);
      expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    }
  });

  it.each(DOCUMENTS)('%s is kept from its first answer, which carries the kept bytes and tag', async (url) => {
    await renameSite(`Documents ${url}`);
    const first = await get(url);
    const second = await get(url);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.etag).not.toMatch(/\.once"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await get(url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
  });

  it('gives each content coding its own tag', async () => {
    const brotli = await get('/board');
    const gzip = await get('/board', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).not.toBe(brotli.headers.etag);
    expect(
      (await get('/board', { 'accept-encoding': 'gzip', 'if-none-match': String(brotli.headers.etag) })).statusCode,
    ).toBe(200);
  });

  it('answers 304 to If-Modified-Since at or after the last change, and 200 before it', async () => {
    const { headers } = await get('/');
    const lastModified = String(headers['last-modified']);
    expect((await get('/', { 'if-modified-since': lastModified })).statusCode).toBe(304);
    const before = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await get('/', { 'if-modified-since': before })).statusCode).toBe(200);
    // If-None-Match decides when both are sent.
    expect((await get('/', { 'if-modified-since': lastModified, 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('gives a new tag after a write of public data, so an old copy is answered whole', async () => {
    const before = await get('/');
    await renameSite('Renamed For Caching');
    const after = await get('/', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.length).toBeGreaterThan(0);
  });

  it('keeps the tags through a sign-in, failed or not', async () => {
    const before = await get('/board');
    await t.authHeader();
    await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'admin', password: 'wrong-password' },
    });
    expect((await get('/board', { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(304);
  });

  it('gives OAI-PMH harvests by GET a weak tag (each answer has its own responseDate), and none to POST', async () => {
    const url = '/oai?verb=Identify';
    const answer = await get(url);
    expect(answer.headers.etag).toMatch(/^W\/"[^"]+"$/);
    expect(answer.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect((await get(url, { 'if-none-match': String(answer.headers.etag) })).statusCode).toBe(304);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/oai',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'verb=Identify',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers.etag).toBeUndefined();
  });

  it('keeps caching headers off answers that are not a page as it is: the admin area and the work-log', async () => {
    for (const url of ['/admin', '/webdata']) {
      const answer = await get(url);
      expect(answer.headers.etag, url).toBeUndefined();
      expect(String(answer.headers['cache-control'] ?? ''), url).not.toContain('public');
    }
    // A public page's redirect and a page that is not there are kept as long as a page (the one follows the data, the
    // other replaces a cache's copy); neither has a validator.
    const redirect = await get('/archives');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(redirect.headers.etag).toBeUndefined();
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(missing.headers.etag).toBeUndefined();
    const admin = await t.app.inject({ method: 'GET', url: '/api/users', headers: await t.authHeader() });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['cache-control']).toBe('no-store');
    expect(admin.headers.etag).toBeUndefined();
  });
});

describe('PUBLIC_MAX_AGE', () => {
  it('sets the freshness, and 0 makes every use of a copy ask first', async () => {
    const zero = await createTestApp({ env: { PUBLIC_MAX_AGE: '0' } });
    try {
      const answer = await zero.app.inject({ method: 'GET', url: '/' });
      expect(answer.headers['cache-control']).toBe('public, no-cache');
      expect(answer.headers.etag).toBeDefined();
    } finally {
      await zero.close();
    }
    expect(loadConfig({ PUBLIC_MAX_AGE: '600' }).PUBLIC_MAX_AGE).toBe(600);
    expect(() => loadConfig({ PUBLIC_MAX_AGE: 'soon' })).toThrow('PUBLIC_MAX_AGE');
    expect(() => loadConfig({ PUBLIC_MAX_AGE: '-1' })).toThrow('PUBLIC_MAX_AGE');
  });
});
