import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../modules/users/users.repository.js';
import { routeKey, routeTable } from '../test/route-table.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app.js';
import { hashPassword } from './passwords.js';

/** The admin IP allow-list holds for every request that carries a token, not only the sign-in (decision 094). */
const ALLOWED = '192.0.2.10';
const ALSO_ALLOWED = '192.0.2.20';
const OUTSIDE = '203.0.113.5';
const CLERK = { username: 'clerk', password: 'clerk-password-1' };
const INVALID_IP = { error: 'invalid_ip', message: 'Invalid IP' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t.journal.db, {
    username: CLERK.username,
    name: 'Clerk',
    password_hash: await hashPassword(CLERK.password),
    role: 'staff',
  });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Headers = Record<string, string>;
const call = (method: Method, url: string, headers: Headers, remoteAddress: string, payload?: object) =>
  t.app.inject({ method, url, headers, remoteAddress, ...(method === 'GET' ? {} : { payload: payload ?? {} }) });

/** A token signed in at `remoteAddress`, as an Authorization header. */
async function signIn(account: { username: string; password: string }, remoteAddress: string) {
  const response = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: account, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().token}` };
}

/** Saves the list from ALLOWED, which every list here admits. */
async function saveAllowList(admin_ip_allowlist: string): Promise<void> {
  const headers = await t.authHeader();
  const settings = (await call('GET', '/api/settings', headers, ALLOWED)).json();
  const saved = await call('POST', '/api/settings', headers, ALLOWED, { ...settings, admin_ip_allowlist });
  expect(saved.statusCode, saved.body).toBe(200);
}

const issueCount = async () => (await t.journal.db.selectFrom('issues').selectAll().execute()).length;
const storedList = async () => (await t.journal.services.settings.get()).admin_ip_allowlist;

describe('the admin IP allow-list on every signed-in request', () => {
  it('refuses a token signed in at an allowed address when it is used from another, on reads and writes', async () => {
    await saveAllowList('192.0.2.0/24');
    const admin = await signIn(TEST_ADMIN, ALLOWED);
    expect((await call('GET', '/api/admin/', admin, ALLOWED)).statusCode).toBe(200);

    const read = await call('GET', '/api/admin/', admin, OUTSIDE);
    expect([read.statusCode, read.json()]).toEqual([403, INVALID_IP]);
    expect(read.headers['cache-control']).toBe('no-store');
    const issue = { year: 2026, volume: 4, issue: 1, frequency: 'jan' };
    const write = await call('POST', '/api/admin/create-issue', admin, OUTSIDE, issue);
    expect([write.statusCode, write.json()]).toEqual([403, INVALID_IP]);
    expect(await issueCount()).toBe(0);

    expect((await call('POST', '/api/admin/create-issue', admin, ALLOWED, issue)).statusCode).toBe(201);
    expect(await issueCount()).toBe(1);
  });

  it('refuses a token at once when the list is changed to leave its address out', async () => {
    await saveAllowList('192.0.2.0/24');
    const admin = await signIn(TEST_ADMIN, ALSO_ALLOWED);
    expect((await call('GET', '/api/users', admin, ALSO_ALLOWED)).statusCode).toBe(200);

    await saveAllowList(ALLOWED);
    const read = await call('GET', '/api/users', admin, ALSO_ALLOWED);
    expect([read.statusCode, read.json()]).toEqual([403, INVALID_IP]);
    const settings = await t.journal.services.settings.get();
    const write = await call('POST', '/api/settings', admin, ALSO_ALLOWED, { ...settings, admin_ip_allowlist: '' });
    expect([write.statusCode, write.json()]).toEqual([403, INVALID_IP]);
    expect(await storedList()).toBe(ALLOWED);
    expect((await call('GET', '/api/users', admin, ALLOWED)).statusCode).toBe(200);
  });

  it('holds a staff token to it on the work-log too, and does not let a token read private settings', async () => {
    await saveAllowList('192.0.2.0/24');
    const staff = await signIn(CLERK, ALLOWED);
    const entry = { status: 'info', content: 'Proofs sent' };
    for (const [method, url] of [
      ['GET', '/api/webdata'],
      ['POST', '/api/webdata'],
      ['GET', '/auth/verify-token/'],
      ['GET', '/api/settings/'],
    ] as const) {
      const response = await call(method, url, staff, OUTSIDE, entry);
      expect([response.statusCode, response.json()], `${method} ${url}`).toEqual([403, INVALID_IP]);
    }
    const admin = await signIn(TEST_ADMIN, ALLOWED);
    const settings = await call('GET', '/api/settings/', admin, OUTSIDE);
    expect([settings.statusCode, settings.body]).toEqual([403, JSON.stringify(INVALID_IP)]);
    expect(await t.journal.db.selectFrom('worklog_entries').selectAll().execute()).toEqual([]);

    expect((await call('POST', '/api/webdata', staff, ALLOWED, entry)).statusCode).toBe(201);
    expect((await call('GET', '/api/webdata', staff, ALLOWED)).statusCode).toBe(200);
    expect((await call('GET', '/api/settings/', {}, OUTSIDE)).json()).not.toHaveProperty('admin_ip_allowlist');
  });

  it('answers 403 invalid_ip on every route of the route table to an admin or staff token from outside the list, and writes nothing', async () => {
    await saveAllowList('192.0.2.0/24');
    const tokens = [await signIn(TEST_ADMIN, ALLOWED), await signIn(CLERK, ALLOWED)];
    const routes = routeTable(t.app);
    expect(routes.map(routeKey)).toEqual(
      expect.arrayContaining(['GET /api/admin/', 'POST /api/settings', 'POST /api/webdata', 'PUT /api/webdata/{id}']),
    );
    const activity = async () => (await t.journal.db.selectFrom('activity_log').selectAll().execute()).length;
    const before = [await activity(), await issueCount(), await storedList()];
    const admitted: string[] = [];
    for (const route of routes) {
      for (const headers of tokens) {
        const response = await call(route.method as Method, route.path.replace(/\{[^}]+\}/g, '1'), headers, OUTSIDE);
        if (response.statusCode !== 403 || response.json().error !== 'invalid_ip')
          admitted.push(`${routeKey(route)} -> ${response.statusCode}`);
      }
    }
    expect(admitted).toEqual([]);
    expect([await activity(), await issueCount(), await storedList()]).toEqual(before);
  });

  it('admits a token from every address once the list is empty', async () => {
    await saveAllowList('192.0.2.0/24');
    const admin = await signIn(TEST_ADMIN, ALLOWED);
    await saveAllowList('');
    expect((await call('GET', '/api/admin/', admin, OUTSIDE)).statusCode).toBe(200);
  });
});

describe('behind a reverse proxy (TRUST_PROXY=1)', () => {
  it("checks the address the proxy names, not the proxy's own", async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const from = (address: string, headers: Headers = {}) => ({ ...headers, 'x-forwarded-for': address });
      const admin = await proxied.authHeader();
      const settings = (await proxied.app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json();
      const saved = await proxied.app.inject({
        method: 'POST',
        url: '/api/settings',
        headers: from(ALLOWED, admin),
        payload: { ...settings, admin_ip_allowlist: ALLOWED },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // The proxy itself (the socket's 127.0.0.1) is outside the list; the address it forwards decides.
      const asked = (address: string) =>
        proxied.app.inject({ method: 'GET', url: '/api/admin/', headers: from(address, admin) });
      expect((await asked(ALLOWED)).statusCode).toBe(200);
      expect((await asked(OUTSIDE)).json()).toEqual(INVALID_IP);
    } finally {
      await proxied.close();
    }
  });
});
