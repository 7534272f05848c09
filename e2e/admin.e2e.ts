import fs from 'node:fs';
import type { Browser, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser } from './support/admin-api.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import {
  expectChecked,
  expectCount,
  expectDisabled,
  expectReading,
  expectText,
  expectTexts,
  expectValue,
} from './support/page-state.js';
import { testPdf } from '../src/server/test/article-form.js';
import { waitUntil } from '../src/server/test/wait-until.js';

const baseUrl = inject('baseUrl');
const admin = { username: inject('adminUsername'), password: inject('adminPassword') };
const year = new Date().getFullYear();
// An issue of its own, so the journey does not change the demo issues other journeys read.
const ISSUE = { volume: 90, issue: 3, frequency: 'sep-oct' };
const REF = '77001';
let browser: Browser;

// Sign-ins are rate-limited per address and user name, and every journey shares the seeded admin:
// the checks after the main journey sign in as a user of their own.
const CHECKER = { username: 'checker', password: 'checker-password' };

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseUrl, admin, { ...CHECKER, name: 'Layout Checker' });
});
afterAll(async () => {
  await browser?.close();
});

/** Accepts every dialog and records its message. */
function watchDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    seen.push(dialog.message());
    // The page may already be leaving (the session-expired alert is followed by a new page load).
    dialog.accept().catch(() => undefined);
  });
  return seen;
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${baseUrl}/admin/login`);
  await expectReading(
    'the stored login to be cleared',
    () => page.evaluate(() => localStorage.getItem('acadpubjwt')),
    (stored) => stored === null,
  );
}

const flash = (page: Page, text: string) => page.locator('.flash', { hasText: text }).waitFor();
/** A problem shown beside its field. */
const fieldError = (page: Page, text: string) => page.locator('.field-error', { hasText: text }).waitFor();
const PNG_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const pdf = (size = 2000) => testPdf('admin journey', Buffer.alloc(size, 32));

async function fillArticle(page: Page, pagenumber: string) {
  await page.getByLabel('Reference number').fill(REF);
  await page.getByLabel('Transaction ID').fill('TXN-E2E-77001');
  await page.getByLabel('Email', { exact: true }).fill('author@uni.example');
  // A list of names typed into a given name fills one card per author.
  await page.getByLabel('Given name of author 1').fill('Meera Pillai, Arjun Das');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Monsoon rainfall and paddy yields');
  await page
    .getByRole('textbox', { name: 'Abstract', exact: true })
    .fill('We relate thirty years of monsoon rainfall to paddy yields.');
  await page.getByLabel('Country of author 1').fill('India');
  await page.getByLabel('Page number').fill(pagenumber);
}

describe('admin journey at desktop width', () => {
  it('signs in, manages issues, articles, editors, settings and users, and signs out', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    const dialogs = watchDialogs(page);

    // Nobody signed in: the admin area sends the visitor to the sign-in page; a wrong password is refused.
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(`${baseUrl}/admin/login`);
    await signIn(page, admin.username, 'wrong-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid user and password' }).waitFor();
    await screenshot(page, 'admin-login-desktop');
    await signIn(page, admin.username, admin.password);
    await page.waitForURL(`${baseUrl}/admin`);
    // The cards show GET /api/admin/ (other journeys may have added rows to the shared demo journal).
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('acadpubjwt')!).token as string);
    const counts = await (
      await fetch(`${baseUrl}/api/admin/`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(counts.archives).toBeGreaterThanOrEqual(72);
    await expectTexts(page.locator('.dashboard-card'), [`ARCHIVES\n${counts.archives}`, `EDITORS\n${counts.editors}`], {
      inner: true,
    });
    await expectText(page.locator('.admin-user'), { contains: 'Administrator' }, { inner: true });
    await screenshot(page, 'admin-dashboard-desktop');
    // Signed in, the sign-in page sends the visitor on to the dashboard.
    await page.goto(`${baseUrl}/admin/login`);
    await page.waitForURL(`${baseUrl}/admin`);

    // Issues: the form closes on X, then creates the issue; a duplicate gets a clear error and no second row.
    await page.getByRole('link', { name: 'Archives', exact: true }).click();
    await page.getByRole('button', { name: 'Add New' }).click();
    await expectValue(page.getByLabel('Year'), String(year));
    await page.getByRole('button', { name: 'Close' }).click();
    await expectCount(page.getByRole('form', { name: 'Add issue' }), 0);
    for (const attempt of [1, 2]) {
      await page.getByRole('button', { name: 'Add New' }).click();
      // The next volume and issue are suggested; an emptied volume is refused.
      await page.getByLabel('Volume').fill('');
      await page.getByRole('button', { name: 'Create Issue' }).click();
      await fieldError(page, 'Volume must be a number');
      await page.getByLabel('Volume').fill(String(ISSUE.volume));
      await page.getByLabel('Issue', { exact: true }).fill(String(ISSUE.issue));
      await page.getByLabel('Months the issue covers').selectOption(ISSUE.frequency);
      await page.getByLabel('Publish at once', { exact: false }).check();
      await page.getByRole('button', { name: 'Create Issue' }).click();
      if (attempt === 1) {
        await flash(page, 'Issue created successfully');
        await expectCount(page.getByRole('form', { name: 'Add issue' }), 0);
      } else {
        await fieldError(page, 'This issue already exists.');
        await page.getByRole('button', { name: 'Close' }).click();
      }
    }
    const issueRow = page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: '90', exact: true }) });
    await expectCount(issueRow, 1);
    const cells = await issueRow.locator('td').allInnerTexts();
    // Numbers as numbers and months as the site writes them, not codes.
    expect(cells.slice(0, 5)).toEqual([String(year), '90', '3', 'Sep-Oct', '0']);
    expect(cells[5]).toBe(`Published ${new Date().toISOString().slice(0, 10)}`);
    expect(cells[6]!.split(/\s+/)).toEqual(['Articles', 'Edit', 'Delete']);
    await screenshot(page, 'admin-issues-desktop');

    // Add an article: a bad page range and a too-large file are refused first.
    await issueRow.getByRole('link', { name: 'Articles' }).click();
    await page.getByRole('link', { name: 'Add Article' }).click();
    await page.waitForURL(`${baseUrl}/admin/archives/add/${year}/90/3`);
    await expectValue(page.getByLabel('Payment type'), 'paid');
    await expectValue(page.getByLabel('Publication date'), new Date().toISOString().slice(0, 10));
    await page.getByText('Also the date on the certificates.').waitFor();
    await fillArticle(page, '1_6');
    await expectCount(page.getByText('Title (up to 100 words): 5 words'), 1);
    await page.getByText('At most 5 authors.', { exact: false }).waitFor();
    await page.getByText('The references (at most 50) belong in the PDF.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Add Article' }).click();
    await fieldError(page, 'Page number format must be like 1-6.');
    await page.getByLabel('Page number').fill('0-6');
    await page.getByRole('button', { name: 'Add Article' }).click();
    await fieldError(
      page,
      'The the first value of the page range should be one more than the last one. The last page was 0.',
    );
    await page.getByLabel('Page number').fill('1-6');
    await page
      .getByLabel('PDF file')
      .setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: pdf(5_242_881) });
    await waitUntil(() => dialogs.at(-1) === 'File size exceeds the limit of 5 MB.', {
      message: () => `the size alert; dialogs so far: ${JSON.stringify(dialogs)}`,
    });
    // The field is emptied once the alert is closed.
    await expectReading(
      'the PDF field to be emptied',
      () => page.getByLabel('PDF file').evaluate((input: HTMLInputElement) => input.files?.length),
      (files) => files === 0,
    );
    await page.getByRole('button', { name: 'Add Article' }).click();
    await fieldError(page, 'The PDF file is required.');
    await page.getByLabel('PDF file').setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await page.getByRole('button', { name: 'Add Article' }).click();
    const message = page.getByRole('textbox', { name: 'Message text' });
    const text = await expectValue(message, { contains: 'has been published successfully.' });
    expect(text).toContain(`Download link: ${baseUrl}/pdf?refno=${REF}`);
    expect(text).toContain(`Abstract link: ${baseUrl}/archives/${year}/vol90/issue3/${REF}`);
    expect(text).toContain('https://reviews.example/ijars');
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    await screenshot(page, 'admin-article-added-desktop');
    // The button says Copy again a moment later.
    await page.getByRole('button', { name: 'Copy' }).waitFor();

    // The article is on the public issue page, and its PDF is served.
    const publicIssue = `${baseUrl}/archives/${year}/vol90/issue3`;
    await page.goto(publicIssue);
    await page.getByText('Monsoon rainfall and paddy yields').first().waitFor();
    expect((await fetch(`${baseUrl}/assets/archives/${year}/vol90issue3/${REF}.pdf`)).status).toBe(200);

    // Edit it: a new title shows publicly; switching it off removes it from the public issue.
    await page.goto(`${baseUrl}/admin/archives/${year}/90/3`);
    await page.getByRole('checkbox', { name: `Select article ${REF}` }).waitFor();
    await expectCount(page.locator('tbody tr'), 1);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await title.fill('Monsoon rainfall and rice yields');
    await page.getByRole('button', { name: 'Update Article' }).click();
    await expectValue(message, { contains: 'has been updated successfully.' });
    await screenshot(page, 'admin-article-edit-desktop');
    await page.goto(publicIssue);
    await page.getByText('Monsoon rainfall and rice yields').first().waitFor();

    // Admin search finds it by reference number; nothing found says so.
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('searchbox', { name: 'Search articles' }).fill(REF);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/search?q=${REF}`);
    await page.getByRole('link', { name: REF }).click();
    await page.getByLabel('Status').waitFor();
    // Off the search page the address names no search, so the box starts again empty.
    await expectValue(page.getByRole('searchbox', { name: 'Search articles' }), '');
    await page.getByLabel('Status').selectOption('disabled');
    await page.getByRole('button', { name: 'Update Article' }).click();
    await expectValue(message, { contains: 'updated' });
    // Its PDF is no longer public, but the form still hands it to the admin.
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `${REF}.pdf` }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toBe(`${REF}.pdf`);
    expect((await fs.promises.readFile((await pdfDownload.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    await page.goto(`${baseUrl}/admin/search?q=no-such-article`);
    await page.getByRole('heading', { name: 'Not Found!' }).waitFor();
    await page.goto(`${baseUrl}/admin/not-found`);
    await page.getByRole('heading', { name: 'Not Found!' }).waitFor();
    expect(await (await fetch(publicIssue)).text()).not.toContain('rice yields');

    // Editors: the switch turns an editor off (the list reloads; the board drops her), then on again.
    await page.getByRole('link', { name: 'Editors', exact: true }).click();
    const priya = page.getByRole('switch', { name: 'Ms. Priya Verma enabled' });
    await priya.click();
    await expectChecked(priya, false);
    expect(await (await fetch(`${baseUrl}/board`)).text()).not.toContain('Priya Verma');
    await priya.click();
    await expectChecked(priya, true);

    // Add an editor with a picture, then edit her; she is switched off again so the board stays as it was.
    await page.getByRole('link', { name: 'Add Editor' }).click();
    await page.getByRole('button', { name: 'Add Editor' }).click();
    await fieldError(page, 'Name is required');
    await page.getByLabel('Name', { exact: true }).fill('Dr. Lena Ortiz');
    await page.getByLabel('Affiliation').fill('Department of Botany, University of Lisbon');
    await page.getByLabel('Category').selectOption('associate editor');
    await page.getByLabel('Post').selectOption('Professor');
    await page
      .getByLabel('Picture')
      .setInputFiles({ name: 'lena.png', mimeType: 'image/png', buffer: Buffer.from(PNG_PIXEL, 'base64') });
    await page.getByRole('button', { name: 'Add Editor' }).click();
    await page.waitForURL(`${baseUrl}/admin/editors`);
    await flash(page, 'Editor created successfully');
    await page
      .getByRole('row', { name: /Dr\. Lena Ortiz/ })
      .getByRole('link', { name: 'Edit' })
      .click();
    await page.getByLabel('Name', { exact: true }).fill('Prof. Lena Ortiz');
    await screenshot(page, 'admin-editor-form-desktop');
    await page.getByRole('button', { name: 'Update Editor' }).click();
    await flash(page, 'Editor updated successfully');
    const lena = page.getByRole('switch', { name: 'Prof. Lena Ortiz enabled' });
    await lena.click();
    await expectChecked(lena, false);

    // Pin two editors: they move up, and the page says List Sorted!
    await page.getByRole('checkbox', { name: 'Select Dr. Sandeep Gupta' }).check();
    await page.getByRole('button', { name: 'Pin', exact: true }).click();
    await flash(page, 'List Sorted!');
    await expectReading(
      'the pinned editors to lead the list',
      async () => (await page.locator('tbody tr td:nth-child(2)').allInnerTexts()).slice(0, 2),
      (names) => names.join('|') === 'Prof. (Dr.) Rajesh Kumar Sharma|Dr. Sandeep Gupta',
    );
    await screenshot(page, 'admin-editors-desktop');
    await page.getByRole('button', { name: 'Unpin', exact: true }).click();
    await flash(page, 'List Sorted!');

    // Settings: a changed fee shows on the public home page.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Fee in dollars (foreign)').fill('65');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    // Confirmed beside the button at the end of the long form, in a live region, where the eye is.
    const saved = page.locator('.form-actions [role="status"]');
    await expectText(saved, 'Settings updated successfully');
    expect(await saved.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    await screenshot(page, 'admin-settings-desktop');
    await page.getByRole('link', { name: 'Site' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await expectText(page.locator('.fee-card').nth(1), { contains: '65' }, { inner: true });
    await page.goto(`${baseUrl}/admin/settings`);
    await page.getByLabel('Fee in dollars (foreign)').fill('50');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await flash(page, 'Settings updated successfully');

    // A second admin user: created here, changes their password, signs in again with it.
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByLabel('Username').fill('desk');
    await page.getByLabel('Name', { exact: true }).fill('Desk Editor');
    await page.getByLabel('Password').fill('first-password');
    await page.getByLabel('Email', { exact: true }).fill('desk@journal.example');
    // A new user is staff unless chosen otherwise.
    await expectValue(page.getByLabel(/^Role/), 'staff');
    await page.getByLabel(/^Role/).selectOption('admin');
    await page.getByRole('button', { name: 'Create User' }).click();
    await flash(page, 'User created successfully');
    await expectDisabled(page.getByRole('switch', { name: 'admin enabled' }), true);
    await signOut(page);

    await signIn(page, 'desk', 'first-password');
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('link', { name: 'Desk Editor' }).click();
    await page.getByLabel('Current password').fill('first-password');
    await page.getByLabel('New password').fill('second-password');
    await page.getByLabel('Re-enter password').fill('second-passwort');
    await page.getByRole('button', { name: 'Save' }).click();
    await fieldError(page, 'The passwords do not match.');
    await page.getByLabel('Re-enter password').fill('second-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await flash(page, 'User updated successfully');
    await screenshot(page, 'admin-account-desktop');
    await signOut(page);
    await signIn(page, 'desk', 'first-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid user and password' }).waitFor();
    await signIn(page, 'desk', 'second-password');
    await page.waitForURL(`${baseUrl}/admin`);
    await signOut(page);

    expect(dialogs).toEqual(['File size exceeds the limit of 5 MB.']);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('ends an expired session: alert, cleared login, sign-in page', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    const dialogs = watchDialogs(page);
    await signIn(page, CHECKER.username, CHECKER.password);
    await page.waitForURL(`${baseUrl}/admin`);
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('acadpubjwt')!);
      localStorage.setItem('acadpubjwt', JSON.stringify({ ...session, token: 'expired.token.value' }));
    });
    await page.getByRole('link', { name: 'Archives', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/login`);
    expect(dialogs).toEqual(['Session expired. Please login again.']);
    expect(await page.evaluate(() => localStorage.getItem('acadpubjwt'))).toBeNull();

    // A stored token that no longer verifies is caught when the area is entered, too.
    await page.evaluate(() =>
      localStorage.setItem(
        'acadpubjwt',
        JSON.stringify({ token: 'x.y.z', user: { id: 1, username: 'admin', name: 'A' } }),
      ),
    );
    // The alert and the move to the sign-in page may come before this page's load event, which then never fires:
    // the journey waits for where it ends, not for the page it left.
    await page.goto(`${baseUrl}/admin/editors`, { waitUntil: 'commit' });
    await page.waitForURL(`${baseUrl}/admin/login`);
    expect(dialogs).toHaveLength(2);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('admin area at phone width', () => {
  it('fits the dashboard, lists and forms on a small screen', async () => {
    const { page, errors } = await openPage(browser, 'phone');
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'admin-login-phone');
    await signIn(page, CHECKER.username, CHECKER.password);
    await page.waitForURL(`${baseUrl}/admin`);
    await screenshot(page, 'admin-dashboard-phone');
    for (const [path, name] of [
      ['/admin/archives', 'issues'],
      ['/admin/archives/2026/12/6', 'issue-articles'],
      ['/admin/archives/add/2026/12/6', 'article-add'],
      ['/admin/editors', 'editors'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Admin sections' }).waitFor();
      await page.goto(`${baseUrl}${path}`);
      await page.locator('.admin-main h1').first().waitFor();
      if (name === 'article-add') await page.getByRole('textbox', { name: 'Abstract', exact: true }).waitFor();
      await screenshot(page, `admin-${name}-phone`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
