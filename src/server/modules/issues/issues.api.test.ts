import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
});
afterAll(() => t.close());

const create = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/admin/create-issue', headers: auth, payload: payload as object });

describe('POST /api/admin/create-issue', () => {
  it('creates an issue and answers the spec message', async () => {
    const response = await create({ year: 2026, volume: 3, issue: 0, frequency: 'jan-feb-mar' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: 'Issue created successfully' });
    const rows = await t.journal.db.selectFrom('issues').selectAll().execute();
    expect(rows).toMatchObject([{ year: 2026, volume: 3, issue: 0, frequency: 'jan-feb-mar' }]);
  });

  it('refuses a duplicate issue with 409 and keeps a single row', async () => {
    const response = await create({ year: 2026, volume: 3, issue: 0, frequency: 'jan' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'duplicate_issue', message: 'This issue already exists.' });
    expect(await t.journal.db.selectFrom('issues').selectAll().execute()).toHaveLength(1);
  });

  it('refuses two identical issues sent at once, keeping one', async () => {
    const answers = await Promise.all([1, 2].map(() => create({ year: 2026, volume: 4, issue: 1, frequency: 'jan' })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    [{ year: 2026, volume: 1, frequency: 'jan' }, 'issue: Issue must be a number'],
    [{ year: 2026, volume: -1, issue: 1, frequency: 'jan' }, 'volume: Volume must be 0 or more'],
    [{ year: 2026, volume: 'x', issue: 1, frequency: 'jan' }, 'volume: Volume must be a number'],
    [{ year: 2026, volume: '2', issue: 1, frequency: 'jan' }, 'volume: Volume must be a number'],
    [{ year: 2026, volume: null, issue: 1, frequency: 'jan' }, 'volume: Volume must be a number'],
    [{ year: 2026, volume: 1, issue: 1.5, frequency: 'jan' }, 'issue: Issue must be a whole number'],
    [{ year: 2026, volume: 1, issue: 1 }, 'frequency: Frequency is required'],
    [{ year: 2026, volume: 1, issue: 1, frequency: '<script>' }, 'frequency: Frequency is required'],
  ])('rejects %j with a clear 400', async (payload, message) => {
    const before = await t.journal.db.selectFrom('issues').selectAll().execute();
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message });
    expect(await t.journal.db.selectFrom('issues').selectAll().execute()).toEqual(before);
  });
});

describe('GET /api/admin/archives/', () => {
  it('lists issues newest first with the count of their articles', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/archives/', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject([
      { year: 2026, volume: 4, issue: 1, frequency: 'jan', articles: 0 },
      { year: 2026, volume: 3, issue: 0, frequency: 'jan-feb-mar', articles: 0 },
    ]);
  });

  it('needs the token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/archives/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'unauthorized', status: 401 });
  });
});
