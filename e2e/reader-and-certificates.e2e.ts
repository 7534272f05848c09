import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_STORAGE_KEY } from '../src/common/constants.js';
import { testPdf } from '../src/server/test/article-form.js';
import { TEST_PICTURES } from '../src/server/test/upload-fixtures.js';
import { launchBrowser, openPage, VIEWPORTS } from './support/browser.js';
import { axeViolations } from './support/page-checks.js';
import { expectAttribute, expectText, expectVisible } from './support/page-state.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

/**
 * What a reader and an author meet on a journal of its own (issue 50): the publication date on the article page, an
 * issue on a phone without empty "Country:" lines, certificates with affiliations and the signatory of the settings,
 * and a certificate address that follows an author's corrected name.
 */
const ADMIN = { username: 'admin', password: 'reader-certificates-password' };
const ISSUE = { year: 2026, volume: 7, issue: 3 };
/** Screenshots of the changed screens, for a person to look at. */
const SHOTS = process.env.SHOTS_DIR ?? path.join(os.tmpdir(), 'shots-h5');
let server: RunningServer;
let browser: Browser;
let login: { token: string };
let firstId: number;

const api = (url: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${url}`, {
    ...init,
    headers: { authorization: `Bearer ${login.token}`, ...(init.headers as Record<string, string>) },
  });

const place = (given_name: string, family_name: string, affiliation: string) => ({
  given_name,
  family_name,
  affiliation,
  country: 'India',
  orcid: '',
  email: '',
});

async function saveArticle(url: string, fields: Record<string, string>, authors: object[]): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('authors', JSON.stringify(authors.map((author, index) => ({ ...author, corresponding: index === 0 }))));
  form.append('pdfFile', new Blob([new Uint8Array(testPdf(fields.refnumber!))], { type: 'application/pdf' }), 'a.pdf');
  const saved = await api(url, { method: 'POST', body: form });
  expect(saved.status, await saved.clone().text()).toBeLessThan(300);
  return ((await saved.json()) as { id: number }).id;
}

const articleFields = (refnumber: string, country: string, pages: string) => ({
  refnumber,
  title: `Monsoon rainfall and paddy yields ${refnumber}`,
  authorname: 'set from the list',
  abstract: '<p>Rainfall and yields.</p>',
  country,
  email: 'author@uni.example',
  pagenumber: pages,
  txnid: `TXN-R-${refnumber}`,
  ptype: 'paid',
  publishdate: '2026-11-25',
  status: 'enabled',
});

const IYRE = place('Anita', 'Iyre', 'Department of Soil Science, IIT Bombay');
const SHARMA = place('Rahul', 'Sharma', 'Punjab Agricultural University');

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: '0' });
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
  const signedIn = await fetch(`${server.baseUrl}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  login = await signedIn.json();
  const issue = await api('/api/admin/create-issue', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ISSUE, frequency: 'nov-dec', state: 'published' }),
  });
  expect(issue.status).toBe(201);
  const inIssue = { year: String(ISSUE.year), volume: String(ISSUE.volume), issue: String(ISSUE.issue) };
  firstId = await saveArticle('/api/admin/archives/', { ...articleFields('91001', '', '1-8'), ...inIssue }, [
    IYRE,
    SHARMA,
  ]);
  await saveArticle('/api/admin/archives/', { ...articleFields('91002', 'India', '9-16'), ...inIssue }, [SHARMA]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
}

/** A page signed in as the admin: the session the sign-in screen would keep, put in place before any script runs. */
async function adminPage(viewport: keyof typeof VIEWPORTS) {
  const opened = await openPage(browser, viewport);
  await opened.page.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [LOGIN_STORAGE_KEY, JSON.stringify(login)],
  );
  return opened;
}

