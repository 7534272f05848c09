import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE } from '../../../common/schemas/archives.js';
import type { ArticleUpdate } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';

let t: TestApp;
const search = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  return { status: response.statusCode, body: response.json() };
};
const refs = (body: { results: { refnumber: string }[] }) => body.results.map((article) => article.refnumber);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.journal.db;
  await addIssue(db, 2025, 3, 1, 'jan-feb');
  await addIssue(db, 2025, 3, 2, 'mar-apr');
  const issue = { year: 2025, volume: 3, issue: 1 };
  await addArticle(db, {
    ...issue,
    refnumber: '80001',
    pagenumber: '1-5',
    title: 'Groundwater quality in coastal aquifers',
    authorname: 'Anita Reddy, Rahul Iyer',
    keywords: 'hydrology, wells',
  });
  await addArticle(db, {
    ...issue,
    refnumber: '80002',
    pagenumber: '6-9',
    title: 'Rural employment schemes',
    abstract: '<p>Farm work depends on groundwater for irrigation in dry months.</p>',
  });
  await addArticle(db, {
    ...issue,
    refnumber: '80003',
    pagenumber: '10-12',
    title: 'Groundwater depletion in hard rock regions',
    status: 'disabled',
  });
  await addArticle(db, {
    ...issue,
    refnumber: '80004',
    pagenumber: '13-20',
    title: 'Coastal livelihoods',
    keywords: 'mangrove ecosystems, fisheries',
  });
  for (let n = 1; n <= SEARCH_PAGE_SIZE + 2; n++) {
    await addArticle(db, {
      year: 2025,
      volume: 3,
      issue: 2,
      refnumber: String(81000 + n),
      pagenumber: `${n}-${n}`,
      title: `Paginated survey number ${n}`,
    });
  }
});
afterAll(() => t.close());

