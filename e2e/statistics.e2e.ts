import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from '../src/common/html.js';
import { DOWNLOADS_COLOUR, monthName, VIEWS_COLOUR } from '../src/web/features/admin-statistics/figures.js';
import type { NewCounterKey } from '../src/web/features/admin-statistics/counter-keys.js';
import { launchBrowser, openPage, screenshot, VIEWPORTS } from './support/browser.js';
import { axeViolations } from './support/page-checks.js';
import { expectCount, expectReading, expectText, expectTexts, expectVisible } from './support/page-state.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

/**
 * The statistics screen (decision 101) on a server of its own, whose SQLite file the journey fills with counted
 * usage: the chart is drawn, the table under it and the most read lists carry the figures, the CSV downloads, and
 * the COUNTER API keys are managed through the calls of their contract.
 */
const ADMIN = { username: 'admin', password: 'statistics-admin-password' };
const DELETED_ID = 9_999_999;
let server: RunningServer;
let browser: Browser;

const monthBefore = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
const now = new Date();
const THIS_MONTH = now.toISOString().slice(0, 7);
const LAST_MONTH = monthBefore(now);

interface Article {
  id: number;
  refnumber: string;
  title: string;
  year: number;
  volume: number;
  issue: number;
}
let read: Article;
let glanced: Article;

/** Counted usage, as the counting writes it: views and downloads are investigations, downloads also requests. */
function insertUsage(db: Database.Database) {
  const use = db.prepare(
    'INSERT INTO usage_events (article_id, day, session, investigations, requests) VALUES (?, ?, ?, ?, ?)',
  );
  use.run(read.id, `${THIS_MONTH}-01`, 's1', 5, 2);
  use.run(read.id, `${THIS_MONTH}-01`, 's2', 3, 3);
  use.run(read.id, `${LAST_MONTH}-15`, 's3', 4, 1);
  use.run(glanced.id, `${THIS_MONTH}-01`, 's4', 2, 0);
  use.run(DELETED_ID, `${LAST_MONTH}-20`, 's5', 1, 1);
}

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  const db = new Database(path.join(server.dataDir, 'journal.sqlite'));
  const articles = db
    .prepare("SELECT id, refnumber, title, year, volume, issue FROM articles WHERE refnumber <> '' ORDER BY id LIMIT 2")
    .all() as Article[];
  [read, glanced] = articles.map((article) => ({ ...article, title: textOf(article.title) })) as [Article, Article];
  insertUsage(db);
  db.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** GET, POST and DELETE of /api/admin/counter-keys as their contract states, kept in the journey. */
function stubCounterKeys(page: Page) {
  const keys: NewCounterKey[] = [];
  return page.route('**/api/admin/counter-keys**', async (route: Route) => {
    const request = route.request();
    const id = Number(new URL(request.url()).pathname.split('/').pop());
    if (request.method() === 'POST') {
      const body = request.postDataJSON() as Pick<NewCounterKey, 'customer_id' | 'institution_name'>;
      const key = {
        id: keys.length + 1,
        requestor_id: '',
        ...body,
        api_key: 'k3y-0123456789abcdef',
        key_hint: 'cdef',
        created_at: new Date().toISOString(),
        last_used_at: null,
      };
      keys.push(key);
      return route.fulfill({ status: 201, json: key });
    }
    if (request.method() === 'DELETE') {
      keys.splice(
        keys.findIndex((key) => key.id === id),
        1,
      );
      return route.fulfill({ status: 204 });
    }
    return route.fulfill({ json: keys.map(({ api_key: _key, ...key }) => key) });
  });
}

