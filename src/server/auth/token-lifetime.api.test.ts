import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TOKEN_LIFETIME_SECONDS: '1' } });
});
afterAll(() => t.close());

it('refuses a token once TOKEN_LIFETIME_SECONDS have passed', async () => {
  const headers = await t.authHeader();
  expect((await t.app.inject({ method: 'GET', url: '/api/admin/pages', headers })).statusCode).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 2100));
  const expired = await t.app.inject({ method: 'GET', url: '/api/admin/pages', headers });
  expect(expired.statusCode).toBe(401);
  expect(expired.json().error).toBe('unauthorized');
});
