import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath, issuePath } from '../../../common/archive-links.js';
import { plainName, splitAuthors } from '../../../common/citation.js';
import { DEMO_SETTINGS } from '../../seed/demo-journal.js';
import { seedLargeArchive } from '../../seed/large-archive.js';
import { addArticle } from '../../test/archive-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { assertWellFormed, childAttribute, childTexts, el, rootElement, xpathValues } from '../../test/xml-check.js';
import { registerJournalRouting } from '../../http/journal-routing.js';
import { registerDiscoveryRoutes } from './discovery.routes.js';
import { DiscoveryService } from './discovery.service.js';

const SITE_URL = 'https://journal.example.org';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const ATOM_NS = 'http://www.w3.org/2005/Atom';
/** W3C Datetime / RFC 3339 in UTC to the second, as every date of these documents is written. */
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const STATIC_PAGES = [
  '/',
  '/board',
  '/indexing',
  '/instructions',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-and-conditions',
];

let t: TestApp;

/** Any host the request names: every URL must still be on SITE_URL. */
const get = (app: FastifyInstance, url: string) =>
  app.inject({ method: 'GET', url, headers: { host: 'other-host.example:8080' } });

async function publishedArticles() {
  return t.journal.db
    .selectFrom('articles')
    .selectAll()
    .where('status', '=', 'enabled')
    .where('refnumber', '<>', '')
    .execute();
}

async function publishedIssuePaths() {
  const rows = await t.journal.db
    .selectFrom('articles')
    .select(['year', 'volume', 'issue'])
    .distinct()
    .where('status', '=', 'enabled')
    .where('refnumber', '<>', '')
    .execute();
  return rows.map((row) => issuePath(row.year, row.volume, row.issue));
}

/** A sitemap's URLs with their lastmod ('' without one), after checking the document's structure. */
function readUrlset(xml: string): Map<string, string> {
  assertWellFormed(xml);
  expect(rootElement(xml)).toEqual({ name: 'urlset', namespace: SITEMAP_NS });
  expect(xpathValues(xml, `count(${el('urlset')}/*[local-name()!='url'])`)).toEqual(['0']);
  const urls = new Map<string, string>();
  for (const url of xpathValues(xml, el('urlset', 'url'))) {
    const [loc, ...more] = childTexts(url, 'loc');
    expect(loc, url).toBeDefined();
    expect(more, url).toEqual([]);
    expect(urls.has(loc!), `${loc} listed twice`).toBe(false);
    urls.set(loc!, childTexts(url, 'lastmod')[0] ?? '');
  }
  return urls;
}

/** Checks what every sitemap URL must be: absolute on SITE_URL, with a W3C Datetime lastmod when it has one. */
function expectAbsoluteWithDates(urls: Map<string, string>) {
  for (const [loc, lastmod] of urls) {
    expect(loc.startsWith(`${SITE_URL}/`), loc).toBe(true);
    expect(new URL(loc).origin).toBe(SITE_URL);
    if (lastmod) expect(lastmod, loc).toMatch(TIMESTAMP);
  }
}

