import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const home = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/', headers });
/** A write straight to the table, as another program would make it: nothing tells the write clock. */
const renameSite = (name: string) => t.ctx.db.updateTable('settings').set({ websitename: name }).execute();

describe('rendered-page cache', () => {
  it('serves repeat views from the cache, keyed by URL, storing a page on its second request', async () => {
    const first = await home();
    expect(first.body).toContain('<title>Journal</title>');
    expect(t.ctx.services.pages.size).toBe(0);
    expect((await home()).body).toBe(first.body);
    expect(t.ctx.services.pages.size).toBe(1);
    await renameSite('Renamed Quietly');
    expect((await home()).body).toBe(first.body);
    await t.app.inject({ method: 'GET', url: '/about' });
    await t.app.inject({ method: 'GET', url: '/about' });
    expect(t.ctx.services.pages.size).toBe(2);
  });

  it('is emptied when the write clock moves on', async () => {
    t.ctx.clock.publicDataChanged();
    expect((await home()).body).toContain('<title>Renamed Quietly</title>');
  });

  it('is emptied by a successful write of public data, and not by a refused one', async () => {
    await home();
    await home();
    const refused = await t.app.inject({ method: 'POST', url: '/api/settings', payload: {} });
    expect(refused.statusCode).toBe(401);
    expect(t.ctx.services.pages.size).toBeGreaterThan(0);
    const headers = await t.authHeader();
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings/', headers })).json();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers,
      payload: { ...settings, websitename: 'Saved Name' },
    });
    expect(saved.statusCode).toBe(200);
    expect(t.ctx.services.pages.size).toBe(0);
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

  it('caches redirects and not-found pages with their status', async () => {
    t.ctx.clock.publicDataChanged();
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/no-such-page' })).statusCode).toBe(404);
    }
    expect(t.ctx.services.pages.size).toBe(1);
  });
});
