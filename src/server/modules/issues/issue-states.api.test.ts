import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, issueFields, multipartForm, testPdf } from '../../test/article-form.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Issues prepared in private and published in one step (decision 098). */
let t: TestApp;
let auth: { authorization: string };
const SITE_URL = 'https://journal.example.org';
const DRAFT = { year: 2027, volume: 9, issue: 1 };
const ARTICLE_PATH = (n: number) => `/archives/2027/vol9/issue1/${7000 + n}`;

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL } });
  auth = await t.authHeader();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: auth, ...(payload ? { payload } : {}) });
const addArticle = (n: number, issue = DRAFT) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/archives/',
    headers: auth,
    payload: multipartForm({ ...articleFields(n), ...issueFields(issue) }, testPdf(`article ${n}`)),
  });
const issueRow = (id: number) =>
  t.journal.db.selectFrom('issues').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Where readers, crawlers and harvesters could meet the article numbered n. */
async function publicTraces(n: number) {
  const ref = String(7000 + n);
  const [page, search, sitemap, feed, oai, download] = await Promise.all([
    get(ARTICLE_PATH(n)),
    get(`/api/search?keyword=${ref}`),
    get('/sitemap-2027.xml'),
    get('/feed.xml'),
    get('/oai?verb=ListIdentifiers&metadataPrefix=oai_dc'),
    get(`/api/archives/ref/${ref}`),
  ]);
  return {
    page: page.statusCode,
    search: (search.json() as { total?: number }).total ?? 0,
    sitemap: sitemap.statusCode === 200 && sitemap.body.includes(ARTICLE_PATH(n)),
    feed: feed.body.includes(ARTICLE_PATH(n)),
    oai: oai.body.includes(`article/${ref}`),
    download: download.statusCode,
  };
}

const INVISIBLE = { page: 404, search: 0, sitemap: false, feed: false, oai: false, download: 404 };
const VISIBLE = { page: 200, search: 1, sitemap: true, feed: true, oai: true, download: 200 };

