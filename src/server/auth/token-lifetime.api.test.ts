import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TOKEN_LIFETIME_SECONDS: '1' } });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

it('refuses a token once TOKEN_LIFETIME_SECONDS have passed', async () => {
  // The clock is set rather than waited for: the token is made at a whole second, and used up to its last
  // millisecond and then at the end of its lifetime.
  vi.useFakeTimers({ toFake: ['Date'] });
  const issuedAt = Math.ceil(Date.now() / 1000) * 1000;
  vi.setSystemTime(issuedAt);
  const headers = await t.authHeader();
  expect((await t.app.inject({ method: 'GET', url: '/api/admin/pages', headers })).statusCode).toBe(200);
  vi.setSystemTime(issuedAt + 999);
  expect((await t.app.inject({ method: 'GET', url: '/api/admin/pages', headers })).statusCode).toBe(200);
  vi.setSystemTime(issuedAt + 1000);
  const expired = await t.app.inject({ method: 'GET', url: '/api/admin/pages', headers });
  expect(expired.statusCode).toBe(401);
  expect(expired.json().error).toBe('unauthorized');
});
