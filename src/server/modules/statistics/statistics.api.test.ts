import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statistics } from '../../../common/schemas/statistics.js';
import type { JournalDb } from '../../db/database.js';
import { hashPassword } from '../../auth/passwords.js';
import { articleFields, issueFields, multipartForm, testPdf, type IssueNumbers } from '../../test/article-form.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertUser } from '../users/users.repository.js';

// Decision 101: the admin statistics screen reads usage_events (views = investigations - requests, downloads =
// requests) per month, per article and per issue, and as a CSV.

let t: TestApp;
let auth: { authorization: string };
let staff: { authorization: string };
const FIRST: IssueNumbers = { year: 2025, volume: 4, issue: 1 };
const SECOND: IssueNumbers = { year: 2025, volume: 4, issue: 2 };
const OTHER_HOST = 'bravo.journals.test';
/** An article id no article or tombstone ever had: deleted before tombstones kept ids. */
const UNKNOWN_ID = 987_654;
const ids = { a: 0, b: 0, c: 0 };

async function addArticle(n: number, issue: IssueNumbers, title: string): Promise<number> {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/admin/archives/',
    headers: auth,
    payload: multipartForm(
      { ...articleFields(n, { title, publishdate: '2025-01-15' }), ...issueFields(issue) },
      testPdf(`n${n}`),
    ),
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json().id;
}

/** One session's use of an article on a day: `investigations` views and downloads, `requests` downloads. */
const use = (
  db: JournalDb,
  article_id: number,
  day: string,
  session: string,
  investigations: number,
  requests: number,
) => db.insertInto('usage_events').values({ article_id, day, session, investigations, requests }).execute();

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  const staffId = await insertUser(t.journal.db, {
    username: 'clerk',
    name: 'Clerk',
    password_hash: await hashPassword('clerk-password-1'),
    role: 'staff',
  });
  staff = { authorization: `Bearer ${await t.ctx.tokens.sign({ userId: staffId, username: 'clerk', name: 'Clerk' })}` };
  for (const issue of [FIRST, SECOND]) {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/create-issue',
      headers: auth,
      payload: { ...issue, frequency: 'jan-feb' },
    });
    expect(made.statusCode, made.body).toBe(201);
  }
  ids.a = await addArticle(1, FIRST, 'Roots of <i>Oryza sativa</i> &amp; soil');
  ids.b = await addArticle(2, SECOND, 'Rain and rivers');
  ids.c = await addArticle(3, FIRST, 'A withdrawn survey');

  const db = t.journal.db;
  // In the period 2025-01 to 2025-06; a: 6 investigations, 3 requests; b: 7 and 4; c: 2 and 1; unknown: 2 and 0.
  await use(db, ids.a, '2025-02-10', 's1', 3, 1);
  await use(db, ids.a, '2025-02-11', 's2', 1, 0);
  await use(db, ids.a, '2025-04-01', 's3', 2, 2);
  await use(db, ids.b, '2025-02-28', 's1', 2, 0);
  await use(db, ids.b, '2025-06-30', 's4', 5, 4);
  await use(db, ids.c, '2025-03-15', 's5', 2, 1);
  await use(db, UNKNOWN_ID, '2025-03-20', 's6', 2, 0);
  // Just outside the period.
  await use(db, ids.a, '2024-12-31', 's7', 10, 10);
  await use(db, ids.a, '2025-07-01', 's8', 10, 10);
  const removed = await t.app.inject({ method: 'DELETE', url: `/api/archives/${ids.c}`, headers: auth });
  expect(removed.statusCode, removed.body).toBeLessThan(300);

  // Another journal's usage, of an id of this journal's and of one of its own, in the same period.
  const other = await t.ctx.journalList.create({ name: 'Second', hosts: [OTHER_HOST] });
  await use(t.ctx.journals.site(other).db, ids.a, '2025-02-10', 'x1', 50, 40);
  await use(t.ctx.journals.site(other).db, UNKNOWN_ID + 1, '2025-05-05', 'x2', 9, 9);
}, 60_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = auth) => t.app.inject({ method: 'GET', url, headers });

