import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/passwords.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { routeKey, routeTable } from '../../test/route-table.js';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';
import { addEditor } from '../../test/editor-fixtures.js';
import { insertUser } from '../users/users.repository.js';

/**
 * The only calls a visitor may make without a token (specification: Roles and permissions, Calls made): public reads,
 * the author's download buttons and the sign-in itself. Every other route must answer 401.
 */
const PUBLIC_ROUTES = [
  'POST /auth/login/',
  'GET /auth/features',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
  'GET /api/settings/',
  'GET /api/indexing/',
  'GET /api/editors/',
  'GET /api/archives/',
  'GET /api/archives/{year}/{vol}/{issue}',
  'GET /api/archives/moved/{year}/{vol}/{issue}',
  'GET /api/archives/ref/{ref}',
  'GET /api/archives/ref/{ref}/references',
  'GET /api/archives/removed/{ref}',
  'GET /api/archives/{id}',
  'GET /api/search',
  'GET /api/pdf/certificate/{refno}/{authorname}',
  'GET /api/pdf/coverpage/{refno}',
  'GET /api/pdf/editorialboard',
  'GET /api/pages/{slug}',
  'GET /api/site-pictures',
  'POST /api/usage/view',
  'POST /api/usage/search',
  'GET /api/usage/figures',
  'GET /healthz',
];

/**
 * What a staff user may call besides the public routes: the work-log and the token check (docs/security.md, Who may
 * do what).
 */
const staffRoute = (route: { path: string }) =>
  route.path.startsWith('/api/webdata') || route.path.startsWith('/auth/');

let t: TestApp;
let routes: { method: string; path: string }[];
let staff: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  routes = routeTable(t.app);
  const staffId = await insertUser(t.journal.db, {
    username: 'clerk',
    name: 'Clerk',
    password_hash: await hashPassword('clerk-password'),
    role: 'staff',
  });
  staff = { authorization: `Bearer ${await t.ctx.tokens.sign({ userId: staffId, username: 'clerk', name: 'Clerk' })}` };
});
afterAll(() => t.close());

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');

describe('route protection', () => {
  it('walks a route table that holds the admin and write calls', () => {
    const keys = routes.map(routeKey);
    for (const expected of [
      'GET /api/admin/',
      'POST /api/admin/create-issue',
      'POST /api/archives/{id}',
      'POST /api/editors/pin',
      'POST /api/settings',
    ]) {
      expect(keys).toContain(expected);
    }
    for (const exception of PUBLIC_ROUTES)
      expect(keys, `${exception} is listed as public but does not exist`).toContain(exception);
  });

  it('answers 401 {error: unauthorized} on every admin and write route without a token, and with a forged one', async () => {
    const protectedRoutes = routes.filter((route) => !PUBLIC_ROUTES.includes(routeKey(route)));
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
        if (response.statusCode !== 401 || response.json().error !== 'unauthorized')
          refusals.push(`${routeKey(route)} -> ${response.statusCode}`);
      }
    }
    expect(refusals).toEqual([]);
  });

  it('answers 403 {error: forbidden} to a staff token on every admin route', async () => {
    const adminRoutes = routes.filter((route) => !PUBLIC_ROUTES.includes(routeKey(route)) && !staffRoute(route));
    expect(adminRoutes.map(routeKey)).toEqual(
      expect.arrayContaining(['GET /api/users', 'POST /api/settings', 'POST /api/users/{id}']),
    );
    const refusals: string[] = [];
    for (const route of adminRoutes) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.path),
        headers: staff,
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      if (response.statusCode !== 403 || response.json().error !== 'forbidden')
        refusals.push(`${routeKey(route)} -> ${response.statusCode}`);
    }
    expect(refusals).toEqual([]);
  });

  it('lets a staff token use the work-log and check itself, and shows it only the public settings', async () => {
    const verify = await t.app.inject({ method: 'GET', url: '/auth/verify-token/', headers: staff });
    expect(verify.json()).toMatchObject({ valid: true, user: { username: 'clerk', role: 'staff' } });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/webdata',
      headers: staff,
      payload: { status: 'info', content: 'Proofs sent' },
    });
    expect(added.statusCode).toBe(201);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/webdata/${added.json().id}`,
      headers: staff,
      payload: { status: 'completed' },
    });
    expect(changed.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/webdata', headers: staff });
    expect(list.json().entries).toEqual([expect.objectContaining({ createdby: 'clerk', status: 'completed' })]);
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings/', headers: staff });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).not.toHaveProperty('admin_ip_allowlist');
  });

  it('changes nothing when a write is refused', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/create-issue',
      payload: { year: 2026, volume: 1, issue: 1, frequency: 'jan' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username: 'intruder', name: 'I', password: 'long-enough-1' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: staff,
      payload: { username: 'intruder', name: 'I', password: 'long-enough-1', role: 'admin' },
    });
    await t.app.inject({ method: 'POST', url: '/api/users/1', headers: staff, payload: { enabled: false } });
    expect(await t.journal.db.selectFrom('issues').selectAll().execute()).toEqual([]);
    const users = await t.journal.db.selectFrom('users').select(['username', 'enabled']).orderBy('id').execute();
    expect(users).toEqual([
      { username: 'admin', enabled: 1 },
      { username: 'clerk', enabled: 1 },
    ]);
  });

  it('shows a staff token no more editors or articles than the public sees', async () => {
    await addIssue(t.journal.db, 2026, 3, 1);
    const hidden = await addArticle(t.journal.db, { year: 2026, volume: 3, issue: 1, status: 'disabled' });
    const editor = await addEditor(t.journal.db, 'Hidden', { status: 'disabled' });
    const adminAuth = await t.authHeader();
    const asStaff = (url: string) => t.app.inject({ method: 'GET', url, headers: staff });
    const asAdmin = (url: string) => t.app.inject({ method: 'GET', url, headers: adminAuth });
    expect((await asStaff(`/api/archives/${hidden}`)).statusCode).toBe(404);
    expect((await asAdmin(`/api/archives/${hidden}`)).statusCode).toBe(200);
    expect((await asStaff('/api/editors/')).json().map((e: { id: number }) => e.id)).not.toContain(editor);
    expect((await asAdmin('/api/editors/')).json().map((e: { id: number }) => e.id)).toContain(editor);
  });
});
