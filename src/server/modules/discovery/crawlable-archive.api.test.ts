import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/archive-links.js';
import { seedLargeArchive } from '../../seed/large-archive.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const ORIGIN = 'http://localhost';
const LINK = /<a\s[^>]*?href="([^"]*)"/g;
/** Files, not pages: a crawler downloads them but finds no links in them. */
const isFile = (path: string) => path.startsWith('/assets/');

function disallowedPaths(robots: { statusCode: number; headers: Record<string, unknown>; body: string }): string[] {
  if (robots.statusCode !== 200 || !String(robots.headers['content-type']).startsWith('text/plain')) return [];
  return [...robots.body.matchAll(/^Disallow:\s*(\S+)/gm)].map((match) => match[1]!);
}

/** An article page: /archives/{year}/{volume}/{issue}/{refnumber}. */
const isArticlePage = (path: string) => /^\/archives\/[^/?]+\/[^/?]+\/[^/?]+\/[^/?]+$/.test(path);

/**
 * Follows plain links of the server's HTML from `/`, as a crawler that runs no JavaScript does (redirects
 * included, robots.txt respected), and returns the paths of the pages it reached: those it read, and with
 * `readArticles` false the article pages it found links to (they lead nowhere their issue page does not).
 */
async function crawl(app: FastifyInstance, readArticles: boolean): Promise<Set<string>> {
  const disallowed = disallowedPaths(await app.inject({ method: 'GET', url: '/robots.txt' }));
  const seen = new Set<string>(['/']);
  const reached = new Set<string>();
  const queue = ['/'];
  const follow = (href: string, from: string) => {
    const url = new URL(href.replaceAll('&amp;', '&'), ORIGIN + from);
    const path = url.pathname + url.search;
    if (url.origin !== ORIGIN || seen.has(path) || isFile(path) || disallowed.some((prefix) => path.startsWith(prefix)))
      return;
    seen.add(path);
    if (readArticles || !isArticlePage(path)) queue.push(path);
    else reached.add(path);
  };
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    const response = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    if (response.statusCode >= 300 && response.statusCode < 400) follow(String(response.headers.location), path);
    if (response.statusCode !== 200) continue;
    reached.add(path);
    for (const [, href] of response.body.matchAll(LINK)) follow(href!, path);
  }
  return reached;
}

async function publishedArticlePaths(t: TestApp): Promise<string[]> {
  const rows = await t.journal.db
    .selectFrom('articles')
    .select(['year', 'volume', 'issue', 'refnumber'])
    .where('status', '=', 'enabled')
    .where('refnumber', '<>', '')
    .execute();
  return rows.map(articlePath);
}

async function expectEveryArticleReached(t: TestApp, atLeast: number, readArticles: boolean) {
  const expected = await publishedArticlePaths(t);
  expect(expected.length).toBeGreaterThanOrEqual(atLeast);
  const reached = await crawl(t.app, readArticles);
  expect(expected.filter((path) => !reached.has(path))).toEqual([]);
}

// One test app at a time: Kysely's migrator looks for its tables in every PostgreSQL schema and can take another test app's for its own.
describe('a crawl from / following plain links of the server HTML, over the demo journal', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ seedDemo: true });
  });
  afterAll(() => demo.close());

  it('reaches every published article, collapsed year groups included', async () => {
    await expectEveryArticleReached(demo, 72, true);
  });
});

describe('a crawl from / following plain links of the server HTML, over 2,000 articles in 50 issues over five years', () => {
  let large: TestApp;
  beforeAll(async () => {
    large = await createTestApp();
    await seedLargeArchive(large.journal.db, 2_000);
  });
  afterAll(() => large.close());

  it('links every one of them', async () => {
    await expectEveryArticleReached(large, 2_000, false);
  });
});
