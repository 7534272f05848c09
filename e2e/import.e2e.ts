import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generatedImport,
  writeImportFiles,
  type GeneratedImport,
} from '../src/server/modules/imports/import-test-fixtures.js';
import type { SpreadsheetFormat } from '../src/server/modules/imports/spreadsheet-file.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { axeViolations } from './support/page-checks.js';
import { expectDisabled, expectReading, expectText, expectVisible } from './support/page-state.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

/**
 * Moving a journal in from the admin screen (issue 29, decision 102): the template downloads, a spreadsheet with a
 * mistake is checked and its problem shown by row and field with Import held back, a good spreadsheet and its ZIP of
 * PDFs are checked and imported while the progress bar fills, and the new issues are in the archive, in the admin
 * area and on the public site; the journal then exports as the two files the import takes back.
 */
const ADMIN = { username: 'admin', password: 'import-screen-password' };
let server: RunningServer;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${server.baseUrl}/admin/login`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.baseUrl}/admin`);
}

/** The generated rows as a spreadsheet and a ZIP of PDFs in a folder of their own. */
async function importFiles(name: string, generated: GeneratedImport, format: SpreadsheetFormat = 'xlsx') {
  const folder = path.join(dir, name);
  fs.mkdirSync(folder);
  return writeImportFiles(folder, generated, format);
}

/** The same rows, the second with a page range the article form refuses. */
const withBadPages = ({ rows, pdfs }: GeneratedImport): GeneratedImport => ({
  rows: rows.map((row, index) => (index === 1 ? { ...row, pagenumber: 'pages one to six' } : row)),
  pdfs,
});

async function chooseFiles(page: Page, files: { spreadsheet: string; pdfs: string }) {
  await page.locator('input[name="spreadsheet"]').setInputFiles(files.spreadsheet);
  await page.locator('input[name="pdfs"]').setInputFiles(files.pdfs);
}

const importButton = (page: Page) => page.getByRole('button', { name: 'Import', exact: true });

/** Checks the chosen files and waits for the report. */
async function check(page: Page) {
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByRole('region', { name: 'Check report' }).waitFor();
}

/** Every state the import's progress bar went through, recorded in the page as it changes. */
function recordProgress(page: Page) {
  return page.evaluate(() => {
    const seen: { value: number | null; max: number; text: string }[] = [];
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="Import progress"]');
      const text = document.querySelector('.import-progress-text')?.textContent ?? '';
      const last = seen.at(-1);
      if (!bar || (last?.text === text && last.value === bar.value)) return;
      seen.push({ value: bar.hasAttribute('value') ? bar.value : null, max: bar.max, text });
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}
const progressSeen = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { progressSeen: { value: number | null; max: number; text: string }[] }).progressSeen,
  );

async function downloadOf(page: Page, button: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const file = await download;
  return { name: file.suggestedFilename(), data: fs.readFileSync((await file.path())!) };
}

