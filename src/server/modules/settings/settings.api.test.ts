import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('GET /api/settings/', () => {
  it('returns only public fields without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings/' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.websitename).toBe('International Journal of Applied Research and Studies');
    expect(body.fee_rupee).toBe('2000');
    expect(body.fee_dollar).toBe('50');
    expect(body.show_subject_column).toBe(true);
    expect(body).not.toHaveProperty('admin_ip_allowlist');
    expect(body).not.toHaveProperty('google_review_link');
  });

  it('returns every field with a valid token, and the same path works without the slash', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings', headers: await t.authHeader() });
    expect(response.json()).toHaveProperty('admin_ip_allowlist', '');
    expect(response.json()).toHaveProperty('google_review_link');
  });

  it('treats a forged token as none', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/settings/',
      headers: { authorization: 'Bearer forged.token.here' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('admin_ip_allowlist');
  });
});

describe('GET /api/indexing/ and /healthz', () => {
  it('lists enabled indexing entries by sortnumber', async () => {
    await t.journal.db.updateTable('indexing').set({ status: 'disabled' }).where('title', '=', 'Crossref').execute();
    await t.journal.db.updateTable('indexing').set({ sortnumber: 0 }).where('title', '=', 'Academia').execute();
    const entries = (await t.app.inject({ method: 'GET', url: '/api/indexing/' })).json() as { title: string }[];
    expect(entries.map((e) => e.title)).toEqual(['Academia', 'Google Scholar', 'ResearchGate', 'Index Copernicus']);
  });

  it('reports health when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with JSON 404, not a page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });
});
