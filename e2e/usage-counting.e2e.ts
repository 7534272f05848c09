import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, saveSettings } from './support/admin-api.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { nginxMissing, startBehindNginx, type SiteBehindNginx } from './support/behind-nginx.js';
import type { RunningServer } from './support/server.js';
import { waitUntil } from '../src/server/test/wait-until.js';

// Decision 101: readers counted by COUNTER's rules through the documented nginx front, whose cache serves the
// repeat views: the page's beacon counts them, and PDF downloads are counted where they are served.

const ADMIN = { username: 'admin', password: 'counting-admin-password' };
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

describe.skipIf(nginxMissing())('counting readers behind nginx', () => {
  let front: SiteBehindNginx;
  let site: RunningServer;
  let proxy: SiteBehindNginx['proxy'];
  let browser: Browser;
  let articlePath: string;
  let refnumber: string;

  beforeAll(async () => {
    front = await startBehindNginx(ADMIN, { PUBLIC_MAX_AGE: '30' });
    ({ site, proxy } = front);
    browser = await launchBrowser();
    await saveSettings(site.baseUrl, ADMIN, { show_usage: true });
    const sitemap = await (await fetch(`${site.baseUrl}/sitemap.xml`)).text();
    const articleUrl = new URL(
      [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
        .map((m) => m[1]!)
        .find((loc) => /\/archives\/\d{4}\/vol\d+\/issue\d+\/[^/]+$/.test(loc))!,
    );
    articlePath = articleUrl.pathname;
    refnumber = decodeURIComponent(articlePath.split('/').at(-1)!);
  });
  afterAll(async () => {
    await browser?.close();
    await front?.stop();
  });

  /** Opens or reloads the article page and answers what its beacon was told, and where the page came from. */
  async function viewArticle(page: Page, reload = false) {
    const beacon = page.waitForResponse((response) => response.url().endsWith('/api/usage/view'));
    const response = reload ? await page.reload() : await page.goto(`${proxy.url}${articlePath}`);
    const answer = (await (await beacon).json()) as { counted: boolean };
    return { counted: answer.counted, cache: response!.headers()['x-cache-status'] };
  }

  const figures = async () =>
    (await (await fetch(`${site.baseUrl}/api/usage/figures?ref=${encodeURIComponent(refnumber)}`)).json()) as {
      views: number;
      downloads: number;
    };

  it('counts a view once, a reload within 30 seconds not again, another reader again, robots never', async () => {
    const first = await openPage(browser, 'desktop', { userAgent: FIREFOX });
    expect(await viewArticle(first.page)).toMatchObject({ counted: true });
    // The reload comes from nginx's cache, and the beacon still reaches the site.
    expect(await viewArticle(first.page, true)).toEqual({ counted: false, cache: 'HIT' });

    const second = await openPage(browser, 'phone', { userAgent: SAFARI });
    expect(await viewArticle(second.page)).toEqual({ counted: true, cache: 'HIT' });

    // Headless Chromium names itself HeadlessChrome, a robot on COUNTER's list.
    const robot = await openPage(browser, 'desktop');
    expect(await viewArticle(robot.page)).toMatchObject({ counted: false });

    await waitUntil(async () => (await figures()).views === 2, { message: 'two views written' });
    expect(await figures()).toEqual({ views: 2, downloads: 0 });
    expect([...first.errors, ...second.errors, ...robot.errors]).toEqual([]);
    for (const { page } of [first, second, robot]) await page.context().close();
  });

  it('counts a PDF download through nginx as a download, and shows the figures on the article page', async () => {
    const reader = await openPage(browser, 'desktop', { userAgent: SAFARI.replace('17.0', '17.1') });
    await viewArticle(reader.page);
    const pdf = await reader.page.getByRole('link', { name: 'Download' }).getAttribute('href');
    const download = await fetch(`${proxy.url}${pdf}`, { headers: { 'user-agent': FIREFOX.replace('128', '129') } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    await download.arrayBuffer();
    await waitUntil(async () => (await figures()).downloads === 1, { message: 'the download written' });
    expect(await figures()).toEqual({ views: 3, downloads: 1 });

    const later = await openPage(browser, 'desktop', { userAgent: FIREFOX.replace('128', '130') });
    await viewArticle(later.page);
    await expect.poll(() => later.page.locator('.article-usage').textContent()).toMatch(/^\d+ views · 1 download$/);
    await screenshot(later.page, 'article-usage-desktop');
    expect([...reader.errors, ...later.errors]).toEqual([]);
  });

  it('harvests a COUNTER report through nginx, whose access log keeps the call but not its key', async () => {
    const headers = await adminHeaders(site.baseUrl, ADMIN);
    const created = await fetch(`${site.baseUrl}/api/admin/counter-keys`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ customer_id: 'library-1', institution_name: 'A University Library' }),
    });
    expect(created.status).toBe(201);
    const { api_key } = (await created.json()) as { api_key: string };
    // A report covers whole months gone by; this month's uses are not reported yet.
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1)).toISOString().slice(0, 7);
    const query = new URLSearchParams({
      customer_id: 'library-1',
      api_key,
      begin_date: lastMonth,
      end_date: lastMonth,
    });
    const report = await fetch(`${proxy.url}/api/counter/r51/reports/ir_a1?${query}`);
    expect(report.status).toBe(200);
    const { Report_Header: header } = (await report.json()) as { Report_Header: { Report_ID: string } };
    expect(header.Report_ID).toBe('IR_A1');
    // nginx writes a request's line once it has finished it, which may be just after the client has the answer.
    const log = await waitUntil(
      () => {
        const written = fs.readFileSync(proxy.accessLog, 'utf8');
        return written.includes('GET /api/counter/r51/reports/ir_a1 ') && written;
      },
      { message: "the harvest's line in nginx's access log" },
    );
    expect(log).not.toContain(api_key);
    expect(log).toContain(`GET ${articlePath} `);
  });
});
