import type { Browser, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import {
  expectAttribute,
  expectCount,
  expectDisabled,
  expectReading,
  expectText,
  expectValue,
  expectVisible,
} from './support/page-state.js';

const baseUrl = inject('baseUrl');
const admin = { username: inject('adminUsername'), password: inject('adminPassword') };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Answers confirm dialogs as told and records every dialog, so an alert from injected HTML is caught. */
function watchDialogs(page: Page) {
  const seen: { type: string; message: string }[] = [];
  let answer: 'accept' | 'dismiss' = 'dismiss';
  page.on('dialog', (dialog: Dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    void (dialog.type() === 'confirm' && answer === 'accept' ? dialog.accept() : dialog.dismiss());
  });
  return {
    seen,
    answerWith(next: 'accept' | 'dismiss') {
      answer = next;
    },
  };
}

const counter = (page: Page, text: string) =>
  page.locator('.worklog-counter', { hasText: new RegExp(`^${text}$`) }).waitFor();
const rows = (page: Page) => page.locator('.worklog-table tbody tr[data-status]');

const loginCleared = (page: Page) =>
  expectReading(
    'the stored login to be cleared',
    () => page.evaluate(() => localStorage.getItem('acadpubjwt')),
    (stored) => stored === null,
  );

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search entries' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** Adds entries through the API with the token the page signed in with. */
async function addThroughApi(page: Page, contents: string[]) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('acadpubjwt') ?? '{}').token as string);
  for (const content of contents) {
    const response = await fetch(`${baseUrl}/api/webdata`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'info', content }),
    });
    expect(response.status).toBe(201);
  }
}