describe('issue states', () => {
  let draftId: number;

  it('publishes an issue made by the specification call without a state, dated today', async () => {
    const response = await post('/api/admin/create-issue', { year: 2026, volume: 8, issue: 4, frequency: 'jan' });
    expect(response.statusCode).toBe(201);
    const row = await issueRow((response.json() as { id: number }).id);
    expect(row).toMatchObject({
      state: 'published',
      publish_at: '',
      publication_date: new Date().toISOString().slice(0, 10),
    });
  });

  it('keeps a draft issue and its articles away from readers, search, sitemap, feed, OAI-PMH and the download page', async () => {
    const response = await post('/api/admin/create-issue', { ...DRAFT, frequency: 'jan', state: 'draft' });
    expect(response.statusCode).toBe(201);
    draftId = (response.json() as { id: number }).id;
    expect(await issueRow(draftId)).toMatchObject({ state: 'draft', publication_date: '' });
    for (const n of [1, 2]) expect((await addArticle(n)).statusCode).toBe(201);
    expect(await publicTraces(1)).toEqual(INVISIBLE);
    expect((await get('/archives/2027/vol9/issue1')).statusCode).toBe(404);
    expect((await get('/oai?verb=ListSets')).body).not.toContain('vol:9');
  });

  it('shows the draft in the admin list with its state and counts', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/archives/', headers: auth })).json() as {
      id: number;
      state: string;
      articles: number;
      enabledArticles: number;
    }[];
    expect(list.find((issue) => issue.id === draftId)).toMatchObject({
      state: 'draft',
      articles: 2,
      enabledArticles: 2,
    });
  });

  it('publishes the issue in one step: one date for the issue and each article, visible everywhere', async () => {
    const response = await post(`/api/admin/issues/${draftId}/publish`, { publication_date: '2027-01-15' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      state: 'published',
      publication_date: '2027-01-15',
      message: 'Issue published',
    });
    expect(await publicTraces(1)).toEqual(VISIBLE);
    const dates = await t.journal.db.selectFrom('articles').select('publishdate').where('year', '=', 2027).execute();
    expect(dates.map((row) => row.publishdate)).toEqual(['2027-01-15', '2027-01-15']);
    const page = (await get(ARTICLE_PATH(1))).body;
    expect(page).toContain('<meta name="citation_publication_date" content="2027/01/15"');
    expect((await get('/feed.xml')).body).toContain('2027-01-15');
  });

  it('refuses to publish a published issue again, with 409 and nothing changed', async () => {
    const response = await post(`/api/admin/issues/${draftId}/publish`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'already_published', message: 'This issue is published already.' });
    expect(await issueRow(draftId)).toMatchObject({ publication_date: '2027-01-15' });
  });

  it('adds an article to a published issue as public at once, and to a draft as hidden', async () => {
    expect((await addArticle(3)).statusCode).toBe(201);
    expect((await get(ARTICLE_PATH(3))).statusCode).toBe(200);
  });

  it('takes the issue back to draft: its articles leave the site and OAI-PMH reports them deleted', async () => {
    const response = await post(`/api/admin/issues/${draftId}/unpublish`, { confirm: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ state: 'draft', publication_date: '2027-01-15' });
    // Once public, its address answers 410 Gone with a notice (decision 099), like a withdrawn article's.
    expect(await publicTraces(1)).toEqual({ ...INVISIBLE, page: 410, oai: true });
    const record = await get(
      `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:journal.example.org:article/7001`,
    );
    expect(record.body).toContain('<header status="deleted">');
    expect((await post(`/api/admin/issues/${draftId}/unpublish`, { confirm: true })).statusCode).toBe(409);
    const unconfirmed = await post(`/api/admin/issues/${draftId}/unpublish`, {});
    expect(unconfirmed.json()).toEqual({
      error: 'invalid_input',
      message: 'confirm: confirm must be true: this action changes what readers see',
    });
  });

  it('refuses a schedule in the past or without a time zone with a clear 400', async () => {
    for (const [publish_at, message] of [
      ['2020-01-01T00:00:00Z', 'publish_at: Publication time must be in the future'],
      ['2030-01-01T00:00', 'publish_at: Publication time must be a date and time with its time zone'],
    ]) {
      const response = await post(`/api/admin/issues/${draftId}/schedule`, { publish_at });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_input', message });
    }
    expect(await issueRow(draftId)).toMatchObject({ state: 'draft', publish_at: '' });
  });

  it('refuses to schedule an issue without an enabled article with a clear 409, leaving it a draft', async () => {
    const created = await post('/api/admin/create-issue', { year: 2027, volume: 9, issue: 2, frequency: 'feb' });
    const emptyId = (created.json() as { id: number }).id;
    expect((await post(`/api/admin/issues/${emptyId}/unpublish`, { confirm: true })).statusCode).toBe(200);
    const at = new Date(Date.now() + 60_000).toISOString();
    const response = await post(`/api/admin/issues/${emptyId}/schedule`, { publish_at: at });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'empty_issue',
      message: 'This issue has no enabled article yet: add its articles before scheduling its publication.',
    });
    expect(await issueRow(emptyId)).toMatchObject({ state: 'draft', publish_at: '' });
  });

  it('publishes a scheduled issue once its time comes, once whichever process checks', async () => {
    const at = new Date(Date.now() + 60_000).toISOString();
    const response = await post(`/api/admin/issues/${draftId}/schedule`, { publish_at: at });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ state: 'scheduled', publish_at: at });
    const issues = t.journal.services.issues;
    expect(await issues.publishDue(new Date())).toBe(0);
    expect((await get(ARTICLE_PATH(1))).statusCode).toBe(410);
    const later = new Date(Date.now() + 120_000);
    const counts = await Promise.all([issues.publishDue(later), issues.publishDue(later)]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await issueRow(draftId)).toMatchObject({
      state: 'published',
      publish_at: '',
      publication_date: at.slice(0, 10),
    });
    expect((await get(ARTICLE_PATH(1))).statusCode).toBe(200);
    const activity = await t.journal.db
      .selectFrom('activity_log')
      .select(['username', 'summary'])
      .where('action', '=', 'publish')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(activity).toEqual({
      username: 'schedule',
      summary: `Published VOL. 9, ISSUE 1 (2027) Jan as scheduled, dated ${at.slice(0, 10)}`,
    });
  });

  it('answers 404 for an unknown issue and 401 without a token', async () => {
    expect((await post('/api/admin/issues/99999/publish', {})).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/issues/${draftId}/unpublish`,
      payload: { confirm: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('licence per article', () => {
  const licences = async () =>
    (
      await t.journal.db.selectFrom('articles').select(['refnumber', 'licence_name']).orderBy('refnumber').execute()
    ).map((row) => `${row.refnumber}: ${row.licence_name}`);
  const saveLicence = async (licence_name: string, licence_url: string) => {
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings/', headers: auth })).json() as object;
    const response = await post('/api/settings', { ...settings, licence_name, licence_url });
    expect(response.statusCode).toBe(200);
  };
  const CC_BY = ['CC BY 4.0', 'https://creativecommons.org/licenses/by/4.0/'] as const;
  const CC_BY_NC = ['CC BY-NC 4.0', 'https://creativecommons.org/licenses/by-nc/4.0/'] as const;

  it('gives a new article the licence of the day and leaves the archive as it was published', async () => {
    await saveLicence(...CC_BY);
    expect((await addArticle(4)).statusCode).toBe(201);
    await saveLicence(...CC_BY_NC);
    expect((await addArticle(5)).statusCode).toBe(201);
    const list = await licences();
    expect(list).toContain('7004: CC BY 4.0');
    expect(list).toContain('7005: CC BY-NC 4.0');
    expect((await get(ARTICLE_PATH(4))).body).toContain(CC_BY[1]);
  });

  it('re-licenses every existing article only when asked', async () => {
    const response = await post('/api/admin/articles/apply-licence', { confirm: true });
    expect(response.statusCode).toBe(200);
    const changed = (await licences()).filter((line) => !line.endsWith('CC BY-NC 4.0')).length;
    expect(changed).toBe(0);
    expect((response.json() as { articles: number }).articles).toBeGreaterThan(0);
    expect((await get(ARTICLE_PATH(4))).body).toContain(CC_BY_NC[1]);
    expect((await post('/api/admin/articles/apply-licence', { confirm: true })).json()).toMatchObject({ articles: 0 });
  });
});
