import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from '../src/common/html.js';
import { DOWNLOADS_COLOUR, monthName, VIEWS_COLOUR } from '../src/web/features/admin-statistics/figures.js';
import { launchBrowser, openPage, screenshot, VIEWPORTS } from './support/browser.js';
import { axeViolations } from './support/page-checks.js';
import { expectCount, expectReading, expectText, expectTexts, expectVisible } from './support/page-state.js';
import { answerConfirmation } from './support/confirm-dialog.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

/**
 * The statistics screen (decision 101) on a server of its own, whose SQLite file the journey fills with counted
 * usage: the chart is drawn, the table under it and the most read lists carry the figures, the CSV and the COUNTER
 * reports download with the admin's sign-in, and the COUNTER API keys are made, used by a harvester and revoked.
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
  journal_id: number;
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
    'INSERT INTO usage_events (journal_id, article_id, day, session, investigations, requests) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const journal = read.journal_id;
  use.run(journal, read.id, `${THIS_MONTH}-01`, 's1', 5, 2);
  use.run(journal, read.id, `${THIS_MONTH}-01`, 's2', 3, 3);
  use.run(journal, read.id, `${LAST_MONTH}-15`, 's3', 4, 1);
  use.run(journal, glanced.id, `${THIS_MONTH}-01`, 's4', 2, 0);
  use.run(journal, DELETED_ID, `${LAST_MONTH}-20`, 's5', 1, 1);
}

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  const db = new Database(path.join(server.dataDir, 'journal.sqlite'));
  const articles = db
    .prepare(
      "SELECT id, journal_id, refnumber, title, year, volume, issue FROM articles WHERE refnumber <> '' ORDER BY id LIMIT 2",
    )
    .all() as Article[];
  [read, glanced] = articles.map((article) => ({ ...article, title: textOf(article.title) })) as [Article, Article];
  insertUsage(db);
  db.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

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

/** The file a click on the screen downloads: its name and its text. */
async function downloadOf(page: Page, button: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: fs.readFileSync(await file.path(), 'utf8') };
}

/** A month as COUNTER's tabular reports head its column: Oct-2026. */
const monthColumn = (month: string) => monthName(month).replace(' ', '-');

const cellsOf = (page: Page, table: string, row: string) =>
  page.getByRole('table', { name: table }).getByRole('row', { name: row }).locator('th, td');