describe('the import screen', () => {
  it('checks, refuses a spreadsheet with a problem, imports a good one with its progress, and exports', async () => {
    const generated = generatedImport(120, { issues: 4, year: 2035, volume: 9, refBase: 350_000 });
    const good = await importFiles('good', generated);
    const bad = await importFiles('bad', withBadPages(generated));
    const { page, errors } = await openPage(browser, 'desktop');
    await signIn(page);
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/admin/import`);
    await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();

    expect((await downloadOf(page, 'XLSX')).name).toBe('import-template.xlsx');
    await expectDisabled(importButton(page), true);

    await chooseFiles(page, bad);
    await check(page);
    const problem = page.getByRole('table').getByRole('row', { name: /row 3/ });
    await expectText(problem, { contains: 'pagesPage number format must be like 1-6. (given: "pages one to six")' });
    await expectText(page.getByRole('alert'), {
      contains:
        '1 record is left out. 1 problem keeps this import from running: put it right in the source and check again.',
    });
    await expectDisabled(importButton(page), true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'import-problems-desktop');

    await chooseFiles(page, good);
    await expectVisible(page.getByRole('region', { name: 'Check report' }), false);
    await check(page);
    await expectText(page.getByRole('region', { name: 'Check report' }).locator('p').first(), {
      contains: 'It would create 4 issues, 120 articles, 0 editors, 0 indexing entries and 0 settings.',
    });
    await expectDisabled(importButton(page), false);
    await screenshot(page, 'import-report-desktop');

    await recordProgress(page);
    await importButton(page).click();
    await expectText(
      page.locator('.import-done'),
      'Imported 4 issues, 120 articles, 0 editors, 0 indexing entries and 0 settings.',
    );
    const seen = await progressSeen(page);
    const importing = seen.filter((state) => /^Importing \d/.test(state.text));
    expect(importing.length, JSON.stringify(seen)).toBeGreaterThan(0);
    for (const state of importing) {
      expect(state.text).toMatch(/^Importing \d+ of 120: 2035 vol\. 9 issue [1-4], article 350\d{3}$/);
      expect(state).toMatchObject({ max: 120 });
    }
    const values = importing.map((state) => state.value!);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    const bar = page.locator('progress[aria-label="Import progress"]');
    await expectReading(
      'the bar full',
      () => bar.evaluate((node: HTMLProgressElement) => [node.value, node.max]),
      ([value, max]) => value === 120 && max === 120,
    );
    await expectText(page.locator('.import-progress-text'), 'Written: 120 of 120.');
    await screenshot(page, 'import-done-desktop');

    // Issue 1 is published, issue 2 a draft: only the published one links to its public page.
    const publicLinks = page.getByRole('region', { name: 'Import result' }).getByRole('link', { name: 'public page' });
    await expectReading(
      'the public pages of the published issues',
      () => publicLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      (hrefs) => hrefs.join() === '/archives/2035/vol9/issue1,/archives/2035/vol9/issue3,/archives/2035/vol9/issue4',
    );
    await page.getByRole('link', { name: '2035 vol. 9 issue 1', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/admin/archives/2035/9/1`);
    await expectText(page.locator('main'), { contains: 'Field trial 350000 of Oryza sativa' });
    await page.goto(`${server.baseUrl}/archives/2035/vol9/issue1`);
    await expectText(page.locator('main'), { contains: 'Field trial 350000 of Oryza sativa' });

    await page.goto(`${server.baseUrl}/admin/import`);
    await page.getByRole('heading', { name: 'Export this journal' }).waitFor();
    const exported = await downloadOf(page, 'Export the journal');
    expect(exported.name).toMatch(/^journal-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(exported.data));
    expect(Object.keys(files).sort()).toEqual(['articles.xlsx', 'pdfs.zip']);
    const pdfs = Object.keys(unzipSync(files['pdfs.zip']!));
    expect(pdfs).toEqual(expect.arrayContaining([...generated.pdfs.keys()]));
    expect(errors).toEqual([]);
  });

  it('reads well at phone width, and keeps the chosen files while another source is tried', async () => {
    const generated = generatedImport(8, { issues: 2, year: 2036, volume: 10, refBase: 360_000 });
    const { page, errors } = await openPage(browser, 'phone');
    await signIn(page);
    await page.goto(`${server.baseUrl}/admin/import`);
    await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();

    await chooseFiles(page, await importFiles('phone-bad', withBadPages(generated), 'csv'));
    await check(page);
    await expectText(page.getByRole('table').getByRole('row', { name: /row 3/ }), {
      contains: '(given: "pages one to six")',
    });
    await screenshot(page, 'import-problems-phone');

    await chooseFiles(page, await importFiles('phone-good', generated, 'csv'));
    await page.getByLabel('A site running the original product').check();
    await page.getByLabel('Address of the site').fill('ftp://journal.example');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expectText(
      page.getByRole('alert'),
      'url: Enter the web address of the site, starting with http:// or https://',
    );
    await page.getByLabel('A spreadsheet and a ZIP of PDFs').check();
    await check(page);
    await expectDisabled(importButton(page), false);
    await screenshot(page, 'import-report-phone');
    await importButton(page).click();
    await expectText(page.locator('.import-done'), { contains: 'Imported 2 issues, 8 articles' });
    await screenshot(page, 'import-done-phone');
    expect(errors).toEqual([]);
  });
});
