import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings/default-settings.js';
import { articleFields, issueFields, multipartForm, testPdf, type IssueNumbers } from '../../test/article-form.js';
import { addArticle } from '../../test/archive-fixtures.js';
import { createTestApp, testEngine, type TestApp } from '../../test/test-app.js';
import { uniqueViolation } from '../../db/database.js';
import { saveSettings } from '../settings/settings.repository.js';
import { insertTombstone } from './tombstones.repository.js';

// Decision 099: a withdrawn or deleted article leaves a notice (410) at its address; one never published is a 404.

let t: TestApp;
let auth: { authorization: string };
const ISSUE: IssueNumbers = { year: 2025, volume: 3, issue: 1 };
const JOURNAL = 'Journal of Soil Studies';

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  await saveSettings(t.journal.db, { ...DEFAULT_SETTINGS, websitename: JOURNAL, updated_at: new Date().toISOString() });
  const issue = await t.app.inject({
    method: 'POST',
    url: '/api/admin/create-issue',
    headers: auth,
    payload: { ...ISSUE, frequency: 'jan-feb' },
  });
  expect(issue.statusCode).toBe(201);
});
afterAll(() => t.close());

/** Published in the issue's year, so the citation's year is 2025 whichever date it follows. */
const fields = (n: number, overrides: Record<string, string>) =>
  articleFields(n, { publishdate: '2025-03-10', ...overrides });
const add = (n: number, overrides: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/archives/',
    headers: auth,
    payload: multipartForm({ ...fields(n, overrides), ...issueFields(ISSUE) }, testPdf(`pdf ${n}`)),
  });
const edit = (id: number, n: number, overrides: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/archives/${id}`,
    headers: auth,
    payload: multipartForm(fields(n, overrides)),
  });
const remove = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/archives/${id}`, headers: auth });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const address = (refnumber: string) => `/archives/2025/vol3/issue1/${refnumber}`;
const today = () => new Date().toISOString().slice(0, 10);

/** The page of a withdrawn or deleted article: 410, its citation, when it went, and kept out of search engines. */
function expectNotice(page: { statusCode: number; body: string }, n: number, heading: string, verb: string) {
  expect(page.statusCode).toBe(410);
  expect(page.body).toContain(`<h1>${heading}</h1>`);
  expect(page.body).toContain('<meta name="robots" content="noindex">');
  expect(page.body).toContain(`was ${verb} from ${JOURNAL} on <time dateTime=`);
  expect(page.body).toContain(`>${today()}</time>`);
  const pages = `${n * 10 + 1}-${n * 10 + 9}`;
  expect(page.body).toContain(`Rao A. Soil study number ${n}. ${JOURNAL}, Volume 3, Issue 1, 2025, Pages ${pages}.`);
  // Nothing of the article itself is offered any more.
  expect(page.body).not.toContain('citation_pdf_url');
  expect(page.body).not.toContain('Abstract');
}

