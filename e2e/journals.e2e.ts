import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { expectCount, expectText, expectValue } from './support/page-state.js';
import { testPdf } from '../src/server/test/article-form.js';

const baseUrl = inject('baseUrl');
const admin = { username: inject('adminUsername'), password: inject('adminPassword') };
/** The new journal's address: Chromium sends every *.localhost name to this machine. */
const journalUrl = baseUrl.replace('127.0.0.1', 'journal3.localhost');
const JOURNAL = 'Journal of Alpine Studies';
const EDITOR = { username: 'alpine-admin', password: 'alpine-admin-password' };
const REF = '31001';
const year = new Date().getFullYear();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const flash = (page: Page, text: string) => page.locator('.flash', { hasText: text }).waitFor();

async function signIn(page: Page, origin: string, user: { username: string; password: string }) {
  await page.goto(`${origin}/admin/login`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page, origin: string) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${origin}/admin/login`);
}

/** An entry in the publisher's work-log, written at `origin`'s journal. */
async function addWorklogEntry(page: Page, origin: string, user: typeof EDITOR, text: string) {
  await page.goto(`${origin}/webdata/login`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${origin}/webdata`);
  await page.getByRole('link', { name: '+ New Entry' }).click();
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Information' });
  await page.getByLabel('Your Content').fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`${origin}/webdata`);
}

describe('a publisher with several journals', () => {
  it('creates a journal at its own host, whose admin builds an issue that shows there only', async () => {
    const { page, errors } = await openPage(browser, 'desktop');

    // The publisher admin adds the journal at journal3.localhost.
    await signIn(page, baseUrl, admin);
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('link', { name: 'Journals', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/journals`);
    await page.getByLabel('Name', { exact: true }).fill(JOURNAL);
    await page.getByLabel('Host names').fill('journal3.localhost');
    await page.getByRole('button', { name: 'Add Journal' }).click();
    await flash(page, 'Journal created.');
    await page.getByRole('cell', { name: JOURNAL }).waitFor();
    await screenshot(page, 'journals-desktop');
    await signOut(page, baseUrl);

    // At the new host, the publisher admin gives the journal an admin of its own.
    await signIn(page, journalUrl, admin);
    await page.waitForURL(`${journalUrl}/admin`);
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByLabel('Username').fill(EDITOR.username);
    await page.getByLabel('Name', { exact: true }).fill('Alpine Editor');
    await page.getByLabel('Password').fill(EDITOR.password);
    await page.getByLabel(/^Role/).selectOption('admin');
    await page.getByRole('button', { name: 'Create User' }).click();
    await flash(page, 'User created successfully');
    await signOut(page, journalUrl);

    // That admin signs in there, adds an issue and an article with its PDF.
    await signIn(page, journalUrl, EDITOR);
    await page.waitForURL(`${journalUrl}/admin`);
    await expectCount(page.getByRole('link', { name: 'Journals', exact: true }), 0);
    await page.getByRole('link', { name: 'Archives', exact: true }).click();
    await page.getByRole('button', { name: 'Add New' }).click();
    await page.getByLabel('Volume').fill('1');
    await page.getByLabel('Issue', { exact: true }).fill('1');
    await page.getByLabel('Months the issue covers').selectOption({ label: 'January to February' });
    await page.getByLabel('Publish at once', { exact: false }).check();
    await page.getByRole('button', { name: 'Create Issue' }).click();
    await flash(page, 'Issue created successfully');
    await page.getByRole('link', { name: 'Articles' }).first().click();
    await page.getByRole('link', { name: 'Add Article' }).click();
    await page.getByLabel('Reference number').fill(REF);
    await page.getByLabel('Transaction ID').fill('TXN-ALPINE-1');
    await page.getByLabel('Email', { exact: true }).fill('author@alps.example');
    await page.getByLabel('Given name of author 1').fill('Anna');
    await page.getByLabel('Family name of author 1').fill('Huber');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Glacier retreat in the Ötztal Alps');
    await page.getByRole('textbox', { name: 'Abstract', exact: true }).fill('Forty years of glacier surveys.');
    await page.getByLabel('Country of author 1').fill('Austria');
    await page.getByLabel('Page number').fill('1-9');
    const pdf = testPdf('alpine journey', Buffer.alloc(2000, 32));
    await page.getByLabel('PDF file').setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByRole('button', { name: 'Add Article' }).click();
    // The message for the author names the journal's own address.
    const message = page.getByRole('textbox', { name: 'Message text' });
    await expectValue(message, { contains: `Download link: ${journalUrl}/pdf?refno=${REF}` });

    // The article shows at the journal's host, under its name, and nowhere else.
    const path = `/archives/${year}/vol1/issue1/${REF}`;
    await page.goto(`${journalUrl}${path}`);
    await expectText(page.locator('h1'), 'Glacier retreat in the Ötztal Alps');
    expect(await page.title()).toContain(JOURNAL);
    // Node does not resolve *.localhost, so the page itself asks for the PDF.
    const pdfUrl = `${journalUrl}/assets/archives/${year}/vol1issue1/${REF}.pdf`;
    const pdfStatus = await page.evaluate(async (url) => (await fetch(url)).status, pdfUrl);
    expect(pdfStatus).toBe(200);
    await screenshot(page, 'journals-article-desktop');
    await page.goto(`${baseUrl}${path}`);
    await expectText(page.locator('h1'), 'Article not found!');

    // Its admin has no access to the first journal.
    await signIn(page, baseUrl, EDITOR);
    await page.getByRole('alert').filter({ hasText: 'This account has no access to this journal.' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('keeps one work-log for the publisher, reachable from every journal', async () => {
    const { page, errors } = await openPage(browser, 'phone');
    await addWorklogEntry(page, baseUrl, admin, 'Sent the first journal to the printer');
    await addWorklogEntry(page, journalUrl, EDITOR, 'Proofs of the Alpine issue checked');
    for (const text of ['Sent the first journal to the printer', 'Proofs of the Alpine issue checked']) {
      await page.getByText(text).first().waitFor();
    }
    await screenshot(page, 'journals-worklog-phone');
    expect(errors).toEqual([]);
  });
});
