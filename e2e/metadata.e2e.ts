import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser } from './support/admin-api.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import {
  expectAttribute,
  expectCount,
  expectReading,
  expectText,
  expectTexts,
  expectValue,
} from './support/page-state.js';

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
    await expectAttribute(link, 'href', `https://doi.org/${DOI}`);
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
    await expectValue(licence, 'CC BY 4.0');
    await expectCount(page.getByLabel('Licence name'), 0);

    await licence.selectOption('CC BY-NC 4.0');
    await page.getByLabel(/^Crossref depositor email/).fill('doi@ijars.example');
    await saveSettings(page);
    await page.goto(`${baseUrl}/about`);
    const footerLicence = page.locator('.site-footer a[rel="license"]');
    await expectText(footerLicence, 'CC BY-NC 4.0', { inner: true });
    await expectAttribute(footerLicence, 'href', 'https://creativecommons.org/licenses/by-nc/4.0/');

    await page.goto(`${baseUrl}/admin/settings`);
    await page.getByLabel('Licence', { exact: true }).selectOption('Another licence');
    await page.getByLabel('Licence name').fill('Journal Licence 2');
    await page.getByLabel('Licence URL').fill('example.org/licence');
    await screenshot(page, 'metadata-licence-settings-1280');
    await saveSettings(page);
    await page.goto(`${baseUrl}/about`);
    await expectText(footerLicence, 'Journal Licence 2', { inner: true });
    await expectAttribute(footerLicence, 'href', 'https://example.org/licence');

    await page.goto(`${baseUrl}/admin/settings`);
    await expectValue(page.getByLabel('Licence', { exact: true }), 'Another licence');
    await page.getByLabel('Licence', { exact: true }).selectOption('All rights reserved');
    await saveSettings(page);
    await page.goto(`${baseUrl}/about`);
    await expectText(page.locator('.site-footer'), { contains: 'All rights reserved.' }, { inner: true });

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
  await expectTexts(box.locator('dt'), ['APA', 'MLA', 'Chicago', 'Vancouver'], { inner: true });
  await expectReading(
    `the references of ${box} to end in the DOI`,
    () => box.locator('dd').allInnerTexts(),
    (references) =>
      references.length === 4 &&
      references.slice(0, 3).every((text) => text.includes(`https://doi.org/${DOI}`)) &&
      references[3]!.includes(`doi:${DOI}`),
  );
}