async function signIn(page: Page) {
  await page.goto(`${server.baseUrl}/admin/login`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.baseUrl}/admin`);
}

/** The chart's pixels in each series' colour: bars are filled with exactly these. */
function chartPixels(page: Page) {
  const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return page.evaluate(
    ([views, downloads]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.usage-chart canvas')!;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      const counts = { views: 0, downloads: 0 };
      const is = (at: number, [r, g, b]: number[]) => data[at] === r && data[at + 1] === g && data[at + 2] === b;
      for (let at = 0; at < data.length; at += 4) {
        if (data[at + 3] !== 255) continue;
        if (is(at, views!)) counts.views += 1;
        if (is(at, downloads!)) counts.downloads += 1;
      }
      return counts;
    },
    [rgb(VIEWS_COLOUR), rgb(DOWNLOADS_COLOUR)],
  );
}

const cellsOf = (page: Page, table: string, row: string) =>
  page.getByRole('table', { name: table }).getByRole('row', { name: row }).locator('th, td');

describe('the statistics screen', () => {
  it('draws the monthly chart and shows the same figures in tables, with the most read articles', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    await stubCounterKeys(page);
    await signIn(page);
    await page.getByRole('link', { name: 'Statistics', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/admin/statistics`);
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();

    await expectReading(
      'both series drawn on the chart',
      () => chartPixels(page),
      (pixels) => pixels.views > 200 && pixels.downloads > 200,
    );
    await expectTexts(cellsOf(page, 'Views and downloads per month', monthName(THIS_MONTH)), [
      monthName(THIS_MONTH),
      '5',
      '5',
    ]);
    await expectTexts(cellsOf(page, 'Views and downloads per month', monthName(LAST_MONTH)), [
      monthName(LAST_MONTH),
      '3',
      '2',
    ]);
    // Twelve months, a heading row and the total.
    await expectCount(page.getByRole('table', { name: 'Views and downloads per month' }).getByRole('row'), 14);
    await expectTexts(cellsOf(page, 'Views and downloads per month', 'Total'), ['Total', '8', '7']);

    const articles = page.getByRole('table', { name: 'Most read articles' }).locator('tbody tr');
    await expectCount(articles, 3);
    await expectText(articles.nth(0), { contains: read.title });
    await expectTexts(articles.nth(0).locator('td.num'), ['6', '6']);
    await expectTexts(articles.nth(1).locator('td.num'), ['2', '0']);
    await expectText(articles.nth(2), { contains: 'Deleted article (deleted)' });
    const issues = new Set([read, glanced].map((article) => `${article.year}/${article.volume}/${article.issue}`));
    await expectCount(page.getByRole('table', { name: 'Most read issues' }).locator('tbody tr'), issues.size);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);

    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(os.tmpdir(), 'statistics-desktop.png'), fullPage: true });

    await page.setViewportSize(VIEWPORTS.phone);
    await expectReading(
      'the chart redrawn at phone width',
      () => chartPixels(page),
      (pixels) => pixels.views > 50 && pixels.downloads > 50,
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(os.tmpdir(), 'statistics-phone.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('shows a clear empty state for a period without usage, and refuses a period backwards', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    await stubCounterKeys(page);
    await signIn(page);
    await page.goto(`${server.baseUrl}/admin/statistics`);
    await page.getByLabel('From', { exact: true }).fill('2019-01');
    await page.getByLabel('To', { exact: true }).fill('2019-06');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/statistics?from=2019-01&to=2019-06`);
    await expectText(page.locator('.admin-empty'), 'No usage counted in this period yet.');
    await expectVisible(page.locator('.usage-chart'), false);

    await page.getByLabel('From', { exact: true }).fill('2019-08');
    await page.getByRole('button', { name: 'Show' }).click();
    await expectText(page.locator('#field-from-error'), 'The first month (2019-08) comes after the last (2019-06)');
    expect(page.url()).toBe(`${server.baseUrl}/admin/statistics?from=2019-01&to=2019-06`);
    expect(errors).toEqual([]);
  });

  it('adds an institution, shows its key once with the period reports, and revokes it after asking', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    await stubCounterKeys(page);
    await signIn(page);
    await page.goto(`${server.baseUrl}/admin/statistics?from=2025-01&to=2025-12`);
    const access = page.getByRole('region', { name: 'COUNTER API access' });
    await access.getByText('No institution has an API key yet.').waitFor();

    await access.getByRole('button', { name: 'Create API key' }).click();
    await expectText(access.locator('#field-institution_name-error'), 'Institution name is required');
    await access.getByLabel('Institution name').fill('Lakeside University Library');
    await access.getByLabel('Customer ID').fill('lakeside-01');
    await access.getByRole('button', { name: 'Create API key' }).click();

    await expectText(access.getByRole('status'), { contains: 'shown only this once' });
    await expect(access.getByLabel('New API key').inputValue()).resolves.toBe('k3y-0123456789abcdef');
    await expectText(access.getByRole('cell', { name: '…cdef' }), '…cdef');
    const tr = access.getByRole('link', { name: 'TR_J1 Journal Requests (TSV)' });
    await expectReading(
      'the TR_J1 link of the period, with the customer and its key',
      () => tr.getAttribute('href'),
      (href) =>
        href ===
        '/api/counter/r51/reports/tr_j1?begin_date=2025-01&end_date=2025-12&customer_id=lakeside-01' +
          '&api_key=k3y-0123456789abcdef&format=tsv',
    );

    await screenshot(page, 'statistics-counter-keys-desktop');

    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await access.getByRole('button', { name: 'Revoke the key of Lakeside University Library' }).click();
    await expectText(page.locator('.flash'), { contains: 'Revoked the API key of Lakeside University Library.' });
    expect(asked).toEqual([
      'Revoke the API key of Lakeside University Library (customer ID lakeside-01)? Harvesters using it will be refused from now on.',
    ]);
    await access.getByText('No institution has an API key yet.').waitFor();
    await expectCount(access.getByRole('status'), 0);
    expect(errors).toEqual([]);
  });
});
