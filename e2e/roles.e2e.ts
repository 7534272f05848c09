import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser } from './support/admin-api.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { expectCount, expectDisabled, expectValue, expectVisible } from './support/page-state.js';

const baseUrl = inject('baseUrl');
const admin = { username: inject('adminUsername'), password: inject('adminPassword') };
// Sign-ins are limited per address and user name: this journey signs in as admins and staff of its own.
const MANAGER = { username: 'roles-manager', password: 'roles-manager-password' };
const CLERK = { username: 'roles-clerk', name: 'Roles Clerk', password: 'roles-clerk-password' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseUrl, admin, { ...MANAGER, name: 'Roles Manager' });
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('roles', () => {
  it('an admin creates a staff user on the users screen; the role shows in the list and on the account page', async () => {
    const { page, errors } = await openPage(browser, 'desktop');
    await signIn(page, MANAGER);
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByLabel('Username').fill(CLERK.username);
    await page.getByLabel('Name', { exact: true }).fill(CLERK.name);
    await page.getByLabel('Password').fill(CLERK.password);
    await page.getByLabel(/^Role/).selectOption('staff');
    await page.getByRole('button', { name: 'Create User' }).click();
    await page.locator('.flash', { hasText: 'User created successfully' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: CLERK.username });
    await row.getByRole('cell', { name: 'Staff (work-log only)' }).waitFor();
    await screenshot(page, 'roles-users-desktop');

    await row.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: `Account: ${CLERK.username}` }).waitFor();
    const role = page.getByLabel(/^Role/);
    await expectValue(role, 'staff');
    await expectDisabled(role, false);
    await page.getByRole('link', { name: 'Roles Manager' }).click();
    await page.getByRole('heading', { name: `Account: ${MANAGER.username}` }).waitFor();
    await expectDisabled(role, true);
    await expectVisible(page.getByLabel('Current password'), true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a staff user signing in at /admin/login is sent on to the work-log, which works', async () => {
    const { page, errors } = await openPage(browser, 'phone');
    await signIn(page, CLERK);
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Work-log only' }).waitFor();
    await expectVisible(page.getByText('Your account can use the work-log only'), true);
    await expectCount(page.getByRole('navigation', { name: 'Admin sections' }), 0);
    await screenshot(page, 'roles-staff-notice-phone');

    await page.getByRole('link', { name: 'Open the work-log' }).click();
    await page.waitForURL(`${baseUrl}/webdata`);
    await page.getByText(`User: ${CLERK.name}`).waitFor();
    await page.getByRole('link', { name: '+ New Entry' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Information' });
    await page.getByLabel('Your Content').fill('Proofs sent to the printer by the clerk');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${baseUrl}/webdata`);
    await page.locator('.worklog-table', { hasText: 'Proofs sent to the printer by the clerk' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