describe('the statistics screen', () => {
  it('draws the monthly chart and shows the same figures in tables, with the most read articles', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
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

    // The COUNTER reports need no key: the admin's sign-in gets the journal's whole usage. This month is not over
    // and nothing was counted before last month, so the reports cover last month alone, and their heading says so.
    // TR_J3, as the demo journal is open access: TR_J1 counts controlled access only.
    const access = page.getByRole('region', { name: 'COUNTER API access' });
    await expectText(access.getByRole('heading', { name: /^Reports for/ }), `Reports for ${LAST_MONTH}`);
    await access.getByText('the reports cover the months that are over and have counted use').waitFor();
    await access
      .getByText('The journal’s views and downloads, open access counted: the report most libraries ask for.')
      .waitFor();
    const tsv = await downloadOf(page, 'TSV of TR_J3 Journal Usage by Access Type');
    expect(tsv.name).toBe(`TR_J3_${LAST_MONTH}_${LAST_MONTH}.tsv`);
    const lines = tsv.text.replace(/^\uFEFF/, '').split('\n');
    expect(lines[0]).toBe('Report_Name\tJournal Usage by Access Type');
    expect(lines[3]).toBe('Institution_Name\tThe World');
    // Asked for the months the heading names, the file holds them without exceptions.
    expect(lines[8]).toBe('Exceptions\t');
    expect(lines[13]).toBe('');
    const heading = lines[14]!.split('\t');
    expect(heading.slice(heading.indexOf('Metric_Type'))).toEqual([
      'Metric_Type',
      'Reporting_Period_Total',
      monthColumn(LAST_MONTH),
    ]);
    // Last month's downloads: one of the most read article and one of the deleted article.
    expect(lines.find((line) => line.includes('\tTotal_Item_Requests\t'))).toMatch(
      /\tOpen\tTotal_Item_Requests\t2\t2$/,
    );
    const json = await downloadOf(page, 'JSON of TR_J3 Journal Usage by Access Type');
    expect(json.name).toMatch(/^TR_J3_\d{4}-\d{2}_\d{4}-\d{2}\.json$/);
    expect(JSON.parse(json.text).Report_Header).toMatchObject({ Report_ID: 'TR_J3', Institution_Name: 'The World' });

    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'statistics-desktop');

    await page.setViewportSize(VIEWPORTS.phone);
    await expectReading(
      'the chart redrawn at phone width',
      () => chartPixels(page),
      (pixels) => pixels.views > 50 && pixels.downloads > 50,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'statistics-phone');
    expect(errors).toEqual([]);
  });

  it('shows a clear empty state for a period without usage, and refuses a period backwards', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
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

  it('adds an institution, shows its key once with how to harvest, and revokes it after asking', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    await signIn(page);
    await page.goto(`${server.baseUrl}/admin/statistics?from=2025-01&to=2025-12`);
    const access = page.getByRole('region', { name: 'COUNTER API access' });
    await access.getByText('No institution has an API key yet.').waitFor();
    // Counting began last month: a period before it has no report, and the page says which months have one.
    await access
      .getByText(
        `No complete month of 2025-01 to 2025-12 has counted use, so there is no report for it: reports can cover ${LAST_MONTH}.`,
      )
      .waitFor();
    await expectCount(access.getByRole('heading', { name: /^Reports for/ }), 0);

    await access.getByRole('button', { name: 'Create API key' }).click();
    await expectText(access.locator('#field-institution_name-error'), 'Institution name is required');
    await access.getByLabel('Institution name').fill('Lakeside University Library');
    await access.getByLabel('Customer ID').fill('lakeside-01');
    await access.getByRole('button', { name: 'Create API key' }).click();

    await expectText(access.getByRole('status'), { contains: 'shown only this once' });
    const apiKey = await access.getByLabel('New API key').inputValue();
    expect(apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const today = new Date().toISOString().slice(0, 10);
    const row = access.getByRole('row', { name: /Lakeside University Library/ });
    const listed = (lastUsed: string) => [
      'Lakeside University Library',
      'lakeside-01',
      '—',
      `…${apiKey.slice(-4)}`,
      today,
      lastUsed,
      'Revoke the key of Lakeside University Library',
    ];
    await expectTexts(row.locator('td'), listed('Never'));
    // The message for the library is ready to send: its settings, and an address with its key that opens a report.
    const message = (await access.getByLabel('Message for the library', { exact: false }).inputValue()).split('\n');
    const address =
      `${server.baseUrl}/api/counter/r51/reports/tr_j3?customer_id=lakeside-01&api_key=${apiKey}` +
      `&begin_date=${LAST_MONTH}&end_date=${LAST_MONTH}`;
    expect(message).toEqual([
      'Your usage reports (COUNTER Release 5.1) can be harvested with these settings:',
      `COUNTER API address: ${server.baseUrl}/api/counter/r51`,
      'Customer ID: lakeside-01',
      `API key: ${apiKey}`,
      `Journal usage from ${LAST_MONTH} to ${LAST_MONTH}, ready to open: ${address}`,
    ]);
    await screenshot(page, 'statistics-counter-keys-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'statistics-counter-keys-phone');
    await page.setViewportSize(VIEWPORTS.desktop);

    // The address opens the report for its institution.
    const harvest = () => fetch(address);
    const harvested = await harvest();
    expect(harvested.status).toBe(200);
    expect((await harvested.json()).Report_Header.Institution_Name).toBe('Lakeside University Library');

    // Once put away the key is nowhere on the page, not even after a reload; the row shows its use.
    await access.getByRole('button', { name: 'I have copied the key' }).click();
    await expectCount(access.getByRole('status'), 0);
    await page.reload();
    await expectTexts(row.locator('td'), listed(today));
    expect(await page.content()).not.toContain(apiKey);

    await access.getByRole('button', { name: 'Revoke the key of Lakeside University Library' }).click();
    expect(await answerConfirmation(page, 'Revoke key')).toBe(
      'Revoke the API key of Lakeside University Library? The library’s usage reports will no longer reach it: its ' +
        'harvester is refused from now on. A new key can be made for it later.',
    );
    await expectText(page.locator('.flash'), { contains: 'Revoked the API key of Lakeside University Library.' });
    await access.getByText('No institution has an API key yet.').waitFor();
    const refused = await harvest();
    expect([refused.status, (await refused.json()).Code]).toEqual([403, 2010]);
    expect(errors).toEqual([]);
  });
});