describe.each(['desktop', 'phone'] as const)('staff work-log at %s width', (viewport) => {
  it('signs in, adds an entry safely, filters, searches, changes a status, pages and signs out', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const dialogs = watchDialogs(page);
    const marker = `${viewport}-${Date.now()}`;
    const statusChanges: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /\/api\/webdata\/\d+$/.test(request.url())) statusChanges.push(request.url());
    });

    // Nobody signed in: the shell sends the visitor to the sign-in.
    await page.goto(`${baseUrl}/webdata`);
    await page.waitForURL(`${baseUrl}/webdata/login`);
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expectText(page.getByRole('alert'), 'Invalid user and password');
    await screenshot(page, `worklog-login-${viewport}`);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/webdata`);
    await page.getByText('User: Administrator').waitFor();

    // A new urgent entry whose HTML tries to run a script.
    await page.getByRole('link', { name: '+ New Entry' }).click();
    await page.waitForURL(`${baseUrl}/webdata/addentris`);
    await expectValue(page.getByLabel('Status', { exact: true }), '');
    // Both problems at once, each beside its field.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('#field-status-error', { hasText: 'Select a type: Information or Urgent' }).waitFor();
    await expectText(page.locator('#field-content-error'), 'Content must not be empty');
    await expectAttribute(page.getByLabel('Your Content'), 'aria-invalid', 'true');
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Urgent' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectCount(page.locator('#field-status-error'), 0);
    await expectText(page.locator('#field-content-error'), 'Content must not be empty');
    await page.getByLabel('Your Content').fill(`<b>bold</b><img src=x onerror=alert(1)> ${marker}`);
    await screenshot(page, `worklog-add-${viewport}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${baseUrl}/webdata`);
    const newest = rows(page).first();
    await newest.locator('b', { hasText: 'bold' }).waitFor();
    await expectCount(newest.locator('img'), 0);
    await expectAttribute(newest, 'data-status', 'urgent');
    await expectText(newest.locator('td').nth(2), /^admin \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/);

    // Filter Urgent, then search for the entry.
    await page.getByRole('link', { name: 'Urgent', exact: true }).click();
    await page.waitForURL(`${baseUrl}/webdata/urgent`);
    await rows(page).first().waitFor();
    // The list of every entry gives way to the urgent ones.
    await expectCount(page.locator('.worklog-table tbody tr:not([data-status="urgent"])'), 0);
    await search(page, marker.toUpperCase());
    await page.waitForURL(`${baseUrl}/webdata/urgent?search=${encodeURIComponent(marker.toUpperCase())}`);
    await counter(page, '1 - 1 of 1');
    await expectCount(rows(page), 1);
    await expectReading(
      'the urgent row to be red',
      () =>
        rows(page)
          .first()
          .evaluate((row) => getComputedStyle(row).backgroundColor),
      (colour) => colour === 'rgb(198, 40, 40)',
    );
    await screenshot(page, `worklog-urgent-${viewport}`);

    // Change its status: cancelled first (nothing changes), then confirmed.
    const select = rows(page).first().getByRole('combobox');
    dialogs.answerWith('dismiss');
    await select.selectOption('completed');
    await expectValue(select, 'urgent');
    await counter(page, '1 - 1 of 1');
    dialogs.answerWith('accept');
    await select.selectOption('completed');
    await counter(page, '0 - 0 of 0');
    expect(dialogs.seen).toEqual([
      { type: 'confirm', message: 'Do you really want to Change.' },
      { type: 'confirm', message: 'Do you really want to Change.' },
    ]);
    // A filter keeps the search.
    await page.getByRole('link', { name: 'Completed', exact: true }).click();
    await page.waitForURL(`${baseUrl}/webdata/completed?search=${encodeURIComponent(marker.toUpperCase())}`);
    await search(page, marker);
    await counter(page, '1 - 1 of 1');
    await expectAttribute(rows(page).first(), 'data-status', 'completed');
    // The page asked for this list after the confirmed change, so any request of the cancelled one came before it:
    // the server was asked for one change only.
    expect(statusChanges).toHaveLength(1);

    // Page through 45 entries, 20 a page.
    await addThroughApi(
      page,
      Array.from({ length: 45 }, (_, i) => `Paging ${marker} entry ${i + 1}`),
    );
    await page.getByRole('link', { name: 'All Entries' }).click();
    await page.waitForURL(`${baseUrl}/webdata?search=${encodeURIComponent(marker)}`);
    await search(page, `paging ${marker}`);
    await page.waitForURL(`${baseUrl}/webdata?search=${encodeURIComponent(`paging ${marker}`)}`);
    await counter(page, '1 - 20 of 45');
    await expectDisabled(page.getByRole('button', { name: 'Previous page' }), true);
    await page.getByRole('button', { name: 'Next page' }).click();
    await counter(page, '21 - 40 of 45');
    await expectText(rows(page).first().locator('td').first(), '21');
    await expectText(rows(page).first().locator('td').nth(1), `Paging ${marker} entry 25`);
    await screenshot(page, `worklog-list-${viewport}`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await counter(page, '41 - 45 of 45');
    await expectDisabled(page.getByRole('button', { name: 'Next page' }), true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await counter(page, '21 - 40 of 45');

    // A changed row sends the list back to page 1.
    await rows(page).first().getByRole('combobox').selectOption('working');
    await counter(page, '1 - 20 of 45');
    expect(new URL(page.url()).searchParams.has('page')).toBe(false);
    await page.getByRole('button', { name: 'Next page' }).click();
    await counter(page, '21 - 40 of 45');
    await expectAttribute(rows(page).first(), 'data-status', 'working');

    // A filter that is no status is the routing failure screen, inside the work-log shell.
    await page.goto(`${baseUrl}/webdata/finished`);
    await page.getByText("Unknown work-log filter 'finished'").waitFor();
    await expectVisible(page.getByRole('heading', { name: 'Oops!' }), true);
    await expectVisible(page.getByText('User: Administrator'), true);

    // Signing out clears the login; the area then sends the visitor to the sign-in.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/webdata/login`);
    await loginCleared(page);
    await page.goto(`${baseUrl}/webdata/urgent`);
    await page.waitForURL(`${baseUrl}/webdata/login`);

    expect(dialogs.seen.filter((d) => d.type !== 'confirm')).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('clears a login the server refuses and goes to the home page', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto(`${baseUrl}/robots.txt`);
    await page.evaluate(() =>
      localStorage.setItem(
        'acadpubjwt',
        JSON.stringify({ token: 'forged.token.value', user: { id: 1, username: 'admin', name: 'Administrator' } }),
      ),
    );
    await page.goto(`${baseUrl}/webdata`);
    await page.waitForURL(`${baseUrl}/`);
    await page.locator('.journal-name').first().waitFor();
    await loginCleared(page);
    await page.goto(`${baseUrl}/webdata/addentris`);
    await page.waitForURL(`${baseUrl}/webdata/login`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
