import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser.js';

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
    await expect(page.locator('script[type="module"][src^="/static/"]').count()).resolves.toBe(1);
    await expect(page.locator('.journal-name').first().textContent()).resolves.toContain(
      'Applied Research and Studies',
    );
    await expect(page.getByRole('heading', { name: 'Publication Fees' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('.fee-card').first().textContent()).resolves.toContain('2000');
    await expect(page.locator('.process-steps li').count()).resolves.toBe(4);
    await expect(page.title()).resolves.toBe('International Journal of Applied Research and Studies');
    await screenshot(page, `home-${viewport}`);

    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await search.fill('groundwater quality');
    await search.press('Enter');
    await page.waitForURL(/\/search\?keyword=groundwater%20quality$/);
    await expect(search.inputValue()).resolves.toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
