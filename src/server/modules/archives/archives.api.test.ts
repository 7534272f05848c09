import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';

let t: TestApp;
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/archives/ with nothing published', () => {
  it('answers an empty list, even when an issue exists without articles', async () => {
    await addIssue(t.journal.db, 2020, 1, 1, 'jan-feb');
    const response = await get('/api/archives/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('archive reads', () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const db = t.journal.db;
    await addIssue(db, 2024, 1, 1, 'jan-feb');
    await addIssue(db, 2024, 1, 2, '');
    await addIssue(db, 2025, 2, 1, 'jan-mar');
    await addIssue(db, 2025, 2, 2, 'apr-jun');
    await addIssue(db, 2025, 2, 3, 'jul-sep');
    await addIssue(db, 2023, 9, 1, 'jan');
    // 2025 vol 2 issue 3: pages out of insertion order, to check the numeric sort by first page.
    ids.p10 = await addArticle(db, {
      year: 2025,
      volume: 2,
      issue: 3,
      refnumber: '70010',
      pagenumber: '10-19',
      title: 'Tenth page <script>alert(1)</script><em>study</em>',
    });
    ids.p2 = await addArticle(db, { year: 2025, volume: 2, issue: 3, refnumber: '70002', pagenumber: '2-9' });
    ids.p20 = await addArticle(db, {
      year: 2025,
      volume: 2,
      issue: 3,
      refnumber: '70020',
      pagenumber: '20-25',
      file: null,
    });
    ids.disabled = await addArticle(db, {
      year: 2025,
      volume: 2,
      issue: 3,
      refnumber: '70030',
      pagenumber: '30-31',
      status: 'disabled',
    });
    ids.noRef = await addArticle(db, { year: 2025, volume: 2, issue: 3, refnumber: '', pagenumber: '40-41' });
    await addArticle(db, { year: 2025, volume: 2, issue: 1, pagenumber: '1-4' });
    await addArticle(db, { year: 2024, volume: 1, issue: 1, pagenumber: '1-4' });
    await addArticle(db, { year: 2024, volume: 1, issue: 2, pagenumber: '1-4' });
    await addArticle(db, { year: 2023, volume: 9, issue: 1, pagenumber: '1-4', status: 'disabled' });
    // Fixtures write around the HTTP layer, so they announce their write as the server's hook would.
    t.journal.clock.publicDataChanged();
  });

  it('groups published issues by year and volume, newest first, with months where known', async () => {
    const response = await get('/api/archives/');
    expect(response.json()).toEqual([
      { year: 2025, volume: 2, total_issues: 2, issue_month: { 3: 'jul-sep', 1: 'jan-mar' }, issues: [3, 1] },
      { year: 2024, volume: 1, total_issues: 2, issue_month: { 1: 'jan-feb' }, issues: [2, 1] },
    ]);
  });

  it('lists an issue: enabled articles with a reference number only, by numeric first page', async () => {
    const response = await get('/api/archives/2025/2/3');
    expect(response.statusCode).toBe(200);
    const articles = response.json() as {
      id: number;
      refnumber: string;
      pagenumber: string;
      file: string | null;
      title: string;
    }[];
    expect(articles.map((a) => a.refnumber)).toEqual(['70002', '70010', '70020']);
    expect(articles[2]!.file).toBeNull();
    expect(articles.every((a) => (a as { frequency?: string }).frequency === 'jul-sep')).toBe(true);
    expect(articles[1]!.title).toBe('Tenth page <em>study</em>');
    expect(Object.keys(articles[0]!)).not.toContain('email');
  });

  it('reads each issue parameter as its first run of digits', async () => {
    const response = await get('/api/archives/2025/vol2/issue3');
    expect(response.json().map((a: { refnumber: string }) => a.refnumber)).toEqual(['70002', '70010', '70020']);
  });

  it('answers an existing issue without published articles with an empty list, and an unknown issue with 404', async () => {
    expect((await get('/api/archives/2025/2/2')).json()).toEqual([]);
    const missing = await get('/api/archives/2025/2/9');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: 'Issue not found' });
  });

  it('answers garbage issue parameters with 404 (or the issue their first digits name), never a server error', async () => {
    const cases: [string, number][] = [
      ['/api/archives/abc/def/ghi', 404],
      ['/api/archives/99999999999999999999/1/1', 404],
      [`/api/archives/${encodeURIComponent("2025' OR 1=1 --")}/2/3x`, 200],
      [`/api/archives/${encodeURIComponent('<script>')}/x/${encodeURIComponent('ü')}`, 404],
      [`/api/archives/${encodeURIComponent('<script>')}/%00/${encodeURIComponent('ü')}`, 400],
      [`/api/archives/${'9'.repeat(400)}/1/1`, 404],
    ];
    for (const [url, status] of cases) expect((await get(url)).statusCode, url).toBe(status);
  });

  it('finds an enabled article by reference number, without the private fields', async () => {
    const response = await get('/api/archives/ref/70002');
    expect(response.statusCode).toBe(200);
    const article = response.json();
    expect(article).toMatchObject({
      id: ids.p2,
      refnumber: '70002',
      pagenumber: '2-9',
      status: 'enabled',
      year: 2025,
      volume: 2,
      issue: 3,
    });
    expect(article.abstract).toContain('<p>Abstract of article');
    for (const field of ['email', 'mobile', 'txnid', 'title_key']) expect(article).not.toHaveProperty(field);
  });

  it('answers a disabled, missing or malformed reference number with 404', async () => {
    for (const ref of [
      '70030',
      '123456',
      'abc',
      encodeURIComponent("1' OR '1'='1"),
      encodeURIComponent('<b>x</b>'),
      '9'.repeat(300),
    ]) {
      const response = await get(`/api/archives/ref/${ref}`);
      expect(response.statusCode, ref).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
  });

  it('answers GET /api/archives/{id}: published only without a token', async () => {
    const enabled = await get(`/api/archives/${ids.p10}`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ refnumber: '70010' });
    expect(enabled.json()).not.toHaveProperty('txnid');
    expect((await get(`/api/archives/${ids.disabled}`)).statusCode).toBe(404);
    // Enabled but without a reference number: not published, as in the issue lists and the search.
    expect((await get(`/api/archives/${ids.noRef}`)).statusCode).toBe(404);
    expect((await get(`/api/archives/${ids.noRef}`, await t.authHeader())).statusCode).toBe(200);
  });

  it('answers GET /api/archives/{id} with any status and every field with a token', async () => {
    const response = await get(`/api/archives/${ids.disabled}`, await t.authHeader());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      refnumber: '70030',
      status: 'disabled',
      email: expect.stringContaining('@mail.example'),
      txnid: expect.stringMatching(/^TXN-TEST-/),
    });
    expect(response.json()).not.toHaveProperty('title_key');
  });

  it('answers unknown or malformed ids with 404', async () => {
    for (const id of ['999999', '0', '-1', '1.5', 'abc', '99999999999999999999', encodeURIComponent('1 OR 1=1')]) {
      expect((await get(`/api/archives/${id}`)).statusCode, id).toBe(404);
    }
  });
});
