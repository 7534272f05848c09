import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The only calls a visitor may make without a token (spec §6, §7): public reads, the author's
 * download buttons and the sign-in itself. Every other route must answer 401.
 */
const PUBLIC_ROUTES = [
  'POST /auth/login/',
  'GET /api/settings/',
  'GET /api/indexing/',
  'GET /api/editors/',
  'GET /api/archives/',
  'GET /api/archives/{year}/{vol}/{issue}',
  'GET /api/archives/ref/{ref}',
  'GET /api/archives/{id}',
  'GET /api/search',
  'GET /api/pdf/certificate/{refno}/{authorname}',
  'GET /api/pdf/coverpage/{refno}',
  'GET /api/pdf/editorialboard',
  'GET /healthz',
];

let t: TestApp;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  t = await createTestApp();
  // Every API route is described in OpenAPI (DESIGN.md §3), so the document is the route table.
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(spec.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => method !== 'head')
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');

describe('route protection', () => {
  it('walks a route table that holds the admin and write calls', () => {
    const keys = routes.map(key);
    for (const expected of ['GET /api/admin/', 'POST /api/admin/create-issue', 'POST /api/archives/{id}', 'POST /api/editors/pin', 'POST /api/settings']) {
      expect(keys).toContain(expected);
    }
    for (const exception of PUBLIC_ROUTES) expect(keys, `${exception} is listed as public but does not exist`).toContain(exception);
  });

  it('answers 401 {error: unauthorized} on every admin and write route without a token, and with a forged one', async () => {
    const protectedRoutes = routes.filter((route) => !PUBLIC_ROUTES.includes(key(route)));
    expect(protectedRoutes.length).toBeGreaterThan(20);
    const refusals: string[] = [];
    for (const route of protectedRoutes) {
      for (const headers of [{}, { authorization: 'Bearer forged.token.value' }]) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.path),
          headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        if (response.statusCode !== 401 || response.json().error !== 'unauthorized') refusals.push(`${key(route)} -> ${response.statusCode}`);
      }
    }
    expect(refusals).toEqual([]);
  });

  it('changes nothing when a write is refused', async () => {
    await t.app.inject({ method: 'POST', url: '/api/admin/create-issue', payload: { year: 2026, volume: 1, issue: 1, frequency: 'jan' } });
    await t.app.inject({ method: 'POST', url: '/api/users', payload: { username: 'intruder', name: 'I', password: 'long-enough-1' } });
    expect(await t.ctx.db.selectFrom('issues').selectAll().execute()).toEqual([]);
    expect((await t.ctx.db.selectFrom('users').select('username').execute()).map((u) => u.username)).toEqual(['admin']);
  });
});
