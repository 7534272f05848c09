import type { Browser, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.mjs';
import { testPdf } from '../src/server/test/article-form.js';
import { SmtpInbox } from '../src/server/test/smtp-inbox.js';
import { launchBrowser, openPage, screenshot, VIEWPORTS } from './support/browser.js';
import { answerConfirmation } from './support/confirm-dialog.js';
import { expectText } from './support/page-state.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

/**
 * Correcting mistakes and reaching authors, on a server of its own with SMTP_URL set to a real SMTP server
 * whose delivered messages the journeys read, and SITE_URL to its own address (mailed links need it).
 */
const ADMIN = { username: 'admin', password: 'corrections-admin-password' };
const year = new Date().getFullYear();
const inbox = new SmtpInbox();
let server: RunningServer;
let baseUrl: string;
let browser: Browser;
let headers: Record<string, string>;

beforeAll(async () => {
  await inbox.start();
  const port = String(await freePort());
  server = await startBuiltServer({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: inbox.url,
    PORT: port,
    SITE_URL: `http://127.0.0.1:${port}`,
  });
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
  const login = await fetch(`${baseUrl}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  headers = { authorization: `Bearer ${(await login.json()).token}` };
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await inbox.stop();
});

const pdf = () => new Blob([new Uint8Array(testPdf('corrections journey'))], { type: 'application/pdf' });

async function createIssue(
  volume: number,
  issue: number,
  frequency: string,
  state: 'draft' | 'published' = 'published',
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/admin/create-issue`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ year, volume, issue, frequency, state }),
  });
  expect(response.status).toBe(201);
}

interface Paper {
  refnumber: string;
  title: string;
  txnid: string;
  email: string;
}

async function addArticle(volume: number, issue: number, paper: Paper): Promise<void> {
  const form = new FormData();
  const fields = {
    ...paper,
    authorname: 'Meera Pillai',
    abstract: '<p>Rainfall and yields.</p>',
    country: 'India',
    pagenumber: '1-8',
    ptype: 'paid',
    publishdate: `${year}-01-15`,
  };
  for (const [name, value] of Object.entries({
    ...fields,
    year: String(year),
    volume: String(volume),
    issue: String(issue),
  }))
    form.append(name, value);
  form.append('pdfFile', pdf(), 'paper.pdf');
  expect((await fetch(`${baseUrl}/api/admin/archives/`, { method: 'POST', headers, body: form })).status).toBe(201);
}

function acceptDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/admin`);
}

const flash = (page: Page, text: string) => page.locator('.flash', { hasText: text }).waitFor();

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('correcting mistakes at %s width', (viewport) => {
  // Each width works on issues and an article of its own.
  const volume = viewport === 'desktop' ? 61 : 62;
  const paper: Paper = {
    refnumber: viewport === 'desktop' ? '88101' : '88202',
    title: `Monsoon rainfall and paddy yields (${viewport})`,
    txnid: `TXN-CORR-${viewport}`,
    email: `author-${viewport}@uni.example`,
  };
  const adminIssue = (issue: number) => `${baseUrl}/admin/archives/${year}/${volume}/${issue}`;

  // While its issue is a draft nobody has seen the article, so its reference number is free again once it is deleted
  // (a published one keeps it, decision 099).
  it('deletes an article of a draft issue and enters it again with the same reference number, title and transaction id, then mails the author and publishes the issue', async () => {
    await createIssue(volume, 1, 'jan-feb', 'draft');
    await createIssue(volume, 2, 'mar-apr');
    await addArticle(volume, 1, paper);
    const { page, errors } = await openPage(browser, viewport);
    await signIn(page);

    await page.goto(adminIssue(1));
    await page.getByRole('button', { name: `Delete article ${paper.refnumber}` }).click();
    expect(await answerConfirmation(page, 'Delete article')).toContain(
      `Delete article ${paper.refnumber} and its PDF?`,
    );
    await flash(page, 'Article deleted');
    await page.getByText('No articles in this issue yet.').waitFor();
    await screenshot(page, `corrections-deleted-${viewport}`);

    await page.getByRole('link', { name: 'Add Article' }).click();
    await page.getByLabel('Reference number').fill(paper.refnumber);
    await page.getByLabel('Transaction ID').fill(paper.txnid);
    await page.getByLabel('Email', { exact: true }).fill(paper.email);
    await page.getByLabel('Given name of author 1').fill('Meera');
    await page.getByLabel('Family name of author 1').fill('Pillai');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(paper.title);
    await page.getByRole('textbox', { name: 'Abstract', exact: true }).fill('Rainfall and yields.');
    await page.getByLabel('Country of author 1').fill('India');
    await page.getByLabel('Page number').fill('1-8');
    await page
      .getByLabel('PDF file')
      .setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: testPdf('sent to the author') });
    await page.getByRole('button', { name: 'Add Article' }).click();
    await page.getByRole('textbox', { name: 'Message text' }).waitFor();

    // Send to author: the message arrives at the article's stored address with the download link.
    const before = inbox.messages.length;
    await page.getByRole('button', { name: 'Send to author' }).click();
    await flash(page, `Message sent to ${paper.email}`);
    const mail = await inbox.waitFor(paper.email, before);
    expect(mail.text).toContain(`Download link: ${baseUrl}/pdf?refno=${paper.refnumber}`);
    expect(mail.text).toContain('has been published successfully.');
    await screenshot(page, `corrections-sent-to-author-${viewport}`);

    await page.goto(adminIssue(1));
    await page.getByRole('button', { name: 'Publish issue' }).click();
    await answerConfirmation(page, 'Publish');
    await flash(page, 'Issue published');
    expect(errors).toEqual([]);
  });

  it('moves the article to another issue, and its old address leads to the new one', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const dialogs = acceptDialogs(page);
    await signIn(page);
    await page.goto(adminIssue(1));
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page
      .getByRole('form', { name: 'Move article' })
      .getByLabel('Issue')
      .selectOption({ label: `VOL. ${volume}, ISSUE 2 (${year}) Mar-Apr` });
    await page.getByRole('button', { name: 'Move Article' }).click();
    expect(await answerConfirmation(page, 'Move article')).toBe(
      `Move article ${paper.refnumber} to VOL. ${volume}, ISSUE 2 (${year}) Mar-Apr? Its old address will lead to the new one.`,
    );
    await flash(page, `Article moved to VOL. ${volume}, ISSUE 2`);
    await screenshot(page, `corrections-moved-${viewport}`);

    await page.goto(`${baseUrl}/archives/${year}/vol${volume}/issue1/${paper.refnumber}`);
    await page.waitForURL(`${baseUrl}/archives/${year}/vol${volume}/issue2/${paper.refnumber}`);
    await page.getByRole('heading', { name: paper.title }).waitFor();
    await page.getByText(`VOL. ${volume}, ISSUE 2 (${year}) Mar-Apr`).first().waitFor();
    await screenshot(page, `corrections-old-address-followed-${viewport}`);

    // Edit the issue's frequency: the admin list and the public issue page show the new one.
    await page.goto(`${baseUrl}/admin/archives`);
    await page.getByRole('button', { name: `Edit VOL. ${volume}, ISSUE 2 (${year}) Mar-Apr` }).click();
    const form = page.getByRole('form', { name: 'Edit issue' });
    await form.getByLabel('Months the issue covers').selectOption({ label: 'November to December' });
    await screenshot(page, `corrections-edit-issue-${viewport}`);
    await form.getByRole('button', { name: 'Save Issue' }).click();
    await flash(page, 'Issue updated successfully');
    // A change of months alone is saved without a question.
    expect(dialogs).toEqual([]);
    const row = page
      .locator('tbody tr')
      .filter({ has: page.getByRole('button', { name: `Edit VOL. ${volume}, ISSUE 2 (${year}) Nov-Dec` }) });
    // The months column is hidden on phones, but its cell is there.
    await expectText(row.locator('td').nth(3), 'Nov-Dec');
    await page.goto(`${baseUrl}/archives/${year}/vol${volume}/issue2`);
    await page.getByRole('heading', { name: `VOL. ${volume}, ISSUE 2 (${year}) Nov-Dec` }).waitFor();

    // Every change is in the activity log.
    await page.goto(`${baseUrl}/admin/activity`);
    await page
      .getByRole('cell', {
        name: `${paper.refnumber}: moved from VOL. ${volume}, ISSUE 1 (${year}) to VOL. ${volume}, ISSUE 2 (${year})`,
      })
      .waitFor();
    await page
      .getByRole('cell', { name: `Deleted ${paper.refnumber} from VOL. ${volume}, ISSUE 1 (${year})` })
      .waitFor();
    await page
      .getByRole('cell', { name: `Sent to ${paper.email}:`, exact: false })
      .first()
      .waitFor();
    await screenshot(page, `corrections-activity-${viewport}`);
    expect(errors).toEqual([]);
  });
});

describe('Forgot password', () => {
  it('mails a single-use link from the sign-in page and the new password signs in', async () => {
    const created = await fetch(`${baseUrl}/api/users`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'asha',
        name: 'Asha',
        password: 'old-password-1',
        email: 'asha@journal.example',
        role: 'staff',
      }),
    });
    expect(created.status).toBe(201);
    const { page, errors } = await openPage(browser, 'phone');
    await page.goto(`${baseUrl}/webdata/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('Username').fill('asha');
    const before = inbox.messages.length;
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('status').filter({ hasText: 'If that account exists and has an email address' }).waitFor();
    await screenshot(page, 'corrections-forgot-password-phone');
    const link = /https?:\/\/\S+reset-password\S+/.exec((await inbox.waitFor('asha@journal.example', before)).text)![0];
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('new-password-2');
    await page.getByLabel('Re-enter password').fill('new-password-2');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL(`${baseUrl}/webdata/login`);
    await page.getByRole('heading', { name: 'Work-log sign in' }).waitFor();
    await page.getByLabel('Username').fill('asha');
    await page.getByLabel('Password').fill('new-password-2');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/webdata`);
    expect(errors).toEqual([]);
  });
});
