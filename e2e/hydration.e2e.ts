import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startBuiltServer({});
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Console errors (hydration mismatches among them), uncaught errors, CSP refusals, and every API call made. */
async function watchedPage() {
  const { page, errors } = await openPage(browser, 'desktop');
  const apiCalls: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('request', (request) => new URL(request.url()).pathname.startsWith('/api/') && apiCalls.push(request.url()));
  return { page, errors, apiCalls };
}

/**
 * Waits until React has taken the document over. The root element carries React's keys from the moment hydration
 * starts; the app's outermost element inside it gets them once React has hydrated it, the last of the page's.
 */
const hydrated = (page: Page) =>
  page.waitForFunction(() =>
    [...document.getElementById('root')!.children].some((element) =>
      Object.keys(element).some((key) => key.startsWith('__reactFiber')),
    ),
  );

interface Listed {
  refnumber: string;
  year: number;
  volume: number;
  issue: number;
}

describe('hydration of server-rendered pages', () => {
  it('takes over a page from its own data, with its script allowed by the policy and no call to the API', async () => {
    const { page, errors, apiCalls } = await watchedPage();
    await page.goto(`${server.baseUrl}/board`);
    await hydrated(page);
    expect(apiCalls).toEqual([]);
    // Hydrated, the page navigates in the browser: the archives' data comes over the API.
    await page.getByRole('link', { name: 'ARCHIVES', exact: true }).click();
    await page.locator('main h1').filter({ hasText: 'VOL.' }).waitFor();
    expect(apiCalls.some((url) => url.includes('/api/archives/'))).toBe(true);
    // A call of the hydration itself would have come before these: every call was the navigation's.
    expect(apiCalls.filter((url) => !url.includes('/api/archives/'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('hydrates a page whose loader failed with its error: the error screen stays, without loading again', async () => {
    const articles = (await (await fetch(`${server.baseUrl}/api/search?keyword=the`)).json()) as { results: Listed[] };
    const article = articles.results.at(-1)!;
    // The database loses its articles table under the running server: the article's loader throws.
    const db = new Database(path.join(server.dataDir, 'journal.sqlite'));
    db.exec('ALTER TABLE articles RENAME TO articles_lost');
    db.close();

    const { page, errors, apiCalls } = await watchedPage();
    const answer = await page.goto(
      `${server.baseUrl}/archives/${article.year}/vol${article.volume}/issue${article.issue}/${article.refnumber}`,
    );
    expect(answer?.status()).toBe(500);
    await hydrated(page);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Oops!');
    await expect(page.locator('#error-page i').textContent()).resolves.toMatch(/no such table/);
    expect(apiCalls).toEqual([]);
    // The browser reports the document's own 500; nothing else may have gone wrong (no API call was made, above).
    expect(
      errors.filter((error) => !error.startsWith('Failed to load resource: the server responded with a status of 500')),
    ).toEqual([]);
  });
});
