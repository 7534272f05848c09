import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('remembered year groups', () => {
  it('show a new issue as soon as an article is published in it through the API', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/archives/' })).json() as { year: number; volume: number }[];
    expect(before.some((g) => g.volume === 77)).toBe(false);
    const headers = await t.authHeader();
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/create-issue', headers, payload: { year: 2026, volume: 77, issue: 1, frequency: 'jan' } });
    expect(created.statusCode).toBeLessThan(300);
    await t.ctx.db
      .updateTable('articles')
      .set({ year: 2026, volume: 77, issue: 1 })
      .where('refnumber', '=', '10001')
      .execute();
    // A direct database change is not a write the server saw; the next API write is.
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings/', headers })).json();
    await t.app.inject({ method: 'POST', url: '/api/settings', headers, payload: settings });
    const after = (await t.app.inject({ method: 'GET', url: '/api/archives/' })).json() as { year: number; volume: number }[];
    expect(after.some((g) => g.volume === 77)).toBe(true);
  });
});
