import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const home = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/', headers });
/** The cache's key of a page asked by inject (whose Host is localhost:80). */
const key = (url: string) => `http://localhost:80${url}`;
/** A write straight to the table, as another program would make it: nothing tells the write clock. */
const renameSite = (name: string) => t.journal.db.updateTable('settings').set({ websitename: name }).execute();

describe('rendered-page cache', () => {
  it('serves repeat views from the cache, keyed by URL, storing a page on its second request', async () => {
    const first = await home();
    expect(first.body).toContain('<title>Journal</title>');
    expect(t.journal.services.pages.size).toBe(0);
    expect((await home()).body).toBe(first.body);
    expect(t.journal.services.pages.size).toBe(1);
    await renameSite('Renamed Quietly');
    expect((await home()).body).toBe(first.body);
    await t.app.inject({ method: 'GET', url: '/about' });
    await t.app.inject({ method: 'GET', url: '/about' });
    expect(t.journal.services.pages.size).toBe(2);
  });

  it('is emptied when the write clock moves on', async () => {
    t.journal.clock.publicDataChanged();
    expect((await home()).body).toContain('<title>Renamed Quietly</title>');
  });

  it('is emptied by a successful write of public data, and not by a refused one', async () => {
    await home();
    await home();
    const refused = await t.app.inject({ method: 'POST', url: '/api/settings', payload: {} });
    expect(refused.statusCode).toBe(401);
    expect(t.journal.services.pages.size).toBeGreaterThan(0);
    const headers = await t.authHeader();
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings/', headers })).json();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers,
      payload: { ...settings, websitename: 'Saved Name' },
    });
    expect(saved.statusCode).toBe(200);
    // Emptied: the home page is at most made again from the new settings (page-warmer.ts).
    expect(t.journal.services.pages.get(key('/'))?.body.toString() ?? 'Saved Name').toContain('Saved Name');
    expect((await home()).body).toContain('<title>Saved Name</title>');
  });

  it('answers with a compressed copy when the client accepts one', async () => {
    const plain = await home();
    const gzip = await home({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const br = await home({ 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('gives each encoding its own ETag, and answers 304 only to the tag of the same encoding', async () => {
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync };
    const plain = await home({ 'accept-encoding': 'identity' });
    const tags = new Set([plain.headers.etag]);
    for (const encoding of ['br', 'gzip', 'deflate'] as const) {
      const answer = await home({ 'accept-encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(decode[encoding](answer.rawPayload).toString()).toBe(plain.body);
      tags.add(answer.headers.etag);
      const tag = String(answer.headers.etag);
      expect((await home({ 'accept-encoding': encoding, 'if-none-match': tag })).statusCode).toBe(304);
      expect((await home({ 'accept-encoding': 'identity', 'if-none-match': tag })).statusCode).toBe(200);
    }
    expect(tags.size).toBe(4);
  });

  it('makes the most read pages again right after a write, so the next reader gets the new page from the cache', async () => {
    await home();
    await home();
    await home();
    await t.app.inject({ method: 'GET', url: '/about' });
    await t.app.inject({ method: 'GET', url: '/about' });
    await renameSite('Warmed Again');
    t.journal.clock.publicDataChanged();
    await vi.waitFor(() => expect(t.journal.services.pages.get(key('/'))?.body.toString()).toContain('Warmed Again'), {
      timeout: 10_000,
    });
    await vi.waitFor(() => expect(t.journal.services.pages.get(key('/about'))).toBeDefined(), { timeout: 10_000 });
    expect((await home()).body).toBe(t.journal.services.pages.get(key('/'))?.body.toString());
  });

  it('caches redirects and not-found pages with their status', async () => {
    t.journal.clock.publicDataChanged();
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/no-such-page' })).statusCode).toBe(404);
    }
    expect(t.journal.services.pages.get(key('/no-such-page'))?.status).toBe(404);
  });
});
