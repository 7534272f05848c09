import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, issueFields, multipartForm, testPdf } from '../../test/article-form.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** A deleted published article brought back from its tombstone (decision 129). */
let t: TestApp;
let auth: { authorization: string };
const ISSUE = { year: 2028, volume: 3, issue: 1 };
const OTHER = { year: 2028, volume: 3, issue: 2 };
const CONFIRMED = { confirm: true };

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
});
afterAll(() => t.close());

const request = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const createIssue = (at: typeof ISSUE) => request('POST', '/api/admin/create-issue', { ...at, frequency: 'jan' });

/** Adds and deletes a published article numbered n: it leaves a tombstone. */
async function deletedArticle(n: number, at = ISSUE): Promise<void> {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/admin/archives/',
    headers: auth,
    payload: multipartForm({ ...articleFields(n), ...issueFields(at) }, testPdf(`article ${n}`)),
  });
  expect(added.statusCode).toBe(201);
  expect((await request('DELETE', `/api/archives/${(added.json() as { id: number }).id}`)).statusCode).toBe(200);
}

const deletedOf = async (at = ISSUE) =>
  (await request('GET', `/api/admin/archives/${at.year}/${at.volume}/${at.issue}/deleted`)).json() as {
    id: number;
    refnumber: string;
  }[];

describe('restoring a deleted published article', () => {
  it('brings it back switched off, with its reference number and citation, and says what it lacks', async () => {
    expect((await createIssue(ISSUE)).statusCode).toBe(201);
    await deletedArticle(1);
    const [deleted] = await deletedOf();
    const ref = articleFields(1).refnumber!;
    expect(deleted).toMatchObject({ refnumber: ref });

    const response = await request('POST', `/api/admin/deleted-articles/${deleted!.id}/restore`, CONFIRMED);
    expect(response.statusCode).toBe(201);
    const restored = response.json() as { id: number; refnumber: string; message: string };
    expect(restored).toMatchObject({
      refnumber: ref,
      message:
        `Article ${ref} is back, switched off: its PDF, abstract, email and transaction id were deleted with it. ` +
        'Add them here, then switch it on.',
    });
    const article = (await request('GET', `/api/archives/${restored.id}`)).json() as Record<string, unknown>;
    expect(article).toMatchObject({
      refnumber: ref,
      title: articleFields(1).title,
      status: 'disabled',
      file: null,
      abstract: '',
      txnid: `restored-${ref}`,
    });
    expect(await deletedOf()).toEqual([]);
    // Switched off, it answers its notice as a withdrawn article until the editor completes it.
    const page = await t.app.inject({ method: 'GET', url: `/archives/2028/vol3/issue1/${ref}` });
    expect(page.statusCode).toBe(410);
  });

  it('answers 404 for a tombstone already restored, 400 unconfirmed, and 401 without a token', async () => {
    expect((await request('POST', '/api/admin/deleted-articles/999999/restore', CONFIRMED)).statusCode).toBe(404);
    const unconfirmed = await request('POST', '/api/admin/deleted-articles/1/restore', {});
    expect(unconfirmed.json()).toEqual({
      error: 'invalid_input',
      message: 'confirm: confirm must be true: this action changes what readers see',
    });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/deleted-articles/1/restore',
      payload: CONFIRMED,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses with a clear 409 when the issue is gone, keeping the tombstone', async () => {
    const created = await createIssue(OTHER);
    await deletedArticle(2, OTHER);
    const [deleted] = await deletedOf(OTHER);
    expect((await request('DELETE', `/api/admin/issues/${(created.json() as { id: number }).id}`)).statusCode).toBe(
      200,
    );
    const response = await request('POST', `/api/admin/deleted-articles/${deleted!.id}/restore`, CONFIRMED);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'issue_missing',
      message:
        'Its issue no longer exists: add the issue again with the same year, volume and issue, then restore the article.',
    });
    expect(await deletedOf(OTHER)).toHaveLength(1);
  });
});
