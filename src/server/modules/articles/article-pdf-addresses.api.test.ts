import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, issueFields, multipartForm, testPdf, type IssueNumbers } from '../../test/article-form.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Decision 099: a moved article's PDF answers 301 like its page, and a replaced PDF is served new at once.

let t: TestApp;
let auth: { authorization: string };
const FIRST: IssueNumbers = { year: 2026, volume: 14, issue: 1 };
const SECOND: IssueNumbers = { year: 2026, volume: 14, issue: 2 };
let secondIssueId: number;

const createIssue = async (numbers: IssueNumbers) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/create-issue',
    headers: auth,
    payload: { ...numbers, frequency: 'jan-feb' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  await createIssue(FIRST);
  secondIssueId = await createIssue(SECOND);
});
afterAll(() => t.close());

const add = async (n: number) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/archives/',
    headers: auth,
    payload: multipartForm({ ...articleFields(n), ...issueFields(FIRST) }, testPdf(`first version of ${n}`)),
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; refnumber: string };
};
const edit = (id: number, n: number, extra: Record<string, string>, pdf?: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/archives/${id}`,
    headers: auth,
    payload: multipartForm({ ...articleFields(n), ...extra }, pdf),
  });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const pdfUrl = (at: IssueNumbers, refnumber: string) =>
  `/assets/archives/${at.year}/vol${at.volume}issue${at.issue}/${refnumber}.pdf`;

describe("a moved article's PDF", () => {
  it('answers 301 at its old address, as the article page does, and 404 once the article is not published', async () => {
    const { id, refnumber } = await add(1);
    expect((await edit(id, 1, { issue_id: String(secondIssueId) })).statusCode).toBe(200);

    const page = await get(`/archives/2026/vol14/issue1/${refnumber}`);
    expect(page.statusCode).toBe(301);
    const moved = await get(pdfUrl(FIRST, refnumber));
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(pdfUrl(SECOND, refnumber));
    const there = await get(pdfUrl(SECOND, refnumber));
    expect(there.statusCode).toBe(200);
    expect(there.rawPayload.equals(testPdf('first version of 1'))).toBe(true);
    // Any other folder of the same file leads there too; a file no published article has does not.
    expect((await get(`/assets/archives/2020/vol1issue1/${refnumber}.pdf`)).headers.location).toBe(
      pdfUrl(SECOND, refnumber),
    );
    expect((await get(pdfUrl(FIRST, '7999'))).statusCode).toBe(404);

    expect((await edit(id, 1, { status: 'disabled' })).statusCode).toBe(200);
    expect((await get(pdfUrl(FIRST, refnumber))).statusCode).toBe(404);
    expect((await get(pdfUrl(SECOND, refnumber))).statusCode).toBe(404);
  });
});

describe('a replaced PDF', () => {
  it('is served new at once: browsers and proxies ask again before each use, and the old copy is not current', async () => {
    const { id, refnumber } = await add(2);
    const url = pdfUrl(FIRST, refnumber);
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toBeTruthy();
    expect(first.headers['last-modified']).toBeTruthy();
    // While it is unchanged, asking again costs a 304.
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);

    expect((await edit(id, 2, {}, testPdf('corrected version of 2'))).statusCode).toBe(200);
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers['cache-control']).toBe('public, no-cache');
    expect(after.headers.etag).not.toBe(etag);
    expect(after.rawPayload.equals(testPdf('corrected version of 2'))).toBe(true);
  });
});