/** The text of a PDF the browser fetched, read by poppler's pdftotext. */
async function pdfTextAt(page: Page, url: string): Promise<string> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reader-pdf-')), 'document.pdf');
  fs.writeFileSync(file, await response.body());
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('a reader at %s width', (viewport) => {
  it('sees no "Country:" line under an article without a country on the issue page', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto(`${server.baseUrl}/archives/${ISSUE.year}/vol${ISSUE.volume}/issue${ISSUE.issue}`);
    const countries = page.locator('td[data-label="Country"]');
    await expectVisible(countries.nth(0), viewport === 'desktop');
    await expectVisible(countries.nth(1), true);
    await expectText(countries.nth(1), 'India');
    if (viewport === 'phone') expect(await page.locator('main').innerText()).not.toMatch(/Country:\s*\n/);
    await shoot(page, `issue-page-${viewport}`);
    expect(errors).toEqual([]);
  });

  it('reads the publication date on the article page, as its citation tag gives it', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto(`${server.baseUrl}/archives/${ISSUE.year}/vol${ISSUE.volume}/issue${ISSUE.issue}/91001`);
    const facts = page.locator('.article-facts');
    await expectText(facts.locator('div').first(), 'Published25 November 2026');
    await expectAttribute(facts.locator('time'), 'datetime', '2026-11-25');
    await expectAttribute(page.locator('meta[name="citation_publication_date"]'), 'content', '2026/11/25');
    await expectText(page.locator('.formatted-references dd').last(), { contains: '2026 Nov 25' });
    await shoot(page, `article-page-${viewport}`);
    expect(errors).toEqual([]);
  });
});

describe('certificates', () => {
  it('name the signatory set in the settings form with their signature, and print the author’s affiliation', async () => {
    const { page, errors } = await adminPage('desktop');
    await page.goto(`${server.baseUrl}/admin/settings`);
    await page.getByLabel('Signatory (empty: the Editor-in-Chief signs)').fill('Dr. Meera Pillai');
    await page.getByLabel("Signatory's title (like Managing Editor)").fill('Managing Editor');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings updated successfully').first().waitFor();
    const signature = path.join(SHOTS, 'signature.png');
    fs.writeFileSync(signature, TEST_PICTURES.png);
    await page.getByLabel('Signature on certificates').setInputFiles(signature);
    await page.getByRole('button', { name: 'Upload signature on certificates' }).click();
    await page.getByRole('button', { name: 'Remove it' }).waitFor();
    for (const [viewport, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.getByRole('group', { name: 'Certificates' }).scrollIntoViewIfNeeded();
      await shoot(page, `settings-certificates-${viewport}`);
    }
    const text = await pdfTextAt(page, `${server.baseUrl}/api/pdf/certificate/91001/Anita%20Iyre`);
    expect(text).toContain('Anita Iyre Department of Soil Science, IIT Bombay, India has published');
    expect(text).toContain('Dr. Meera Pillai Managing Editor');
    expect(errors).toEqual([]);
  });

  it('keep the address sent under a name corrected since, which leads to the certificate under the new name', async () => {
    const { page, errors } = await openPage(browser, 'phone');
    await saveArticle(`/api/archives/${firstId}`, articleFields('91001', '', '1-8'), [
      place('Anita K.', 'Iyer', IYRE.affiliation),
      SHARMA,
    ]);
    const old = await page.request.get(`${server.baseUrl}/api/pdf/certificate/91001/Anita%20Iyre`, {
      maxRedirects: 0,
    });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe('/api/pdf/certificate/91001/Anita%20K.%20Iyer');
    expect(await pdfTextAt(page, `${server.baseUrl}/api/pdf/certificate/91001/Anita%20Iyre`)).toContain(
      'This is to certify that Anita K. Iyer',
    );
    await page.goto(`${server.baseUrl}/pdf?refno=91001`);
    await expectVisible(page.getByRole('link', { name: 'Download Certificate for Anita K. Iyer' }), true);
    expect(errors).toEqual([]);
  });

  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    'are said to follow the names beside the authors of the article form at %s width',
    async (viewport) => {
      const { page, errors } = await adminPage(viewport);
      await page.goto(`${server.baseUrl}/admin/archives/${firstId}`);
      const authors = page.getByRole('group', { name: 'Authors' });
      await expectText(authors.locator('#certificates-hint'), { contains: 'Certificates follow the names' });
      expect(await authors.getAttribute('aria-describedby')).toContain('certificates-hint');
      await authors.scrollIntoViewIfNeeded();
      await shoot(page, `article-form-authors-${viewport}`);
      expect(errors).toEqual([]);
    },
  );
});