// One test app at a time: Kysely's migrator looks for its tables in every PostgreSQL schema and can take another test app's for its own.
describe('the demo journal', () => {
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true, env: { SITE_URL } });
  });
  afterAll(() => t.close());

  describe('/robots.txt', () => {
    it('keeps crawlers out of the admin area, the work-log and the API, and names the sitemap by its absolute address', async () => {
      const response = await get(t.app, '/robots.txt');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      const lines = response.body.split('\n');
      expect(lines).toEqual(
        expect.arrayContaining([
          'User-agent: *',
          'Disallow: /admin',
          'Disallow: /webdata',
          'Disallow: /api/',
          `Sitemap: ${SITE_URL}/sitemap.xml`,
        ]),
      );
      expect(
        lines
          .filter((line) => line.startsWith('Disallow:'))
          .every((line) => !['Disallow: /', 'Disallow: /archives', 'Disallow: /assets/'].includes(line)),
      ).toBe(true);
    });

    it('sends validators and freshness like the sitemap, and 304 for a current copy', async () => {
      const first = await get(t.app, '/robots.txt');
      const sitemap = await get(t.app, '/sitemap.xml');
      expect(first.headers.etag).toMatch(/^"[^"]+"$/);
      expect(first.headers['cache-control']).toBe(sitemap.headers['cache-control']);
      expect(first.headers['last-modified']).toBe(sitemap.headers['last-modified']);
      const again = await t.app.inject({
        method: 'GET',
        url: '/robots.txt',
        headers: { host: 'other-host.example:8080', 'if-none-match': first.headers.etag! },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });
  });

  describe('/sitemap.xml', () => {
    it('lists the home and static pages, every issue page and every published article page, each with its last change', async () => {
      const response = await get(t.app, '/sitemap.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      const urls = readUrlset(response.body);
      expectAbsoluteWithDates(urls);
      const articles = await publishedArticles();
      const expected = [...STATIC_PAGES, ...(await publishedIssuePaths()), ...articles.map(articlePath)].map(
        (path) => SITE_URL + path,
      );
      expect([...urls.keys()].sort()).toEqual(expected.sort());
      const article = articles[0]!;
      expect(urls.get(SITE_URL + articlePath(article))).toBe(
        `${(article.modification || article.creation).slice(0, 19)}Z`,
      );
      expect(urls.get(`${SITE_URL}/`)).toMatch(TIMESTAMP);
    });

    it('is kept until the next write, after which a disabled article is gone and a changed one shows its new date', async () => {
      const [disabled, changed] = await publishedArticles();
      const before = (await get(t.app, '/sitemap.xml')).body;
      await t.journal.db.updateTable('articles').set({ status: 'disabled' }).where('id', '=', disabled!.id).execute();
      await t.journal.db
        .updateTable('articles')
        .set({ modification: '2031-05-06T07:08:09.123Z' })
        .where('id', '=', changed!.id)
        .execute();
      // Written straight into the database: no write has been announced, so the kept copy is served.
      expect((await get(t.app, '/sitemap.xml')).body).toBe(before);

      const headers = await t.authHeader();
      const settings = (await t.app.inject({ method: 'GET', url: '/api/settings/', headers })).json();
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/settings', headers, payload: settings })).statusCode,
      ).toBe(200);
      const urls = readUrlset((await get(t.app, '/sitemap.xml')).body);
      expect(urls.has(SITE_URL + articlePath(disabled!))).toBe(false);
      expect(urls.get(SITE_URL + articlePath(changed!))).toBe('2031-05-06T07:08:09Z');
      // The issue page changed with its article.
      expect(urls.get(SITE_URL + issuePath(changed!.year, changed!.volume, changed!.issue))).toBe(
        '2031-05-06T07:08:09Z',
      );
      await t.journal.db.updateTable('articles').set({ status: 'enabled' }).where('id', '=', disabled!.id).execute();
      t.journal.clock.publicDataChanged();
    });

    it('goes out compressed for a client that accepts it, as written at first and as kept afterwards', async () => {
      t.journal.clock.publicDataChanged();
      const plain = (await get(t.app, '/sitemap.xml')).body;
      t.journal.clock.publicDataChanged();
      for (let round = 0; round < 2; round++) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/sitemap.xml',
          headers: { 'accept-encoding': 'br, gzip', host: 'other-host.example:8080' },
        });
        expect(response.headers['content-encoding']).toBe('br');
        expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(plain);
      }
    });

    it('answers the files of its index for any year with published articles, and 404 for others', async () => {
      const [article] = await publishedArticles();
      for (const url of ['/sitemap-pages.xml', `/sitemap-${article!.year}.xml`]) {
        const response = await get(t.app, url);
        expect(response.statusCode, url).toBe(200);
        expect(readUrlset(response.body).size).toBeGreaterThan(1);
      }
      for (const url of ['/sitemap-1850.xml', '/sitemap-abcd.xml', '/sitemap-.xml', '/sitemap-20260.xml']) {
        expect((await get(t.app, url)).statusCode, url).toBe(404);
      }
    });
  });

  describe('/feed.xml', () => {
    it('is an Atom 1.0 feed of the 50 most recently published articles', async () => {
      const response = await get(t.app, '/feed.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      const xml = response.body;
      assertWellFormed(xml);
      expect(rootElement(xml)).toEqual({ name: 'feed', namespace: ATOM_NS });
      const [head = ''] = xpathValues(
        xml,
        `concat(${['title', 'id', 'updated'].map((name) => `${el('feed')}/*[local-name()='${name}']`).join(", '|', ")})`,
      );
      const [title, id, updated] = head.split('|');
      expect(title).toBe(DEMO_SETTINGS.websitename);
      expect(id).toBe(`${SITE_URL}/feed.xml`);
      expect(updated).toMatch(TIMESTAMP);
      expect(xpathValues(xml, `string(${el('feed')}/*[local-name()='link' and @rel='self']/@href)`)).toEqual([
        `${SITE_URL}/feed.xml`,
      ]);

      const articles = await publishedArticles();
      const newest = [...articles].sort((a, b) => b.creation.localeCompare(a.creation) || b.id - a.id).slice(0, 50);
      const entries = xpathValues(xml, el('feed', 'entry'));
      expect(entries).toHaveLength(50);
      for (const [i, article] of newest.entries()) {
        const entry = entries[i]!;
        const url = SITE_URL + articlePath(article);
        expect(childTexts(entry, 'id')).toEqual([url]);
        expect(childAttribute(entry, 'link', 'href')).toBe(url);
        expect(childTexts(entry, 'title')).toEqual([expect.stringMatching(/\w/)]);
        expect(childTexts(entry, 'updated')).toEqual([expect.stringMatching(TIMESTAMP)]);
        // The article's publication date, and its authors as its page names them.
        expect(childTexts(entry, 'published')).toEqual([`${article.publishdate}T00:00:00Z`]);
        expect(childTexts(entry, 'name')).toEqual(splitAuthors(article.authorname).map(plainName));
        const [summary = ''] = childTexts(entry, 'summary');
        expect(summary.length).toBeGreaterThan(40);
        expect(summary.length).toBeLessThanOrEqual(501);
        expect(summary).not.toMatch(/<|&[a-z]+;/);
      }
    });

    it('names authors without honorifics, dates an entry by its publication and keeps its paragraphs apart', async () => {
      const [place] = await publishedArticles();
      await addArticle(t.journal.db, {
        year: place!.year,
        volume: place!.volume,
        issue: place!.issue,
        refnumber: '99001',
        title: 'CO<sub>2</sub> in <i>Oryza</i> paddies',
        authorname: 'Dr. Anita K. Iyer, Prof. Rahul Sharma, Mrs. Meera Nair',
        abstract: '<p>First paragraph ends here.</p><p>Second paragraph follows.</p>',
        publishdate: '2026-01-15',
        creation: '2099-01-01T00:00:00.000Z',
      });
      t.journal.clock.publicDataChanged();
      const [entry = ''] = xpathValues((await get(t.app, '/feed.xml')).body, el('feed', 'entry'));
      expect(childTexts(entry, 'name')).toEqual(['Anita K. Iyer', 'Rahul Sharma', 'Meera Nair']);
      expect(childTexts(entry, 'published')).toEqual(['2026-01-15T00:00:00Z']);
      expect(childTexts(entry, 'title')).toEqual(['CO2 in Oryza paddies']);
      expect(childTexts(entry, 'summary')).toEqual(['First paragraph ends here. Second paragraph follows.']);
      await t.journal.db.deleteFrom('articles').where('refnumber', '=', '99001').execute();
      t.journal.clock.publicDataChanged();
    });

    it('is named in the head of every public page', async () => {
      const [article] = await publishedArticles();
      for (const url of [
        '/',
        '/board',
        '/contact',
        articlePath(article!),
        issuePath(article!.year, article!.volume, article!.issue),
        '/search?keyword=x',
        '/no-such-page',
      ]) {
        const page = await get(t.app, url);
        const head = page.body.slice(0, page.body.indexOf('</head>'));
        expect(head, url).toContain(
          `<link rel="alternate" type="application/atom+xml" title="Latest articles" href="${SITE_URL}/feed.xml">`,
        );
      }
    });
  });
});

describe('a sitemap over its URL limit', () => {
  let large: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    large = await createTestApp({ env: { SITE_URL } });
    await seedLargeArchive(large.journal.db, 600);
    // The limit is 50,000 URLs; 200 lets a few hundred articles cross it.
    app = Fastify();
    registerJournalRouting(app, large.ctx);
    const site = large.ctx.journals.first();
    site.services.discovery = new DiscoveryService(site.db, site.services.settings, { sitemapMaxUrls: 200 });
    registerDiscoveryRoutes(app, large.ctx.config);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await large.close();
  });

  it('becomes an index of the static pages file and one file per year, which together list every URL once', async () => {
    const index = (await get(app, '/sitemap.xml')).body;
    assertWellFormed(index);
    expect(rootElement(index)).toEqual({ name: 'sitemapindex', namespace: SITEMAP_NS });
    const entries = xpathValues(index, el('sitemapindex', 'sitemap'));
    const files = entries.flatMap((entry) => childTexts(entry, 'loc'));
    const years = (
      await large.journal.db.selectFrom('articles').select('year').distinct().where('status', '=', 'enabled').execute()
    ).map((row) => row.year);
    expect(files.sort()).toEqual(
      [`${SITE_URL}/sitemap-pages.xml`, ...years.map((year) => `${SITE_URL}/sitemap-${year}.xml`)].sort(),
    );
    for (const entry of entries) expect(childTexts(entry, 'lastmod')).toEqual([expect.stringMatching(TIMESTAMP)]);

    const listed: string[] = [];
    for (const file of files) {
      const response = await get(app, new URL(file).pathname);
      expect(response.statusCode, file).toBe(200);
      const urls = readUrlset(response.body);
      expectAbsoluteWithDates(urls);
      listed.push(...urls.keys());
    }
    const articles = await large.journal.db
      .selectFrom('articles')
      .select(['year', 'volume', 'issue', 'refnumber'])
      .where('status', '=', 'enabled')
      .execute();
    expect(articles).toHaveLength(600);
    expect(files.length).toBeGreaterThan(2);
    const issues = await large.journal.db
      .selectFrom('articles')
      .select(['year', 'volume', 'issue'])
      .distinct()
      .where('status', '=', 'enabled')
      .execute();
    const expected = [
      ...STATIC_PAGES,
      ...issues.map((row) => issuePath(row.year, row.volume, row.issue)),
      ...articles.map(articlePath),
    ];
    expect(listed.sort()).toEqual(expected.map((path) => SITE_URL + path).sort());
  });
});
