import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
});
afterAll(() => t.close());

/** Saves from `remoteAddress`, which the list in force must admit: it holds for every signed-in request (decision 094). */
const saveAllowList = async (admin_ip_allowlist: string, remoteAddress = '192.0.2.10') => {
  const settings = (await t.app.inject({ method: 'GET', url: '/api/settings', headers: auth, remoteAddress })).json();
  return t.app.inject({
    method: 'POST',
    url: '/api/settings',
    headers: auth,
    remoteAddress,
    payload: { ...settings, admin_ip_allowlist },
  });
};
const storedAllowList = async () => (await t.journal.services.settings.get()).admin_ip_allowlist;

describe('POST /api/settings: the admin IP allow-list', () => {
  it.each([
    ['192.0.2.10 localhost', 'localhost'],
    ['192.0.2.0/24, 10.0.0.256', '10.0.0.256'],
    ['192.0.2.0/33', '192.0.2.0/33'],
    ['2001:db8::/129 192.0.2.10', '2001:db8::/129'],
    ['192.0.2.0/24/8', '192.0.2.0/24/8'],
    ['192.0.2.10\n192.0.2.0/', '192.0.2.0/'],
  ])('refuses %j, naming %s', async (list, entry) => {
    const response = await saveAllowList(list);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_input',
      message: `admin_ip_allowlist: "${entry}" is not an IP address or CIDR range (such as 192.0.2.7 or 192.0.2.0/24).`,
    });
    expect(await storedAllowList()).toBe('');
  });

  it('refuses a list that leaves out the address saving it', async () => {
    const response = await saveAllowList('198.51.100.0/24, 2001:db8::1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'allowlist_locks_you_out',
      message:
        'admin_ip_allowlist: it leaves out your own address 192.0.2.10, so you could not sign in again. Add it first.',
    });
    expect(await storedAllowList()).toBe('');
  });

  it.each([
    ['192.0.2.0/24', '192.0.2.10'],
    ['198.51.100.1\n192.0.2.10', '::ffff:192.0.2.10'],
    ['2001:db8::/48, 198.51.100.1', '2001:db8:0:1::5'],
  ])('saves %j from %s, and the sign-in follows it', async (list, savedFrom) => {
    const response = await saveAllowList(list, savedFrom);
    expect(response.statusCode).toBe(200);
    expect(response.json().admin_ip_allowlist).toBe(list);
    const signIn = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/auth/login/', payload: TEST_ADMIN, remoteAddress });
    expect((await signIn(savedFrom)).statusCode).toBe(200);
    expect((await signIn('203.0.113.1')).json().error).toBe('invalid_ip');
    expect((await saveAllowList('', savedFrom)).statusCode).toBe(200);
  });

  it('saves an empty list: every address may sign in again', async () => {
    expect((await saveAllowList('192.0.2.0/24')).statusCode).toBe(200);
    expect((await saveAllowList('  ')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/login/', payload: TEST_ADMIN, remoteAddress: '203.0.113.1' }))
        .statusCode,
    ).toBe(200);
  });
});
