import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WORKLOG_MAX_CONTENT_LENGTH, WORKLOG_STATUSES, type WorklogStatus } from '../../../common/constants.js';
import type { WorklogEntry, WorklogPage } from '../../../common/schemas/worklog.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.js';
import { findWorklogEntry, insertWorklogEntry } from './worklog.repository.js';

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.journal.db.deleteFrom('worklog_entries').execute();
});

/** Entries oldest first, so the last one given is the newest. */
async function addEntries(entries: { content: string; status?: WorklogStatus }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, entry] of entries.entries()) {
    const row = await insertWorklogEntry(t.journal.db, {
      content: entry.content,
      status: entry.status ?? 'pending',
      createdby: 'staff',
      created_at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
    });
    ids.push(row.id);
  }
  return ids;
}

async function list(query = ''): Promise<WorklogPage> {
  const response = await t.app.inject({ method: 'GET', url: `/api/webdata${query}`, headers: auth });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const contents = (page: WorklogPage) => page.entries.map((e) => e.content);
const post = (body: unknown, headers = auth) =>
  t.app.inject({ method: 'POST', url: '/api/webdata', headers, payload: body as object });
const put = (id: number | string, body: unknown, headers = auth) =>
  t.app.inject({ method: 'PUT', url: `/api/webdata/${id}`, headers, payload: body as object });

describe('the token', () => {
  it('is required by every work-log call, and nothing changes without it', async () => {
    const [id] = await addEntries([{ content: 'kept', status: 'pending' }]);
    const calls = [
      t.app.inject({ method: 'GET', url: '/api/webdata' }),
      post({ status: 'info', content: 'sneaked in' }, {} as typeof auth),
      put(id!, { status: 'completed' }, { authorization: 'Bearer forged.token.value' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized', status: 401 });
    }
    expect((await list()).entries).toEqual([expect.objectContaining({ id, content: 'kept', status: 'pending' })]);
  });
});

describe('GET /api/webdata', () => {
  it('answers the entries newest first with their five fields', async () => {
    const [first, second] = await addEntries([{ content: 'older' }, { content: 'newer', status: 'urgent' }]);
    const page = await list();
    expect(page).toEqual({
      entries: [
        { id: second, content: 'newer', status: 'urgent', createdby: 'staff', created_at: '2026-01-01T00:01:00.000Z' },
        { id: first, content: 'older', status: 'pending', createdby: 'staff', created_at: '2026-01-01T00:00:00.000Z' },
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    });
  });

  it('pages 20 at a time and counts every match', async () => {
    await addEntries(Array.from({ length: 45 }, (_, i) => ({ content: `entry ${i + 1}` })));
    const first = await list();
    expect(first.total).toBe(45);
    expect(contents(first)).toEqual(Array.from({ length: 20 }, (_, i) => `entry ${45 - i}`));
    const second = await list('?page=2');
    expect(contents(second)).toEqual(Array.from({ length: 20 }, (_, i) => `entry ${25 - i}`));
    expect(second).toMatchObject({ page: 2, total: 45, pageSize: 20 });
    expect(contents(await list('?page=3'))).toEqual(['entry 5', 'entry 4', 'entry 3', 'entry 2', 'entry 1']);
    expect(await list('?page=4')).toEqual({ entries: [], total: 45, page: 4, pageSize: 20 });
  });

  it('refuses a page that is not a whole number of 1 or more', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/webdata?page=${page}`, headers: auth });
      expect(response.statusCode, `page=${page}`).toBe(400);
      expect(response.json().error).toBe('invalid_input');
    }
  });

  it('filters by each of the eight statuses, counting only that status', async () => {
    await addEntries(
      WORKLOG_STATUSES.flatMap((status) => [
        { content: `${status} a`, status },
        { content: `${status} b`, status },
      ]),
    );
    for (const status of WORKLOG_STATUSES) {
      const page = await list(`?status=${status}`);
      expect(page.total, status).toBe(2);
      expect(contents(page)).toEqual([`${status} b`, `${status} a`]);
      expect(page.entries.every((e) => e.status === status)).toBe(true);
    }
    expect((await list()).total).toBe(16);
  });

  it('pages within a status filter', async () => {
    await addEntries(
      Array.from({ length: 30 }, (_, i) => ({ content: `task ${i + 1}`, status: i % 2 ? 'urgent' : 'info' })),
    );
    const urgent = await list('?status=urgent&page=1');
    expect(urgent.total).toBe(15);
    expect(urgent.entries).toHaveLength(15);
    expect(contents(await list('?status=info&page=1'))[0]).toBe('task 29');
    expect((await list('?status=urgent&page=2')).entries).toEqual([]);
  });

  it('refuses an unknown status', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/webdata?status=done', headers: auth });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`status: Status must be one of: ${WORKLOG_STATUSES.join(', ')}`);
  });

  it('refuses search text over 200 characters', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/webdata?search=${'a'.repeat(201)}`,
      headers: auth,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('search: Search must be at most 200 characters');
  });

  it('searches the content for a case-insensitive substring, alone and with a status', async () => {
    await addEntries([
      { content: 'Renew the <b>ISSN</b> record', status: 'pending' },
      { content: 'issn letter sent', status: 'completed' },
      { content: 'Call the printer', status: 'pending' },
    ]);
    expect(contents(await list('?search=IsSn'))).toEqual(['issn letter sent', 'Renew the <b>ISSN</b> record']);
    expect(contents(await list('?search=%20the%20'))).toEqual(['Call the printer', 'Renew the <b>ISSN</b> record']);
    expect(contents(await list('?search=issn&status=pending'))).toEqual(['Renew the <b>ISSN</b> record']);
    expect(await list('?search=nothing-like-this')).toMatchObject({ entries: [], total: 0 });
    expect((await list('?search=')).total).toBe(3);
  });

  it('matches % and _ in the search text literally', async () => {
    await addEntries([
      { content: 'fee raised by 10%' },
      { content: 'file_name.pdf' },
      { content: 'filename and 10 rupees' },
    ]);
    expect(contents(await list(`?search=${encodeURIComponent('10%')}`))).toEqual(['fee raised by 10%']);
    expect(contents(await list('?search=file_'))).toEqual(['file_name.pdf']);
    expect(contents(await list(`?search=${encodeURIComponent('\\')}`))).toEqual([]);
  });

  it('pages through search results and counts them', async () => {
    await addEntries(Array.from({ length: 25 }, (_, i) => ({ content: i % 5 === 0 ? `other ${i}` : `Proof ${i}` })));
    const page = await list('?search=proof&page=2');
    expect(page.total).toBe(20);
    expect(page.entries).toEqual([]);
    expect((await list('?search=PROOF')).entries).toHaveLength(20);
  });

  it('sanitises stored content again when it is read', async () => {
    await addEntries([
      { content: '<b>ok</b><script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">link</a>' },
    ]);
    expect(contents(await list())).toEqual(['<b>ok</b><a rel="noopener noreferrer">link</a>']);
  });
});

describe('POST /api/webdata', () => {
  it('adds an entry as the signed-in user at the server time, ignoring createdby and created_at in the body', async () => {
    const before = Date.now();
    const response = await post({
      status: 'urgent',
      content: '  Send proofs  ',
      createdby: 'mallory',
      created_at: '1999-01-01T00:00:00Z',
    });
    expect(response.statusCode).toBe(201);
    const entry = response.json() as WorklogEntry;
    expect(entry).toMatchObject({ content: 'Send proofs', status: 'urgent', createdby: TEST_ADMIN.username });
    expect(Date.parse(entry.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(entry.created_at)).toBeLessThanOrEqual(Date.now());
    expect((await list()).entries).toEqual([entry]);
  });

  it('accepts info and urgent only', async () => {
    expect((await post({ status: 'info', content: 'note' })).statusCode).toBe(201);
    for (const status of ['pending', 'completed', '', 'bogus', undefined]) {
      const response = await post({ status, content: 'not allowed' });
      expect(response.statusCode, String(status)).toBe(400);
      expect(response.json().message).toBe('status: Select a type: Information or Urgent');
    }
    expect((await list()).total).toBe(1);
  });

  it('refuses empty content with a clear message', async () => {
    for (const content of ['', '   ', undefined]) {
      const response = await post({ status: 'info', content });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_input', message: 'content: Content must not be empty' });
    }
    const onlyUnsafe = await post({ status: 'info', content: '<script>alert(1)</script><img src=x onerror=alert(1)>' });
    expect(onlyUnsafe.statusCode).toBe(400);
    expect(onlyUnsafe.json().message).toBe('Content must not be empty: nothing is left once unsafe HTML is removed');
    expect((await list()).total).toBe(0);
  });

  it('refuses a body that is not an entry', async () => {
    for (const payload of ['just text', '[1,2]', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webdata',
        headers: { ...auth, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });

  it('stores script and event-handler HTML sanitised, keeping basic formatting', async () => {
    const response = await post({
      status: 'urgent',
      content: '<b>bold</b><img src=x onerror=alert(1)><script>alert(2)</script><i onmouseover="x()">it</i>',
    });
    expect(response.statusCode).toBe(201);
    const { id, content } = response.json() as WorklogEntry;
    expect(content).toBe('<b>bold</b><i>it</i>');
    expect((await findWorklogEntry(t.journal.db, id))?.content).toBe('<b>bold</b><i>it</i>');
  });

  it(`accepts ${WORKLOG_MAX_CONTENT_LENGTH} characters and refuses more, and a huge body is a 413`, async () => {
    expect((await post({ status: 'info', content: 'x'.repeat(WORKLOG_MAX_CONTENT_LENGTH) })).statusCode).toBe(201);
    const tooLong = await post({ status: 'info', content: 'x'.repeat(WORKLOG_MAX_CONTENT_LENGTH + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('content: Content must be at most 10,000 characters');
    expect((await post({ status: 'info', content: 'x'.repeat(2_000_000) })).statusCode).toBe(413);
    expect((await list()).total).toBe(1);
  });
});

describe('PUT /api/webdata/{id}', () => {
  it('sets each of the eight statuses, in any order', async () => {
    const [id, other] = await addEntries([
      { content: 'moving', status: 'urgent' },
      { content: 'still', status: 'info' },
    ]);
    for (const status of [...WORKLOG_STATUSES].reverse()) {
      const response = await put(id!, { status });
      expect(response.statusCode, status).toBe(200);
      expect(response.json()).toMatchObject({ id, status, content: 'moving' });
      expect((await findWorklogEntry(t.journal.db, id!))?.status).toBe(status);
    }
    expect((await findWorklogEntry(t.journal.db, other!))?.status).toBe('info');
  });

  it('refuses an unknown or missing status and leaves the entry alone', async () => {
    const [id] = await addEntries([{ content: 'stay', status: 'working' }]);
    for (const body of [{ status: 'done' }, { status: '' }, {}]) {
      const response = await put(id!, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_input');
    }
    expect((await findWorklogEntry(t.journal.db, id!))?.status).toBe('working');
  });

  it('answers 404 for an id that names no entry', async () => {
    const [id] = await addEntries([{ content: 'one' }]);
    for (const unknown of [id! + 1000, 0, 'abc', '1e3', '99999999999999999999']) {
      const response = await put(unknown, { status: 'completed' });
      expect(response.statusCode, String(unknown)).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: `Work-log entry ${unknown} not found` });
    }
  });
});
