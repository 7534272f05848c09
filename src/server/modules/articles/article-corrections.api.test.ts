import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, issueFields, multipartForm, testPdf, type IssueNumbers } from '../../test/article-form.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let auth: { authorization: string };
const FIRST: IssueNumbers = { year: 2026, volume: 8, issue: 1 };
const SECOND: IssueNumbers = { year: 2026, volume: 8, issue: 2 };
let secondIssueId: number;

const createIssue = async (numbers: IssueNumbers, frequency = 'jan-feb') =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/create-issue',
      headers: auth,
      payload: { ...numbers, frequency },
    })
  ).json().id as number;

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  await createIssue(FIRST);
  secondIssueId = await createIssue(SECOND, 'mar-apr');
});
afterAll(() => t.close());

const add = (n: number, at: IssueNumbers = FIRST) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/archives/',
    headers: auth,
    payload: multipartForm({ ...articleFields(n), ...issueFields(at) }, testPdf(`pdf ${n}`)),
  });
const edit = (id: number, n: number, extra: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/archives/${id}`,
    headers: auth,
    payload: multipartForm({ ...articleFields(n), ...extra }),
  });
const remove = (id: number | string, headers = auth) =>
  t.app.inject({ method: 'DELETE', url: `/api/archives/${id}`, headers });
const page = (url: string) => t.app.inject({ method: 'GET', url });

const storedFile = (at: IssueNumbers, name: string) =>
  path.join(t.journal.files.root, `archives/${at.year}/vol${at.volume}issue${at.issue}`, name);
const lastActivity = async () =>
  t.journal.db.selectFrom('activity_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('DELETE /api/archives/{id}', () => {
  it('removes the row and its PDF, leaves a notice, and frees its title and transaction id', async () => {
    const added = await add(1);
    expect(added.statusCode).toBe(201);
    const { id, refnumber } = added.json();
    expect(fs.existsSync(storedFile(FIRST, `${refnumber}.pdf`))).toBe(true);

    const response = await remove(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Article deleted' });
    expect(await t.journal.db.selectFrom('articles').selectAll().where('id', '=', id).execute()).toEqual([]);
    expect(fs.existsSync(storedFile(FIRST, `${refnumber}.pdf`))).toBe(false);
    // A published article leaves a notice at its address (decision 099).
    expect((await page(`/archives/2026/vol8/issue1/${refnumber}`)).statusCode).toBe(410);
    expect(await lastActivity()).toMatchObject({
      action: 'delete',
      object_type: 'article',
      object_id: id,
      username: 'admin',
      summary: `Deleted ${refnumber} from VOL. 8, ISSUE 1 (2026)`,
    });

    // Its reference number stays taken; the same title and transaction id are accepted again.
    expect((await add(1)).json()).toMatchObject({ error: 'duplicate_reference_number' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/archives/',
      headers: auth,
      payload: multipartForm({ ...articleFields(1, { refnumber: '7901' }), ...issueFields(FIRST) }, testPdf('again')),
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ title: articleFields(1).title, txnid: articleFields(1).txnid });
    expect((await remove(again.json().id)).statusCode).toBe(200);
  });

  it.each([
    ['999999', 404, { error: 'not_found', message: 'Article not found' }],
    ['abc', 400, { error: 'invalid_input', message: 'id: id must be a positive number' }],
  ])('answers %s with %i and changes nothing', async (id, status, body) => {
    const before = await t.journal.db.selectFrom('articles').selectAll().execute();
    const logged = await t.journal.db.selectFrom('activity_log').selectAll().execute();
    const response = await remove(id);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(body);
    expect(await t.journal.db.selectFrom('articles').selectAll().execute()).toEqual(before);
    expect(await t.journal.db.selectFrom('activity_log').selectAll().execute()).toEqual(logged);
  });
});

describe('moving an article to another issue', () => {
  it('moves the row and its PDF; the old address answers 301 to the new one', async () => {
    const { id, refnumber } = (await add(2)).json();
    expect((await page(`/archives/2026/vol8/issue1/${refnumber}`)).statusCode).toBe(200);

    const response = await edit(id, 2, { issue_id: String(secondIssueId) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      year: 2026,
      volume: 8,
      issue: 2,
      frequency: 'mar-apr',
      file: `${refnumber}.pdf`,
    });
    expect(fs.readFileSync(storedFile(SECOND, `${refnumber}.pdf`), 'utf8')).toContain('pdf 2');
    expect(fs.existsSync(storedFile(FIRST, `${refnumber}.pdf`))).toBe(false);
    expect(await lastActivity()).toMatchObject({
      action: 'update',
      object_id: id,
      summary: `${refnumber}: moved from VOL. 8, ISSUE 1 (2026) to VOL. 8, ISSUE 2 (2026)`,
    });

    const old = await page(`/archives/2026/vol8/issue1/${refnumber}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/archives/2026/vol8/issue2/${refnumber}`);
    expect((await page(`/archives/2026/vol8/issue2/${refnumber}`)).statusCode).toBe(200);
    expect((await page(`/assets/archives/2026/vol8issue2/${refnumber}.pdf`)).statusCode).toBe(200);
  });

  it('logs an edit by the fields it changed, in words', async () => {
    const { id, refnumber } = (await add(5, SECOND)).json();
    const payload = multipartForm(
      { ...articleFields(5), title: 'A corrected title', pagenumber: '51-60' },
      testPdf('pdf 5 again'),
    );
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/archives/${id}`, headers: auth, payload })).statusCode,
    ).toBe(200);
    expect(await lastActivity()).toMatchObject({
      action: 'update',
      object_id: id,
      summary: `${refnumber}: changed title, pages; new PDF`,
    });
  });

  it("logs a change of an author's affiliation as a change, not as a save without changes", async () => {
    // An issue of its own: the others' page order stays as they expect it.
    const own = { year: 2026, volume: 12, issue: 1 };
    await createIssue(own);
    const { id, refnumber } = (await add(8, own)).json();
    const author = {
      given_name: 'Asha',
      family_name: 'Rao',
      affiliation: 'Goa University',
      country: 'India',
      orcid: '',
      email: 'asha@uni.example',
      corresponding: true,
    };
    const payload = multipartForm({ ...articleFields(8), authors: JSON.stringify([author]) });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/archives/${id}`, headers: auth, payload })).statusCode,
    ).toBe(200);
    expect(await lastActivity()).toMatchObject({ summary: `${refnumber}: changed the authors' details` });
  });

  it('answers any address with the wrong year, volume or issue with 301, and keeps the search form of the address', async () => {
    const { refnumber } = (await add(3)).json();
    for (const wrong of [
      `/archives/2025/vol8/issue1/${refnumber}`,
      `/archives/2026/vol9/issue1/${refnumber}`,
      `/archives/2026/8/7/${refnumber}`,
    ]) {
      const response = await page(wrong);
      expect(response.statusCode, wrong).toBe(301);
      expect(response.headers.location).toBe(`/archives/2026/vol8/issue1/${refnumber}`);
    }
    expect((await page(`/archives/2026/8/1/${refnumber}`)).statusCode).toBe(200);
  });

  it('moving into an issue while it is deleted either moves the article or refuses the move, never both', async () => {
    const { id, refnumber } = (await add(6, SECOND)).json();
    for (let round = 1; round <= 3; round++) {
      const target = await createIssue({ year: 2026, volume: 9, issue: round });
      const [moved, deleted] = await Promise.all([
        edit(id, 6, { issue_id: String(target) }),
        t.app.inject({ method: 'DELETE', url: `/api/admin/issues/${target}`, headers: auth }),
      ]);
      expect([moved.statusCode, deleted.statusCode].sort()).toEqual(moved.statusCode === 200 ? [200, 409] : [200, 400]);
      const row = await t.journal.db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(fs.existsSync(storedFile(row, `${refnumber}.pdf`))).toBe(true);
      if (moved.statusCode === 200)
        expect((await edit(id, 6, { issue_id: String(secondIssueId) })).statusCode).toBe(200);
    }
  });

  it.each([
    ['999999', 'issue_id: Issue must be one of the existing issues', 4],
    ['two', 'issue_id: Issue must be one of the existing issues', 7],
  ])('refuses issue_id %s with 400 and leaves the article and its PDF in place', async (issueId, message, n) => {
    // A deleted article's reference number stays taken, so each case adds its own.
    const { id, refnumber } = (await add(n)).json();
    const before = await t.journal.db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const response = await edit(id, n, { issue_id: issueId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message });
    expect(
      await t.journal.db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect(fs.existsSync(storedFile(FIRST, `${refnumber}.pdf`))).toBe(true);
    await remove(id);
  });
});