describe('a withdrawn article', () => {
  it('answers 410 with its citation while it is disabled, and 200 again once enabled', async () => {
    const added = await add(1, { doi: '10.5555/soil.1' });
    expect(added.statusCode).toBe(201);
    const { id, refnumber } = added.json();
    expect((await get(address(refnumber))).statusCode).toBe(200);

    expect((await edit(id, 1, { doi: '10.5555/soil.1', status: 'disabled' })).statusCode).toBe(200);
    const page = await get(address(refnumber));
    expectNotice(page, 1, 'Article withdrawn', 'withdrawn');
    expect(page.body).toContain('DOI: <a href="https://doi.org/10.5555/soil.1">');
    // The search form of the address too; other numbers lead to it.
    expect((await get(`/archives/2025/3/1/${refnumber}`)).statusCode).toBe(410);
    const moved = await get(`/archives/2024/vol3/issue1/${refnumber}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(address(refnumber));

    const notice = await get(`/api/archives/removed/${refnumber}`);
    expect(notice.statusCode).toBe(200);
    expect(notice.json()).toMatchObject({ kind: 'withdrawn', refnumber, doi: '10.5555/soil.1', year: 2025 });

    expect((await edit(id, 1, { doi: '10.5555/soil.1', status: 'enabled' })).statusCode).toBe(200);
    expect((await get(address(refnumber))).statusCode).toBe(200);
    expect((await get(`/api/archives/removed/${refnumber}`)).statusCode).toBe(404);
  });
});

describe('a deleted article', () => {
  it('leaves a tombstone: 410 with its citation and DOI, and its reference number and DOI stay taken', async () => {
    const { id, refnumber } = (await add(2, { doi: '10.5555/soil.2' })).json();
    expect((await remove(id)).statusCode).toBe(200);

    const page = await get(address(refnumber));
    expectNotice(page, 2, 'Article removed', 'removed');
    expect(page.body).toContain('DOI: <a href="https://doi.org/10.5555/soil.2">');
    expect((await get(`/api/archives/removed/${refnumber}`)).json()).toMatchObject({
      kind: 'removed',
      refnumber,
      title: 'Soil study number 2',
      authorname: 'Asha Rao',
      doi: '10.5555/soil.2',
      year: 2025,
      volume: 3,
      issue: 1,
      pagenumber: '21-29',
      publishdate: '2025-03-10',
      removed_at: expect.stringMatching(new RegExp(`^${today()}T`)),
    });
    // The public API of live articles knows nothing of it.
    expect((await get(`/api/archives/ref/${refnumber}`)).statusCode).toBe(404);

    // Neither a new article nor an edit may take its reference number or DOI; its title and transaction id are free.
    const sameNumber = await add(3, { refnumber });
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json()).toMatchObject({ error: 'duplicate_reference_number' });
    const sameDoi = await add(3, { doi: '10.5555/soil.2' });
    expect(sameDoi.statusCode).toBe(409);
    expect(sameDoi.json()).toMatchObject({ error: 'duplicate_doi' });
    const other = await add(3, { title: 'Soil study number 2', txnid: 'TXN-2' });
    expect(other.statusCode).toBe(201);
    const renumbered = await edit(other.json().id, 3, { refnumber, title: 'Soil study number 2', txnid: 'TXN-2' });
    expect(renumbered.statusCode).toBe(409);
    expect(renumbered.json()).toMatchObject({ error: 'duplicate_reference_number' });
    const redoi = await edit(other.json().id, 3, {
      doi: '10.5555/soil.2',
      title: 'Soil study number 2',
      txnid: 'TXN-2',
    });
    expect(redoi.json()).toMatchObject({ error: 'duplicate_doi' });
    expect((await get(address(refnumber))).statusCode).toBe(410);
  });

  it('leaves the notice of a withdrawn article when the withdrawn article is deleted', async () => {
    const { id, refnumber } = (await add(4)).json();
    expect((await edit(id, 4, { status: 'disabled' })).statusCode).toBe(200);
    expect((await remove(id)).statusCode).toBe(200);
    expectNotice(await get(address(refnumber)), 4, 'Article removed', 'removed');
  });
});

// SQLite has one writer at a time, so only PostgreSQL can interleave the two.
// PostgreSQL only: SQLite runs one write at a time, so the race cannot happen there.
if (testEngine === 'postgres') {
  describe('an article added while its number is being deleted', () => {
    it('is refused once the deletion commits: the check reads the tombstone after the wait', async () => {
      const { id, refnumber } = (await add(10)).json();
      let racing: Promise<unknown> | undefined;
      await t.journal.db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await insertTombstone(trx, row, new Date().toISOString());
        await trx.deleteFrom('articles').where('id', '=', id).execute();
        // On another connection: its insert waits on the unique index until this transaction ends.
        racing = addArticle(t.journal.db, { ...ISSUE, refnumber, pagenumber: '500-501' }).then(
          () => 'added',
          (error: unknown) => error,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      expect(uniqueViolation(await racing)).toBe('articles_refnumber_key');
    });
  });
}

describe('an article never published', () => {
  it('answers 404, and its deletion leaves nothing and frees its reference number', async () => {
    const { id, refnumber } = (await add(5)).json();
    // As an article of an issue that was never published (decision 098).
    await t.journal.db
      .updateTable('articles')
      .set({ issue_published: 0, issue_ever_published: 0 })
      .where('id', '=', id)
      .execute();
    t.journal.clock.publicDataChanged();
    expect((await get(address(refnumber))).statusCode).toBe(404);
    expect((await get(`/api/archives/removed/${refnumber}`)).statusCode).toBe(404);

    expect((await remove(id)).statusCode).toBe(200);
    const page = await get(address(refnumber));
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Article not found!');
    expect(await t.journal.db.selectFrom('article_tombstones').select('refnumber').execute()).not.toContainEqual({
      refnumber,
    });
    expect((await add(5)).statusCode).toBe(201);
  });

  it('answers 404 for a reference number no article ever had', async () => {
    expect((await get(address('7999'))).statusCode).toBe(404);
    expect((await get('/api/archives/removed/7999')).statusCode).toBe(404);
  });
});
