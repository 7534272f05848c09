import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser } from './support/admin-api.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';

const baseUrl = inject('baseUrl');
const admin = { username: inject('adminUsername'), password: inject('adminPassword') };
// A user of its own: sign-ins are rate-limited per user name, and other journeys share the seeded admin.
const EDITOR = { username: 'metadata-editor', password: 'metadata-password', name: 'Metadata Editor', role: 'admin' };
const ARTICLE_ID = 1;
const DOI = '10.5555/ijars.e2e.metadata';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseUrl, admin, EDITOR);
});
afterAll(async () => {
  await browser?.close();
});

describe('scholarly metadata', () => {
  it('sets a DOI in the admin form, shows the DOI link and the Cite box, and downloads the RIS file', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    await signIn(page);

    await page.goto(`${baseUrl}/admin/archives/${ARTICLE_ID}`);
    await page.getByLabel('DOI (optional)').fill(`https://doi.org/${DOI}`);
    const [saved] = await Promise.all([
      page.waitForResponse(
        (response) => response.url().endsWith(`/api/archives/${ARTICLE_ID}`) && response.request().method() === 'POST',
      ),
      page.getByRole('button', { name: 'Update Article' }).click(),
    ]);
    expect(saved.status()).toBe(200);

    const article = await (await fetch(`${baseUrl}/api/archives/${ARTICLE_ID}`)).json();
    expect(article.doi).toBe(DOI);
    await page.goto(
      `${baseUrl}/archives/${article.year}/vol${article.volume}/issue${article.issue}/${article.refnumber}`,
    );
    const link = page.getByRole('link', { name: `https://doi.org/${DOI}` });
    expect(await link.getAttribute('href')).toBe(`https://doi.org/${DOI}`);
    await page.getByRole('heading', { name: 'Cite this article', exact: true }).waitFor();
    await expectFormattedReferences(page);
    await screenshot(page, 'metadata-article-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^RIS/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${article.refnumber}.ris`);
    const ris = fs.readFileSync((await download.path())!, 'utf8');
    expect(ris.startsWith('TY  - JOUR\r\n')).toBe(true);
    expect(ris).toContain(`DO  - ${DOI}\r\n`);
    expect(errors).toEqual([]);
  });

  it('shows the formatted references after moving to the article within the site, and on a phone', async () => {
    const { page, errors } = await openPage(browser, 'phone');
    const article = await (await fetch(`${baseUrl}/api/archives/${ARTICLE_ID}`)).json();
    await page.goto(`${baseUrl}/archives/${article.year}/vol${article.volume}/issue${article.issue}`);
    await page.locator(`a[href$="/${article.refnumber}"]`).first().click();
    await page.waitForURL(new RegExp(`/${article.refnumber}$`));
    await expectFormattedReferences(page);
    await page.getByRole('heading', { name: 'Cite this article', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'metadata-cite-box-375');
    expect(errors).toEqual([]);
  });
});

describe('licence and Crossref settings', () => {
  it('chooses a licence from the list or writes another, and the footer follows', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    await signIn(page);
    await page.goto(`${baseUrl}/admin/settings`);
    const licence = page.getByLabel('Licence', { exact: true });
    expect(await licence.inputValue()).toBe('CC BY 4.0');
    expect(await page.getByLabel('Licence name').count()).toBe(0);

    await licence.selectOption('CC BY-NC 4.0');
    await page.getByLabel(/^Crossref depositor email/).fill('doi@ijars.example');
    await saveSettings(page);
    await page.goto(`${baseUrl}/about`);
    const footerLicence = page.locator('.site-footer a[rel="license"]');
    expect(await footerLicence.innerText()).toBe('CC BY-NC 4.0');
    expect(await footerLicence.getAttribute('href')).toBe('https://creativecommons.org/licenses/by-nc/4.0/');

    await page.goto(`${baseUrl}/admin/settings`);
    await page.getByLabel('Licence', { exact: true }).selectOption('Another licence');
    await page.getByLabel('Licence name').fill('Journal Licence 2');
    await page.getByLabel('Licence URL').fill('example.org/licence');
    await screenshot(page, 'metadata-licence-settings-1280');
    await saveSettings(page);
    await page.goto(`${baseUrl}/about`);
    expect(await footerLicence.innerText()).toBe('Journal Licence 2');
    expect(await footerLicence.getAttribute('href')).toBe('https://example.org/licence');

    await page.goto(`${baseUrl}/admin/settings`);
    expect(await page.getByLabel('Licence', { exact: true }).inputValue()).toBe('Another licence');
    await page.getByLabel('Licence', { exact: true }).selectOption('All rights reserved');
    await saveSettings(page);
    await page.goto(`${baseUrl}/about`);
    expect(await page.locator('.site-footer').innerText()).toContain('All rights reserved.');

    await page.goto(`${baseUrl}/admin/settings`);
    await page.getByLabel('Licence', { exact: true }).selectOption('CC BY 4.0');
    await page.getByLabel(/^Crossref depositor email/).fill('');
    await saveSettings(page);
    expect(errors).toEqual([]);
  });
});

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Username').fill(EDITOR.username);
  await page.getByLabel('Password').fill(EDITOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/admin`);
}

async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await page.getByText('Settings updated successfully').waitFor();
}

/** The Cite box names the four styles, each reference ending in the DOI the first journey set. */
async function expectFormattedReferences(page: Page) {
  const box = page.locator('.article-cite-box');
  expect(await box.locator('dt').allInnerTexts()).toEqual(['APA', 'MLA', 'Chicago', 'Vancouver']);
  const references = await box.locator('dd').allInnerTexts();
  expect(references.slice(0, 3).every((text) => text.includes(`https://doi.org/${DOI}`))).toBe(true);
  expect(references[3]).toContain(`doi:${DOI}`);
}
