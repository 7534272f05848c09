import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WORKLOG_STATUSES } from '../src/common/constants.js';
import { launchBrowser, openPage, screenshot, type VIEWPORTS } from './support/browser.js';
import { axeViolations, coveredByChatButton } from './support/page-checks.js';
import { demoArticle, publicScreens, type DemoArticle, type Screen } from './support/public-screens.js';

const baseUrl = inject('baseUrl');
const admin = { username: inject('adminUsername'), password: inject('adminPassword') };
let browser: Browser;

let article: DemoArticle;
let editorId: number;
let userId: number;

async function adminGet<T>(path: string, token: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** One work-log entry in each status, so that every row colour is checked. */
async function addEntryOfEveryStatus(token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (const status of WORKLOG_STATUSES) {
    const created = await fetch(`${baseUrl}/api/webdata`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ status: 'info', content: `A <a href="https://example.org">linked</a> ${status} entry` }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(
      (await fetch(`${baseUrl}/api/webdata/${id}`, { method: 'PUT', headers, body: JSON.stringify({ status }) }))
        .status,
    ).toBe(200);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  article = await demoArticle(baseUrl);
  const login = await fetch(`${baseUrl}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  userId = user.id;
  editorId = (await adminGet<{ id: number }[]>('/api/editors/', token))[0]!.id;
  await addEntryOfEveryStatus(token);
});
afterAll(async () => {
  await browser?.close();
});

/** Every admin screen; a new screen is one more line. */
const adminScreens = (): Screen[] => [
  { path: '/admin', ready: '.dashboard-cards' },
  { path: '/admin/archives', ready: '.admin-table' },
  {
    path: `/admin/archives/${article.year}/${article.volume}/${article.issue}`,
    ready: '.admin-table',
    shot: 'admin-articles',
  },
  { path: `/admin/archives/${article.year}/${article.volume}/${article.issue}/preview`, ready: '.issue-page' },
  { path: `/admin/archives/add/${article.year}/${article.volume}/${article.issue}`, ready: '.rich-text-input' },
  { path: `/admin/archives/${article.id}`, ready: '.rich-text-input' },
  { path: '/admin/editors', ready: '.admin-table' },
  { path: '/admin/editors/add', ready: '.admin-form' },
  { path: `/admin/editors/${editorId}`, ready: '.admin-form' },
  { path: '/admin/settings', ready: '.admin-form' },
  { path: '/admin/users', ready: '.admin-table' },
  { path: `/admin/account/${userId}`, ready: '.admin-form' },
  { path: '/admin/search?q=sanitation', ready: '.admin-table' },
  { path: '/admin/search?q=no-such-article', ready: 'main h1' },
  { path: '/admin/not-found', ready: 'main h1' },
];

/** Every work-log screen, a filtered list among them. */
const worklogScreens: Screen[] = [
  { path: '/webdata', ready: '.worklog-table', shot: 'worklog' },
  { path: '/webdata/urgent', ready: '.worklog-table' },
  { path: '/webdata/cancelled?search=e', ready: '.worklog-table' },
  { path: '/webdata/addentris', ready: 'main h1' },
];

/** Visits each screen once: axe-core's violations and the controls under the chat button, each after its address. */
async function checkScreens(page: Page, screens: Screen[], viewport: keyof typeof VIEWPORTS): Promise<string[]> {
  const faults: string[] = [];
  for (const screen of screens) {
    await page.goto(`${baseUrl}${screen.path}`);
    await page
      .locator(screen.ready)
      .first()
      .waitFor()
      .catch((error: Error) => {
        throw new Error(`${screen.path} did not show ${screen.ready}: ${error.message}`);
      });
    await page.waitForLoadState('networkidle');
    const found = [
      ...(await axeViolations(page)),
      ...(await coveredByChatButton(page)).map((control) => `covered by the chat button: ${control}`),
    ];
    faults.push(...found.map((fault) => `${screen.path} ${fault}`));
    if (screen.shot) await screenshot(page, `screen-${screen.shot}-${viewport}`);
  }
  return faults;
}

/** The sign-in page's violations, each after its address. */
async function signInPageFaults(page: Page, path: string): Promise<string[]> {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('main h1').waitFor();
  return (await axeViolations(page)).map((fault) => `${path} ${fault}`);
}

describe.each(['desktop', 'phone'] as const)('accessibility at %s width', (viewport) => {
  it('public pages and the download page: no axe-core violation, nothing under the chat button', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const faults = await checkScreens(page, publicScreens(article), viewport);
    expect(faults, faults.join('\n')).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sign-in pages, admin screens and work-log screens: no axe-core violation', async () => {
    const { page, errors } = await openPage(browser, viewport);
    const faults = [
      ...(await signInPageFaults(page, '/webdata/login')),
      ...(await signInPageFaults(page, '/admin/login')),
    ];
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    faults.push(...(await checkScreens(page, [...adminScreens(), ...worklogScreens], viewport)));
    expect(faults, faults.join('\n')).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
