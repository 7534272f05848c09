import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app.js';
import { routeKey, routeTable } from '../test/route-table.js';

let t: TestApp;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  t = await createTestApp();
  routes = routeTable(t.app);
});
afterAll(() => t.close());

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');
const call = (route: { method: string; path: string }, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: route.method as 'GET',
    url: concrete(route.path),
    headers,
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });

describe('caching of private answers', () => {
  it('answers every route that needs a token with no-store, errors included, with and without the token', async () => {
    const auth = await t.authHeader();
    const needToken: string[] = [];
    const cacheable: string[] = [];
    for (const route of routes) {
      const anonymous = await call(route);
      if (anonymous.statusCode !== 401) continue;
      needToken.push(routeKey(route));
      const signedIn = await call(route, auth);
      for (const [who, response] of [
        ['without token', anonymous],
        ['with token', signedIn],
      ] as const) {
        if (response.headers['cache-control'] !== 'no-store')
          cacheable.push(
            `${routeKey(route)} ${who} -> ${response.statusCode} ${response.headers['cache-control'] ?? '(none)'}`,
          );
      }
    }
    for (const expected of [
      'GET /api/users',
      'GET /api/webdata',
      'GET /api/admin/',
      'GET /auth/verify-token/',
      'POST /api/settings',
    ]) {
      expect(needToken).toContain(expected);
    }
    expect(cacheable).toEqual([]);
  });

  it('answers every sign-in with no-store, whether it hands out a token or not', async () => {
    for (const password of [TEST_ADMIN.password, 'wrong-password']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { username: TEST_ADMIN.username, password },
      });
      expect(response.headers['cache-control'], `${response.statusCode}`).toBe('no-store');
    }
  });

  it('keys /api/settings by the token, keeps the signed-in answer private and lets caches keep public reads', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/settings' });
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/settings', headers: await t.authHeader() });
    for (const response of [anonymous, signedIn]) expect(response.headers.vary).toMatch(/\bauthorization\b/i);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(anonymous.headers['cache-control']).toBeUndefined();

    for (const url of ['/api/archives/', '/api/indexing/', '/api/editors/', '/api/search?keyword=rice', '/healthz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBeUndefined();
      expect(response.headers.vary ?? '', url).not.toMatch(/authorization/i);
    }
  });

  it('lets a cache in front replace a public address that has nothing any more: its 404 is kept as a page is', async () => {
    for (const url of [
      '/archives/2099/vol1/issue1',
      '/pdf?refno=99999',
      '/cite/99999.bib',
      '/api/archives/ref/99999',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).toBe('public, max-age=60, stale-while-revalidate=300');
    }
  });
});
