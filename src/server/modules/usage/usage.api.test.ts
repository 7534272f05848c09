import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articleFields, issueFields, multipartForm, testPdf, type IssueNumbers } from '../../test/article-form.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { readJournalUsage } from './usage.repository.js';

// Decision 101: counting by the COUNTER Code of Practice 5.1, through the page beacon and PDF downloads.

let t: TestApp;
let auth: { authorization: string };
const ISSUE: IssueNumbers = { year: 2026, volume: 21, issue: 1 };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
let article: { id: number; refnumber: string };
const thisMonth = new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  const issue = await t.app.inject({
    method: 'POST',
    url: '/api/admin/create-issue',
    headers: auth,
    payload: { ...ISSUE, frequency: 'jan-feb' },
  });
  expect(issue.statusCode).toBe(201);
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/admin/archives/',
    headers: auth,
    payload: multipartForm({ ...articleFields(1), ...issueFields(ISSUE) }, testPdf('counted article')),
  });
  expect(added.statusCode).toBe(201);
  article = added.json();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.usage.flush();
  await t.journal.db.deleteFrom('usage_events').execute();
  await t.journal.db.deleteFrom('usage_searches').execute();
});

let nextAddress = 1;
/** A reader of their own: the double-click filter remembers each user for 30 seconds. */
const newReader = (userAgent = BROWSER) => ({ address: `192.0.2.${nextAddress++}`, userAgent });
type Reader = ReturnType<typeof newReader>;

const beacon = (reader: Reader, kind: 'view' | 'search', payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/usage/${kind}`,
    remoteAddress: reader.address,
    headers: { 'user-agent': reader.userAgent },
    payload,
  });
const view = (reader: Reader, ref = article.refnumber) => beacon(reader, 'view', { ref });
const download = (reader: Reader, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/assets/archives/${ISSUE.year}/vol${ISSUE.volume}issue${ISSUE.issue}/${article.refnumber}.pdf`,
    remoteAddress: reader.address,
    headers: { 'user-agent': reader.userAgent, ...headers },
  });

const JOURNAL = { platform: 'Test', title: 'Test', printIssn: '', onlineIssn: '', publisher: '', url: '' };
async function countsNow() {
  await t.ctx.usage.flush();
  const usage = await readJournalUsage(t.journal.db, JOURNAL, 'https://journal.test', thisMonth, thisMonth);
  return {
    items: usage.items,
    counts: usage.items.find((item) => item.articleId === article.id)?.months[thisMonth],
    searches: usage.searches[thisMonth] ?? 0,
  };
}

describe('the page beacon', () => {
  it('counts a view as one investigation, and a repeat within 30 seconds not again', async () => {
    const reader = newReader();
    expect((await view(reader)).json()).toEqual({ counted: true, figures: null });
    expect((await view(reader)).json()).toEqual({ counted: false, figures: null });
    const { counts } = await countsNow();
    expect(counts).toEqual({
      Total_Item_Investigations: 1,
      Unique_Item_Investigations: 1,
      Total_Item_Requests: 0,
      Unique_Item_Requests: 0,
    });
  });

  it("never counts a user agent on COUNTER's robots list, nor one without a user agent", async () => {
    for (const agent of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'python-requests/2.31', 'curl/8.5.0', ''])
      expect((await view(newReader(agent))).json().counted).toBe(false);
    expect((await countsNow()).items).toEqual([]);
  });

  it('counts two users as two unique investigations', async () => {
    await view(newReader());
    await view(newReader());
    expect((await countsNow()).counts).toMatchObject({ Total_Item_Investigations: 2, Unique_Item_Investigations: 2 });
  });

  it('refuses an unknown reference number with 404 and a malformed beacon with 400, counting nothing', async () => {
    expect((await view(newReader(), 'no-such-article')).statusCode).toBe(404);
    expect((await beacon(newReader(), 'view', { ref: '' })).statusCode).toBe(400);
    expect((await beacon(newReader(), 'view', {})).statusCode).toBe(400);
    expect((await beacon(newReader(), 'search', { query: ' ' })).statusCode).toBe(400);
    expect((await countsNow()).items).toEqual([]);
  });

  it('counts searches, a repeat of the same query within 30 seconds once', async () => {
    const reader = newReader();
    await beacon(reader, 'search', { query: 'soil' });
    await beacon(reader, 'search', { query: 'Soil ' });
    await beacon(reader, 'search', { query: 'water' });
    expect((await countsNow()).searches).toBe(2);
  });

  it('answers the figures when the journal shows them on article pages', async () => {
    await download(newReader());
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings/', headers: auth });
    const shown = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: auth,
      payload: { ...(settings.json() as object), show_usage: true },
    });
    expect(shown.statusCode).toBe(200);
    await t.ctx.usage.flush();
    expect((await view(newReader())).json()).toEqual({ counted: true, figures: { views: 0, downloads: 1 } });
    await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: auth,
      payload: { ...(settings.json() as object), show_usage: false },
    });
  });
});

describe('PDF downloads', () => {
  it('count as a request and an investigation; the ranges after the first bytes do not count again', async () => {
    const reader = newReader();
    expect((await download(reader, { range: 'bytes=0-99' })).statusCode).toBe(206);
    expect((await download(newReader(), { range: 'bytes=100-199' })).statusCode).toBe(206);
    expect((await countsNow()).counts).toEqual({
      Total_Item_Investigations: 1,
      Unique_Item_Investigations: 1,
      Total_Item_Requests: 1,
      Unique_Item_Requests: 1,
    });
  });

  it("add to the same user-session's view: one unique item, two investigations", async () => {
    const reader = newReader();
    await view(reader);
    expect((await download(reader)).statusCode).toBe(200);
    expect((await download(reader)).statusCode).toBe(200);
    expect((await countsNow()).counts).toEqual({
      Total_Item_Investigations: 2,
      Unique_Item_Investigations: 1,
      Total_Item_Requests: 1,
      Unique_Item_Requests: 1,
    });
  });

  it('are not counted for robots', async () => {
    expect((await download(newReader('Mozilla/5.0 (compatible; bingbot/2.0)'))).statusCode).toBe(200);
    expect((await countsNow()).items).toEqual([]);
  });
});

describe('what is stored', () => {
  it('holds neither the address nor the browser, only a keyed hash per user-session', async () => {
    const reader = newReader();
    await view(reader);
    await t.ctx.usage.flush();
    const rows = await t.journal.db.selectFrom('usage_events').selectAll().execute();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(reader.address);
    expect(stored).not.toContain('Firefox');
    expect(rows[0]!.session).toMatch(/^[\w-]{32}$/);
  });
});

describe('figures for the author download page', () => {
  it("answer a published article's views and downloads, and 404 for an unknown one", async () => {
    await view(newReader());
    await download(newReader());
    await t.ctx.usage.flush();
    const figures = await t.app.inject({ method: 'GET', url: `/api/usage/figures?ref=${article.refnumber}` });
    expect(figures.json()).toEqual({ views: 1, downloads: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/usage/figures?ref=none' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/usage/figures' })).statusCode).toBe(400);
  });
});
