import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/passwords.js';
import { createTestApp, TEST_ADMIN, type TestApp, TEST_ACTOR } from '../../test/test-app.js';
import { insertUser } from '../users/users.repository.js';
import { LOGIN_REQUESTS_PER_MINUTE } from './auth.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t.journal.db, {
    username: 'retired',
    name: 'Retired',
    password_hash: await hashPassword('retired-password'),
    enabled: 0,
  });
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/auth/login/', payload: { username, password }, remoteAddress });

describe('POST /auth/login/', () => {
  it('answers a token and the user for the right password', async () => {
    const response = await login(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({ id: 1, username: 'admin', name: 'Administrator', role: 'admin', publisher: true });
    const verify = await t.app.inject({
      method: 'GET',
      url: '/auth/verify-token/',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ valid: true, user: body.user });
  });

  it('answers invalid_credentials for a wrong password or an unknown user, alike', async () => {
    for (const [username, password] of [
      ['admin', 'wrong-password'],
      ['nobody', 'whatever'],
    ]) {
      const response = await login(username!, password!, '10.0.0.1');
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('invalid_credentials');
    }
  });

  it('answers disabled for a disabled user with the right password', async () => {
    const response = await login('retired', 'retired-password');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('disabled');
  });

  it('answers invalid_ip from an address outside the allow-list', async () => {
    const settings = await t.journal.services.settings.get();
    await t.journal.services.settings.update({ ...settings, admin_ip_allowlist: '192.0.2.7' }, TEST_ACTOR);
    try {
      expect((await login(TEST_ADMIN.username, TEST_ADMIN.password, '198.51.100.1')).json().error).toBe('invalid_ip');
      expect((await login(TEST_ADMIN.username, TEST_ADMIN.password, '192.0.2.7')).statusCode).toBe(200);
    } finally {
      await t.journal.services.settings.update(settings, TEST_ACTOR);
    }
  });

  it('reads CIDR ranges and IPv6 entries of the allow-list', async () => {
    const settings = await t.journal.services.settings.get();
    await t.journal.services.settings.update(
      { ...settings, admin_ip_allowlist: '192.0.2.0/24\n2001:db8::/32, 198.51.100.9' },
      TEST_ACTOR,
    );
    try {
      for (const address of ['192.0.2.200', '::ffff:192.0.2.1', '2001:db8:5::1', '198.51.100.9']) {
        expect((await login(TEST_ADMIN.username, TEST_ADMIN.password, address)).statusCode, address).toBe(200);
      }
      for (const address of ['192.0.3.1', '2001:db9::1', '198.51.100.10']) {
        expect((await login(TEST_ADMIN.username, TEST_ADMIN.password, address)).json().error, address).toBe(
          'invalid_ip',
        );
      }
    } finally {
      await t.journal.services.settings.update(settings, TEST_ACTOR);
    }
  });

  it('refuses missing fields with a 400 naming the field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/login/', payload: { username: 'admin' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^password: /);
  });

  it('locks one address and user name out after repeated failures, not the others', async () => {
    const address = '203.0.113.9';
    const max = t.journal.services.auth.throttle.maxFailures;
    for (let i = 0; i < max; i++) expect((await login('admin', `wrong-${i}`, address)).statusCode).toBe(401);
    const locked = await login('admin', TEST_ADMIN.password, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('too_many_attempts');
    expect((await login('admin', TEST_ADMIN.password, '203.0.113.10')).statusCode).toBe(200);
  });

  it('answers the per-address request limit like the per-user one: 429 too_many_attempts', async () => {
    const address = '203.0.113.77';
    // Every request counts, whatever its outcome: empty ones are the quickest.
    for (let i = 0; i < LOGIN_REQUESTS_PER_MINUTE; i++) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/auth/login/', payload: {}, remoteAddress: address })).statusCode,
      ).toBe(400);
    }
    const limited = await login(TEST_ADMIN.username, TEST_ADMIN.password, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'too_many_attempts',
      message: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/),
    });
  });

  it('never counts successful sign-ins against the limit', async () => {
    for (let i = 0; i < 15; i++)
      expect((await login(TEST_ADMIN.username, TEST_ADMIN.password, '198.51.100.50')).statusCode).toBe(200);
  });
});

describe('GET /auth/verify-token/', () => {
  it('answers 401 unauthorized for a missing, forged or tampered token', async () => {
    for (const authorization of [
      undefined,
      'Bearer forged',
      `Bearer ${(await t.authHeader()).authorization.slice(7, -3)}abc`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/auth/verify-token/',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized', status: 401 });
    }
  });
});
