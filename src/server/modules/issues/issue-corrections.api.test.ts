import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, issueFields, multipartForm, testPdf, type IssueNumbers } from '../../test/article-form.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
});
afterAll(() => t.close());

const createIssue = async (numbers: IssueNumbers, frequency = 'jan-feb') =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/create-issue',
      headers: auth,
      payload: { ...numbers, frequency },
    })
  ).json().id as number;
const addArticle = async (n: number, at: IssueNumbers) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/archives/',
      headers: auth,
      payload: multipartForm({ ...articleFields(n), ...issueFields(at) }, testPdf(`pdf ${n}`)),
    })
  ).json();
const put = (id: number | string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/issues/${id}`, headers: auth, payload });
const remove = (id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/issues/${id}`, headers: auth });
const page = (url: string) => t.app.inject({ method: 'GET', url });
const issues = () => t.journal.db.selectFrom('issues').selectAll().orderBy('id').execute();
const storedFile = (at: IssueNumbers, name: string) =>
  path.join(t.journal.files.root, `archives/${at.year}/vol${at.volume}issue${at.issue}`, name);

describe('PUT /api/admin/issues/{id}', () => {
  it('changes the frequency, and the issue page and its articles show the new one', async () => {
    const at = { year: 2026, volume: 5, issue: 1 };
    const id = await createIssue(at);
    const article = await addArticle(1, at);
    const response = await put(id, { ...at, frequency: 'nov-dec' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, ...at, frequency: 'nov-dec', message: 'Issue updated successfully' });
    const row = await t.journal.db
      .selectFrom('articles')
      .select('frequency')
      .where('id', '=', article.id)
      .executeTakeFirstOrThrow();
    expect(row.frequency).toBe('nov-dec');
    expect((await page('/archives/2026/vol5/issue1')).body).toContain('Nov-Dec');
    const logged = await t.journal.db
      .selectFrom('activity_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged).toMatchObject({
      action: 'update',
      object_type: 'issue',
      object_id: id,
      summary: 'VOL. 5, ISSUE 1 (2026) Jan-Feb: changed months covered',
    });
  });

  it('renumbers an issue: its articles and PDFs follow, and the old addresses answer 301', async () => {
    const from = { year: 2026, volume: 6, issue: 1 };
    const to = { year: 2027, volume: 7, issue: 3 };
    const id = await createIssue(from);
    const article = await addArticle(2, from);
    const response = await put(id, { ...to, frequency: 'jan-feb' });
    expect(response.json()).toMatchObject({ id, ...to });

    const row = await t.journal.db
      .selectFrom('articles')
      .selectAll()
      .where('id', '=', article.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject(to);
    expect(fs.readFileSync(storedFile(to, `${article.refnumber}.pdf`), 'utf8')).toContain('pdf 2');
    expect(fs.existsSync(storedFile(from, `${article.refnumber}.pdf`))).toBe(false);

    const oldIssue = await page('/archives/2026/vol6/issue1');
    expect([oldIssue.statusCode, oldIssue.headers.location]).toEqual([301, '/archives/2027/vol7/issue3']);
    const oldArticle = await page(`/archives/2026/vol6/issue1/${article.refnumber}`);
    expect([oldArticle.statusCode, oldArticle.headers.location]).toEqual([
      301,
      `/archives/2027/vol7/issue3/${article.refnumber}`,
    ]);
    expect((await page('/archives/2027/vol7/issue3')).statusCode).toBe(200);
    const moved = await t.app.inject({ method: 'GET', url: '/api/archives/moved/2026/vol6/issue1' });
    expect(moved.json()).toEqual({ location: '/archives/2027/vol7/issue3' });
    expect((await t.app.inject({ method: 'GET', url: '/api/archives/moved/2026/vol6/issue9' })).statusCode).toBe(404);

    // Renumbered twice, the first address still leads to where the issue is now.
    expect((await put(id, { year: 2027, volume: 7, issue: 4, frequency: 'jan-feb' })).statusCode).toBe(200);
    expect((await page('/archives/2026/vol6/issue1')).headers.location).toBe('/archives/2027/vol7/issue4');
  });

  it('refuses the numbers of another issue with 409 and changes nothing', async () => {
    const taken = { year: 2026, volume: 9, issue: 1 };
    await createIssue(taken);
    const id = await createIssue({ year: 2026, volume: 9, issue: 2 });
    const before = await issues();
    const response = await put(id, { ...taken, frequency: 'jan-feb' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'duplicate_issue',
      message: 'Another issue already has this year, volume and issue number.',
    });
    expect(await issues()).toEqual(before);
  });

  it.each([
    ['999999', { year: 2026, volume: 1, issue: 1, frequency: 'jan' }, 404, 'Issue not found'],
    ['1', { year: 2026, volume: -1, issue: 1, frequency: 'jan' }, 400, 'volume: Volume must be 0 or more'],
    ['1', { year: 2026, volume: 1, issue: 1 }, 400, 'frequency: Frequency is required'],
    ['x', { year: 2026, volume: 1, issue: 1, frequency: 'jan' }, 400, 'id: id must be a positive number'],
  ])('answers id %s with %j by %i and changes nothing', async (id, payload, status, message) => {
    const before = await issues();
    const response = await put(id, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await issues()).toEqual(before);
  });
});

describe('DELETE /api/admin/issues/{id}', () => {
  it('deletes an empty issue', async () => {
    const id = await createIssue({ year: 2026, volume: 10, issue: 1 });
    const response = await remove(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Issue deleted' });
    expect((await issues()).map((issue) => issue.id)).not.toContain(id);
    expect((await page('/archives/2026/vol10/issue1')).statusCode).toBe(404);
  });

  it('refuses an issue that has articles with 409 and a clear message', async () => {
    const at = { year: 2026, volume: 11, issue: 1 };
    const id = await createIssue(at);
    await addArticle(3, at);
    const before = await issues();
    const response = await remove(id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'issue_not_empty',
      message: 'This issue still has 1 article: delete them or move them to another issue first.',
    });
    expect(await issues()).toEqual(before);
  });

  it('answers 404 for an issue that does not exist', async () => {
    const response = await remove(999999);
    expect([response.statusCode, response.json().message]).toEqual([404, 'Issue not found']);
  });
});