async function statistics(query: string, headers: Record<string, string> = auth): Promise<Statistics> {
  const response = await get(`/api/admin/statistics${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const PERIOD = '?from=2025-01&to=2025-06';

describe('the statistics of a period', () => {
  it('lists every month of the period, zeros included, with views and downloads', async () => {
    const { from, to, months } = await statistics(PERIOD);
    expect({ from, to }).toEqual({ from: '2025-01', to: '2025-06' });
    expect(months).toEqual([
      { month: '2025-01', views: 0, downloads: 0 },
      { month: '2025-02', views: 5, downloads: 1 },
      { month: '2025-03', views: 3, downloads: 1 },
      { month: '2025-04', views: 0, downloads: 2 },
      { month: '2025-05', views: 0, downloads: 0 },
      { month: '2025-06', views: 1, downloads: 4 },
    ]);
  });

  it('ranks the articles by views and downloads, with plain titles and deleted ones kept', async () => {
    const { articles } = await statistics(PERIOD);
    expect(articles).toEqual([
      {
        id: ids.b,
        refnumber: '7002',
        title: 'Rain and rivers',
        year: 2025,
        volume: 4,
        issue: 2,
        deleted: false,
        views: 3,
        downloads: 4,
      },
      {
        id: ids.a,
        refnumber: '7001',
        title: 'Roots of Oryza sativa & soil',
        year: 2025,
        volume: 4,
        issue: 1,
        deleted: false,
        views: 3,
        downloads: 3,
      },
      {
        id: ids.c,
        refnumber: '7003',
        title: 'A withdrawn survey',
        year: 2025,
        volume: 4,
        issue: 1,
        deleted: true,
        views: 1,
        downloads: 1,
      },
      {
        id: UNKNOWN_ID,
        refnumber: '',
        title: 'Deleted article',
        year: null,
        volume: null,
        issue: null,
        deleted: true,
        views: 2,
        downloads: 0,
      },
    ]);
  });

  it('ranks the issues by their articles, a deleted article under its tombstone', async () => {
    const { issues } = await statistics(PERIOD);
    expect(issues).toEqual([
      { year: 2025, volume: 4, issue: 1, views: 4, downloads: 4 },
      { year: 2025, volume: 4, issue: 2, views: 3, downloads: 4 },
    ]);
  });

  it('covers the last 12 months up to this month by default', async () => {
    const now = new Date();
    const thisMonth = now.toISOString().slice(0, 7);
    const { from, to, months } = await statistics('');
    expect(to).toBe(thisMonth);
    expect(months.map((month) => month.month)).toHaveLength(12);
    expect(months[0]!.month).toBe(from);
    expect(months.at(-1)!.month).toBe(thisMonth);
    const yearAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 7);
    expect(from).toBe(yearAgo);
  });

  it('shows empty lists for a period without usage', async () => {
    const { months, articles, issues } = await statistics('?from=2020-01&to=2020-03');
    expect(months).toEqual([
      { month: '2020-01', views: 0, downloads: 0 },
      { month: '2020-02', views: 0, downloads: 0 },
      { month: '2020-03', views: 0, downloads: 0 },
    ]);
    expect([articles, issues]).toEqual([[], []]);
  });

  it('keeps the top 20 articles and top 10 issues', async () => {
    const db = t.journal.db;
    for (let n = 0; n < 24; n++) {
      const id = 500_000 + n;
      await use(db, id, '2023-05-01', `top${n}`, n + 1, 0);
      if (n < 12)
        await db
          .insertInto('article_tombstones')
          .values({
            article_id: id,
            refnumber: String(90_000 + n),
            year: 2023,
            volume: 1,
            issue: n + 1,
            title: `<b>Gone</b> ${n}`,
            authorname: 'A. Author',
            doi: '',
            publishdate: '2023-01-01',
            pagenumber: '1-2',
            removed_at: '2024-01-01T00:00:00.000Z',
          })
          .execute();
    }
    const { articles, issues } = await statistics('?from=2023-05&to=2023-05');
    expect(articles).toHaveLength(20);
    expect(articles[0]).toMatchObject({ id: 500_023, title: 'Deleted article', views: 24 });
    expect(articles.at(-1)).toMatchObject({ id: 500_004, views: 5 });
    expect(issues.map((issue) => issue.issue)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(issues[0]).toEqual({ year: 2023, volume: 1, issue: 12, views: 12, downloads: 0 });
    const csv = (await get('/api/admin/statistics.csv?from=2023-05&to=2023-05')).body;
    expect(csv).toContain('90011,Gone 11,2023,1,12,12,0\n');
  });

  it("shows none of another journal's usage, and that journal none of this one's", async () => {
    const mine = await statistics(PERIOD);
    expect(mine.months.find((month) => month.month === '2025-02')).toEqual({
      month: '2025-02',
      views: 5,
      downloads: 1,
    });
    const theirs = await statistics(PERIOD, { ...auth, host: OTHER_HOST });
    expect(theirs.months.filter((month) => month.views || month.downloads)).toEqual([
      { month: '2025-02', views: 10, downloads: 40 },
      { month: '2025-05', views: 0, downloads: 9 },
    ]);
    // Ids are the installation's: this journal's article is no citation of theirs.
    expect(theirs.articles.map((article) => [article.id, article.title])).toEqual([
      [ids.a, 'Deleted article'],
      [UNKNOWN_ID + 1, 'Deleted article'],
    ]);
    expect(theirs.issues).toEqual([]);
  });
});

describe('the CSV', () => {
  it('lists every used article of the period as a download', async () => {
    const response = await get(`/api/admin/statistics.csv${PERIOD}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="usage-2025-01-to-2025-06.csv"');
    expect(response.body).toBe(
      '\ufeffrefnumber,title,year,volume,issue,views,downloads\n' +
        '7002,Rain and rivers,2025,4,2,3,4\n' +
        '7001,Roots of Oryza sativa & soil,2025,4,1,3,3\n' +
        '7003,A withdrawn survey,2025,4,1,1,1\n' +
        ',Deleted article,,,,2,0\n',
    );
  });

  it('has only its header for a period without usage', async () => {
    const response = await get('/api/admin/statistics.csv?from=2020-01&to=2020-01');
    expect(response.body).toBe('\ufeffrefnumber,title,year,volume,issue,views,downloads\n');
  });
});

describe('refusals', () => {
  it.each([
    ['?from=2025-13', 'from: Months must look like 2026-03'],
    ['?to=2025-1', 'to: Months must look like 2026-03'],
    ['?from=2025-06&to=2025-01', 'from: The first month (2025-06) comes after the last (2025-01)'],
    ['?from=2015-01&to=2025-01', 'to: A period may cover at most 10 years (120 months); this one has 121'],
  ])('refuses %s with a clear 400', async (query, message) => {
    for (const path of ['/api/admin/statistics', '/api/admin/statistics.csv']) {
      const response = await get(`${path}${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_input', message });
    }
  });

  it('takes a period of exactly 10 years', async () => {
    expect((await statistics('?from=2015-02&to=2025-01')).months).toHaveLength(120);
  });

  it('is for admins only', async () => {
    for (const path of ['/api/admin/statistics', '/api/admin/statistics.csv']) {
      expect((await get(path, staff)).statusCode).toBe(403);
      expect((await get(path, {})).statusCode).toBe(401);
    }
  });
});
