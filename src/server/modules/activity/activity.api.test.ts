import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../../common/schemas/activity.js';
import { hashPassword } from '../../auth/passwords.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertUser } from '../users/users.repository.js';

let t: TestApp;
let auth: { authorization: string };
let staff: { authorization: string };
let staffId: number;
let otherId: number;

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  staffId = await insertUser(t.journal.db, {
    username: 'clerk',
    name: 'Clerk',
    password_hash: await hashPassword('clerk-password-1'),
    role: 'staff',
  });
  otherId = await insertUser(t.journal.db, {
    username: 'writer',
    name: 'Writer',
    password_hash: await hashPassword('writer-password-1'),
    role: 'staff',
  });
  staff = { authorization: `Bearer ${await t.ctx.tokens.sign({ userId: staffId, username: 'clerk', name: 'Clerk' })}` };
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT', url: string, payload: object, headers = auth) =>
  t.app.inject({ method, url, headers, payload });
async function activity(query = '', headers = auth): Promise<ActivityPage> {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/activity${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the activity log', () => {
  it('records each admin and work-log write with its user, newest first, and never a password', async () => {
    const issue = await call('POST', '/api/admin/create-issue', { year: 2026, volume: 2, issue: 1, frequency: 'jan' });
    const entry = await call('POST', '/api/webdata', { status: 'info', content: 'Called the printer' }, staff);
    await call('PUT', `/api/webdata/${entry.json().id}`, { status: 'completed' }, staff);
    await call('POST', `/api/users/${otherId}`, { password: 'a-new-secret-password' });

    const page = await activity();
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 50 });
    expect(
      page.entries.map(({ username, action, object_type, object_id, summary }) => ({
        username,
        action,
        object_type,
        object_id,
        summary,
      })),
    ).toEqual([
      { username: 'admin', action: 'update', object_type: 'user', object_id: otherId, summary: 'writer: password' },
      {
        username: 'clerk',
        action: 'update',
        object_type: 'worklog',
        object_id: entry.json().id,
        summary: 'Status completed',
      },
      {
        username: 'clerk',
        action: 'create',
        object_type: 'worklog',
        object_id: entry.json().id,
        summary: 'Added an entry (info)',
      },
      {
        username: 'admin',
        action: 'create',
        object_type: 'issue',
        object_id: issue.json().id,
        summary: 'Added VOL. 2, ISSUE 1 (2026) Jan',
      },
    ]);
    expect(JSON.stringify(page)).not.toContain('a-new-secret-password');
  });

  it('records nothing for a refused write', async () => {
    const before = await activity();
    expect(
      (await call('POST', '/api/admin/create-issue', { year: 2026, volume: 2, issue: 1, frequency: 'jan' })).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', '/api/webdata', { status: 'info', content: '<script></script>' }, staff)).statusCode,
    ).toBe(400);
    expect(await activity()).toEqual(before);
  });

  it('filters by user, object type and dates', async () => {
    expect((await activity('?user=clerk')).entries.map((e) => e.username)).toEqual(['clerk', 'clerk']);
    expect((await activity('?type=issue')).entries.map((e) => e.object_type)).toEqual(['issue']);
    expect((await activity('?user=clerk&type=issue')).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await activity(`?from=${today}&to=${today}`)).total).toBe(4);
    expect((await activity('?to=2000-01-01')).total).toBe(0);
    expect((await activity('?from=2999-01-01')).total).toBe(0);
  });

  it('pages 50 entries at a time', async () => {
    for (let n = 0; n < 50; n++) await call('POST', '/api/webdata', { status: 'urgent', content: `Entry ${n}` }, staff);
    const first = await activity('?type=worklog');
    const second = await activity('?type=worklog&page=2');
    expect([first.total, first.entries.length, second.entries.length]).toEqual([52, 50, 2]);
    expect(second.entries.at(-1)!.summary).toBe('Added an entry (info)');
  });

  it('names the settings that changed', async () => {
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings/', headers: auth })).json();
    const saved = await call('POST', '/api/settings', { ...settings, fee_rupee: '999', issn: '1234-5678' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await activity('?type=settings')).entries[0]).toMatchObject({
      action: 'update',
      summary: 'Changed ISSN, fee in rupees',
    });
  });

  it.each([
    [
      '?type=password',
      'type: Type must be one of: article, issue, editor, settings, user, worklog, email, page, indexing, site_picture, counter_key, import',
    ],
    ['?from=yesterday', 'from: Dates must look like 2026-03-10'],
    ['?page=0', 'page: Page must be 1 or more'],
  ])('refuses %s with a clear 400', async (query, message) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/activity${query}`, headers: auth });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message });
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: staff })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity' })).statusCode).toBe(401);
  });
});
