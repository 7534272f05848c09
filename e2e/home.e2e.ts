import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { expectCount, expectText, expectValue, expectVisible } from './support/page-state.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['desktop', 'phone'] as const)('home page at %s width', (viewport) => {
  it('shows the journal, its fees and the publication process, and searches from the header', async () => {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto(baseUrl);
    // The browser bundle is linked and has taken over the server-rendered page.
    await expectCount(page.locator('script[type="module"][src^="/static/"]'), 1);
    await expectText(page.locator('.journal-name').first(), { contains: 'Applied Research and Studies' });
    await expectVisible(page.getByRole('heading', { name: 'Publication Fees' }), true);
    await expectText(page.locator('.fee-card').first(), { contains: '2000' });
    await expectCount(page.locator('.process-steps li'), 4);
    await expect(page.title()).resolves.toBe('International Journal of Applied Research and Studies');
    await screenshot(page, `home-${viewport}`);

    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await search.fill('groundwater quality');
    await search.press('Enter');
    await page.waitForURL(/\/search\?keyword=groundwater%20quality$/);
    await expectValue(search, '');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