describe('GET /api/search', () => {
  it('ranks a title match above an abstract match, and leaves disabled articles out', async () => {
    const { status, body } = await search('keyword=groundwater');
    expect(status).toBe(200);
    expect(body).toMatchObject({ keyword: 'groundwater', total: 2, page: 1, page_size: SEARCH_PAGE_SIZE });
    expect(refs(body)).toEqual(['80001', '80002']);
    expect(body.results[0]).toMatchObject({
      title: 'Groundwater quality in coastal aquifers',
      authorname: 'Anita Reddy, Rahul Iyer',
      year: 2025,
      volume: 3,
      issue: 1,
      pagenumber: '1-5',
      file: '80001.pdf',
    });
  });

  it('searches authors and keywords, and needs every word', async () => {
    expect(refs((await search('keyword=Reddy')).body)).toEqual(['80001']);
    expect(refs((await search('keyword=mangrove')).body)).toEqual(['80004']);
    expect(refs((await search('keyword=coastal%20groundwater')).body)).toEqual(['80001']);
    expect((await search('keyword=groundwater%20mangrove')).body.total).toBe(0);
  });

  it('finds an article by its exact reference number, but not a disabled one', async () => {
    expect(refs((await search('keyword=%2080004%20')).body)).toEqual(['80004']);
    expect((await search('keyword=80003')).body.total).toBe(0);
  });

  it('pages the results', async () => {
    const first = (await search('keyword=paginated')).body;
    expect(first.total).toBe(SEARCH_PAGE_SIZE + 2);
    expect(first.results).toHaveLength(SEARCH_PAGE_SIZE);
    const second = (await search('keyword=paginated&page=2')).body;
    expect(second.page).toBe(2);
    expect(second.results).toHaveLength(2);
    expect(new Set([...refs(first), ...refs(second)]).size).toBe(SEARCH_PAGE_SIZE + 2);
    expect((await search('keyword=paginated&page=abc')).body.page).toBe(1);
  });

  it('answers an empty or missing keyword with no results', async () => {
    for (const query of ['keyword=', 'keyword=%20%20', '']) {
      const { status, body } = await search(query);
      expect(status).toBe(200);
      expect(body).toMatchObject({ total: 0, results: [] });
    }
  });

  it('never fails on keywords that look like query syntax, SQL, HTML or odd unicode', async () => {
    const keywords = [
      '"',
      '""',
      "'",
      '*',
      '-',
      'NEAR(',
      'groundwater NEAR/2',
      'AND OR NOT',
      'title:groundwater',
      '^groundwater',
      '(((',
      ')',
      "'; DROP TABLE articles; --",
      '1 OR 1=1',
      '<script>alert(1)</script>',
      '😀',
      '漢字 テスト',
      'Zoë Ørsted',
      '\u202e',
      '%',
      '\\',
      'x'.repeat(5000),
      'groundwater '.repeat(100),
    ];
    for (const keyword of keywords) {
      const { status, body } = await search(`keyword=${encodeURIComponent(keyword)}`);
      expect(status, JSON.stringify(keyword.slice(0, 30))).toBe(200);
      expect(Array.isArray(body.results)).toBe(true);
    }
    expect((await search(`keyword=${encodeURIComponent('groundwater"*')}`)).body.total).toBe(2);
    for (const keyword of ['\u0000', 'ground\u0000water']) {
      expect((await search(`keyword=${encodeURIComponent(keyword)}`)).status, 'a NUL is refused on both engines').toBe(
        400,
      );
    }
  });

  it('follows every change of an article: its words, its status and its reference number', async () => {
    const db = t.journal.db;
    const id = await addArticle(db, {
      year: 2025,
      volume: 3,
      issue: 1,
      refnumber: '80005',
      pagenumber: '21-22',
      title: 'Tidal wetlands',
    });
    const setArticle = (values: ArticleUpdate) => db.updateTable('articles').set(values).where('id', '=', id).execute();
    const found = async (keyword: string) => refs((await search(`keyword=${keyword}`)).body).includes('80005');
    expect(await found('wetlands')).toBe(true);
    await setArticle({ title: 'Tidal marshes' });
    expect([await found('wetlands'), await found('marshes')]).toEqual([false, true]);
    await setArticle({ status: 'disabled' });
    expect((await search('keyword=marshes')).body.total).toBe(0);
    await setArticle({ status: 'enabled' });
    expect(await found('marshes')).toBe(true);
    await setArticle({ refnumber: '' });
    expect((await search('keyword=marshes')).body.total).toBe(0);
    await setArticle({ refnumber: '80005' });
    expect((await search('keyword=marshes')).body.total).toBe(1);
    await db.deleteFrom('articles').where('id', '=', id).execute();
    expect((await search('keyword=marshes')).body.total).toBe(0);
  });

  it('counts an article matched both by its words and by its reference number once, ranked first', async () => {
    await addArticle(t.journal.db, {
      year: 2025,
      volume: 3,
      issue: 1,
      refnumber: '2024',
      pagenumber: '23-24',
      title: 'Monsoon rainfall since 2024',
    });
    await addArticle(t.journal.db, {
      year: 2025,
      volume: 3,
      issue: 1,
      refnumber: '80006',
      pagenumber: '25-26',
      title: 'Drought outlook for 2024',
    });
    const { body } = await search('keyword=2024');
    expect(body.total).toBe(2);
    expect(refs(body)[0]).toBe('2024');
  });

  it('takes the first value of a repeated keyword', async () => {
    expect(refs((await search('keyword=mangrove&keyword=groundwater')).body)).toEqual(['80004']);
  });
});

describe('GET /search', () => {
  it("links each result to the article's canonical address and keeps the title's sub- and superscripts", async () => {
    await addArticle(t.journal.db, {
      year: 2025,
      volume: 3,
      issue: 1,
      refnumber: '80005',
      pagenumber: '21-24',
      title: 'CO<sub>2</sub> flux of estuaries in m<sup>2</sup>',
      keywords: 'estuarine carbon',
    });
    t.journal.clock.publicDataChanged();
    const html = (await t.app.inject({ method: 'GET', url: '/search?keyword=estuarine' })).body;
    expect(html).toContain('<p class="article-title">CO<sub>2</sub> flux of estuaries in m<sup>2</sup></p>');
    expect(html).toContain('<a href="/archives/2025/vol3/issue1/80005" data-route="" data-scroll-to="abstract">');
    expect(html).not.toContain('/archives/2025/3/1/80005');
    // The address the specification's search linked to still opens the article, which names its canonical one.
    const old = await t.app.inject({ method: 'GET', url: '/archives/2025/3/1/80005' });
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain('<link rel="canonical" href="http://localhost:80/archives/2025/vol3/issue1/80005">');
  });
});
