import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { expectAttribute, expectCount, expectDisabled, expectText } from './support/page-state.js';

const baseUrl = inject('baseUrl');
const admin = { username: inject('adminUsername'), password: inject('adminPassword') };
let browser: Browser;

interface DemoArticle {
  refnumber: string;
  authorname: string;
  year: number;
  volume: number;
  issue: number;
  file: string | null;
}

/** A demo article with an author whose name is not plain ASCII (the demo journal has several). */
let article: DemoArticle;
let authors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  for (let ref = 10001; ref < 10100 && !article; ref++) {
    const response = await fetch(`${baseUrl}/api/archives/ref/${ref}`);
    const candidate = (await response.json()) as DemoArticle;
    // eslint-disable-next-line no-control-regex -- looks for a name outside ASCII
    if (response.ok && /[^\x00-\x7f]/.test(candidate.authorname)) article = candidate;
  }
  authors = article.authorname.split(',').map((name) => name.trim());
});
afterAll(async () => {
  await browser?.close();
});

/** Clicks a download link and returns the file's suggested name and its text (poppler's pdftotext). */
async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return {
    name: file.suggestedFilename(),
    text: execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' '),
  };
}

describe.each(['desktop', 'phone'] as const)('author download page at %s width', (viewport) => {
  it('offers the article, a certificate per author, the cover page and the board, and downloads them', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const response = await page.goto(`${baseUrl}/pdf?refno=${article.refnumber}`);
    expect(response?.status()).toBe(200);
    await expectText(page.getByRole('heading', { level: 1 }), 'Author Downloads');

    const view = page.getByRole('link', { name: 'View Article' });
    await expectAttribute(
      view,
      'href',
      `/archives/${article.year}/vol${article.volume}/issue${article.issue}/${article.refnumber}`,
    );
    await expectAttribute(
      page.getByRole('link', { name: 'Download Article' }),
      'href',
      `/assets/archives/${article.year}/vol${article.volume}issue${article.issue}/${article.file}`,
    );
    const certificates = page.getByRole('link', { name: /^Download Certificate/ });
    await expectCount(certificates, authors.length);
    await expectText(certificates.first(), 'Download Certificate');
    await screenshot(page, `download-${viewport}`);

    // eslint-disable-next-line no-control-regex -- looks for a name outside ASCII
    const unicodeAuthor = authors.find((name) => /[^\x00-\x7f]/.test(name))!;
    const certificate = await download(page, () =>
      page.getByRole('link', { name: `Download Certificate for ${unicodeAuthor}` }).click(),
    );
    expect(certificate.name).toMatch(new RegExp(`^certificate-${article.refnumber}-[a-z0-9-]+\\.pdf$`));
    expect(certificate.text).toContain('CERTIFICATE OF PUBLICATION');
    expect(certificate.text).toContain(unicodeAuthor);

    const cover = await download(page, () => page.getByRole('link', { name: 'Download Cover Page' }).click());
    expect(cover.name).toBe(`coverpage-${article.refnumber}.pdf`);
    expect(cover.text).toContain(authors.join(', '));

    const board = await download(page, () => page.getByRole('link', { name: 'Download Editorial Board' }).click());
    expect(board.name).toBe('editorial-board.pdf');
    expect(board.text).toContain('Dr. José Müller-Łukasiewicz');
    expect(board.text).toContain('Dr. Zoë Ørsted');

    await view.click();
    await page.waitForURL(
      `${baseUrl}/archives/${article.year}/vol${article.volume}/issue${article.issue}/${article.refnumber}`,
    );
    await expectText(page.locator('.article-authors'), article.authorname);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('explains an unknown reference number and finds an article from the form', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const response = await page.goto(`${baseUrl}/pdf?refno=424242`);
    expect(response?.status()).toBe(404);
    await expectText(page.getByRole('alert'), { contains: 'No published article has the reference number 424242.' });
    await expectCount(page.getByRole('link', { name: /^Download Certificate/ }), 0);
    await screenshot(page, `download-unknown-${viewport}`);

    const field = page.getByLabel('Reference number');
    await field.fill(article.refnumber);
    await page.getByRole('button', { name: 'Show Downloads' }).click();
    await page.waitForURL(`${baseUrl}/pdf?refno=${article.refnumber}`);
    // The address changes before the new page has rendered.
    await page
      .getByRole('link', { name: /^Download Certificate/ })
      .first()
      .waitFor();
    await expectCount(page.getByRole('link', { name: /^Download Certificate/ }), authors.length);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe.each(['desktop', 'phone'] as const)('admin PDF exports at %s width', (viewport) => {
  /**
   * A page signed in as the admin: the login object is put where the site keeps it (specification: States and
   * transitions).
   */
  async function adminPage() {
    const login = await fetch(`${baseUrl}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const session = JSON.stringify(await login.json());
    const opened = await openPage(browser, viewport);
    await opened.page.addInitScript((value) => localStorage.setItem('acadpubjwt', value), session);
    return opened;
  }

  const pdfTextOf = (file: string) =>
    execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

  it('exports the selected articles of an issue as an index page and a zip of certificates', async () => {
    const { page, errors } = await adminPage();
    const issueArticles = (await (await fetch(`${baseUrl}/api/archives/2024/10/1`)).json()) as {
      refnumber: string;
      authorname: string;
    }[];
    await page.goto(`${baseUrl}/admin/archives/2024/10/1`);
    const bulk = page.getByRole('button', { name: 'Bulk Certificates' });
    await expectDisabled(bulk, true);
    await page.getByRole('checkbox', { name: 'Select all rows' }).check();

    const [zip] = await Promise.all([page.waitForEvent('download'), bulk.click()]);
    expect(zip.suggestedFilename()).toBe('certificates.zip');
    const entries = unzipSync(fs.readFileSync(await zip.path()));
    const certificates = issueArticles.reduce((sum, article) => sum + article.authorname.split(',').length, 0);
    expect(Object.keys(entries)).toHaveLength(certificates);
    await expectCount(page.getByRole('status').filter({ hasText: 'Saved certificates.zip' }), 1);

    const [index] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Index Page' }).click(),
    ]);
    expect(index.suggestedFilename()).toBe('index-page.pdf');
    const text = pdfTextOf(await index.path());
    expect(text).toContain('TABLE OF CONTENTS');
    for (const article of issueArticles) expect(text).toContain(article.authorname);
    await screenshot(page, `admin-exports-articles-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('exports membership certificates of the selected editors', async () => {
    const { page, errors } = await adminPage();
    await page.goto(`${baseUrl}/admin/editors`);
    await page.getByRole('checkbox', { name: 'Select Dr. Zoë Ørsted' }).check();
    await page.getByRole('checkbox', { name: 'Select Dr. José Müller-Łukasiewicz' }).check();
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Editors Certificates' }).click(),
    ]);
    expect(zip.suggestedFilename()).toBe('editors-certificates.zip');
    const entries = Object.entries(unzipSync(fs.readFileSync(await zip.path())));
    expect(entries).toHaveLength(2);
    const names = entries.map(([, pdf]) => {
      const file = `${fs.mkdtempSync('/tmp/editor-certificate-')}/certificate.pdf`;
      fs.writeFileSync(file, pdf);
      return pdfTextOf(file);
    });
    expect(names.join(' ')).toContain('Dr. Zoë Ørsted');
    expect(names.join(' ')).toContain('Dr. José Müller-Łukasiewicz');
    await screenshot(page, `admin-exports-editors-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
