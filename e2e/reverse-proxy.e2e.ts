import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceArticlePdf, saveSettings } from './support/admin-api.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { expectVisible } from './support/page-state.js';
import { nginxMissing, startBehindNginx, type SiteBehindNginx } from './support/behind-nginx.js';
import type { RunningServer } from './support/server.js';
import { waitUntil } from '../src/server/test/wait-until.js';
import { testPdf } from '../src/server/test/article-form.js';

// docs/deploy/nginx.conf in front of two instances of the site on one PostgreSQL database, run by Debian's nginx
// (decisions 022 and 116): repeat views come from nginx's cache, a write at one instance shows through it within
// PUBLIC_MAX_AGE, nothing private is kept, and an instance that goes away is not seen by readers.

const ADMIN = { username: 'admin', password: 'proxy-admin-password' };
const MAX_AGE_SECONDS = 2;

describe.skipIf(nginxMissing())('the site behind nginx with its deployment configuration', () => {
  let front: SiteBehindNginx;
  let site: RunningServer;
  let proxy: SiteBehindNginx['proxy'];
  let browser: Browser;

  beforeAll(async () => {
    front = await startBehindNginx(ADMIN, { PUBLIC_MAX_AGE: String(MAX_AGE_SECONDS) }, { instances: 2 });
    ({ site, proxy } = front);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await front?.stop();
  });

  const viaProxy = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${proxy.url}${path}`, { headers: { 'accept-encoding': 'br', ...headers } });

  /**
   * Views of `path` through the proxy, each with nginx's cache status and its body, checking every view as it comes:
   * a copy from the cache (HIT) is never older than max-age. nginx counts whole seconds, so a copy is fresh for at
   * least one second after it was stored and at most MAX_AGE_SECONDS; a copy is stored at the latest when a view
   * first shows it, and a view older than that by max-age (plus a second for nginx's clock, read once per event)
   * cannot be a HIT. A stale view (STALE, UPDATING) means nginx is asking the site again: the next HIT may be a
   * newer copy.
   */
  function proxyViews(path: string) {
    let copySince: number | undefined;
    const late: string[] = [];
    return {
      late,
      async view(): Promise<{ status: string; body: string }> {
        const asked = Date.now();
        const response = await viaProxy(path);
        const body = await response.text();
        const arrived = Date.now();
        const status = response.headers.get('x-cache-status') ?? 'none';
        if (status === 'HIT') {
          copySince ??= arrived;
          if (asked - copySince > (MAX_AGE_SECONDS + 1) * 1000)
            late.push(`HIT asked ${asked - copySince} ms after the copy was first seen`);
        } else copySince = ['MISS', 'EXPIRED', 'REVALIDATED'].includes(status) ? arrived : undefined;
        return { status, body };
      },
    };
  }

  it('serves a repeat view of a public page from its cache, and the page works in a browser', async () => {
    const first = await viaProxy('/board');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    const firstBody = await first.text();
    // A view within the copy's freshness (a second at least) is a HIT; on a busy machine the next view may come
    // later than that, and then the one after the refreshed copy is.
    const repeat = await waitUntil(
      async () => {
        const response = await viaProxy('/board');
        return response.headers.get('x-cache-status') === 'HIT' && response;
      },
      { message: 'a repeat view of /board from the cache' },
    );
    expect(repeat.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await repeat.text()).toBe(firstBody);

    const { page, errors } = await openPage(browser, 'desktop');
    await page.goto(`${proxy.url}/board`);
    await expectVisible(page.getByRole('heading', { name: /editorial board/i }).first(), true);
    await page.getByRole('link', { name: 'ARCHIVES' }).first().click();
    await page.waitForURL(/\/archives\/\d{4}\//);
    await screenshot(page, 'reverse-proxy-archives-desktop');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a write through the proxy within max-age', async () => {
    const home = proxyViews('/');
    await waitUntil(async () => (await home.view()).status === 'HIT', { message: 'a view of / from the cache' });
    const name = `Journal Renamed ${Date.now()}`;
    await saveSettings(site.baseUrl, ADMIN, { websitename: name });
    // Fresh copies are kept for max-age; after it the old page is served stale while nginx asks the site again, and
    // then the new one shows.
    const oldViews: string[] = [];
    await waitUntil(
      async () => {
        const { status, body } = await home.view();
        if (body.includes(`<title>${name}`)) return true;
        oldViews.push(status);
        return false;
      },
      { message: () => `the new name through the proxy; the old page came as ${oldViews.join(', ')}`, intervalMs: 100 },
    );
    expect(oldViews.filter((status) => !['HIT', 'STALE', 'UPDATING'].includes(status))).toEqual([]);
    expect(home.late).toEqual([]);
  });

  it('serves a replaced PDF new at once: nginx keeps no copy that it would not ask the site about', async () => {
    const groups = (await (await fetch(`${site.baseUrl}/api/archives/`)).json()) as {
      year: number;
      volume: number;
      issues: number[];
    }[];
    const { year, volume, issues } = groups[0]!;
    const list = (await (await fetch(`${site.baseUrl}/api/archives/${year}/${volume}/${issues[0]}`)).json()) as {
      id: number;
      file: string | null;
    }[];
    const article = list.find((row) => row.file)!;
    const path = `/assets/archives/${year}/vol${volume}issue${issues[0]}/${article.file}`;

    const first = await viaProxy(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    await first.arrayBuffer();
    // A copy kept by nginx would come from its cache now, unasked, for as long as it was kept.
    const repeat = await viaProxy(path);
    expect(repeat.headers.get('x-cache-status')).not.toBe('HIT');
    await repeat.arrayBuffer();

    const corrected = testPdf(`corrected ${Date.now()}`);
    await replaceArticlePdf(site.baseUrl, ADMIN, article.id, corrected);
    const after = await viaProxy(path);
    expect(after.status).toBe(200);
    expect(Buffer.from(await after.arrayBuffer()).equals(corrected)).toBe(true);
    // A browser asking with the tag of its old copy gets the new file, not a 304.
    const revalidated = await viaProxy(path, { 'if-none-match': first.headers.get('etag') ?? '' });
    expect(revalidated.status).toBe(200);
    expect(Buffer.from(await revalidated.arrayBuffer()).equals(corrected)).toBe(true);
  });

  it('keeps nothing private: signed-in calls, sign-in answers and the admin area', async () => {
    const login = await fetch(`${proxy.url}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    for (let i = 0; i < 2; i++) {
      const users = await viaProxy('/api/users', { authorization: `Bearer ${token}` });
      expect(users.status).toBe(200);
      expect(users.headers.get('x-cache-status')).toBe('BYPASS');
      expect(users.headers.get('cache-control')).toBe('no-store');
      const admin = await viaProxy('/admin');
      expect(admin.headers.get('x-cache-status')).toBe('MISS');
    }
  });

  it('sends readers to the other instance when one goes away, without an error', async () => {
    expect(front.instances).toHaveLength(2);
    await front.instances[1]!.stop();
    // Pages no cache holds (a search each), so that every one reaches an instance.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await viaProxy(`/search?keyword=soil${i}`);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual(statuses.map(() => 200));
  });
});
