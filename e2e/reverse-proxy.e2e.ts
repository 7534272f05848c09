import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxInstalled, NGINX_PATH, startNginx } from '../scripts/nginx-proxy.mjs';
import { saveSettings } from './support/admin-api.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

// docs/deploy/nginx.conf in front of the site, run by Debian's nginx (decision 022): repeat views come from
// nginx's cache, a write shows through it within PUBLIC_MAX_AGE, and nothing private is kept.

const ADMIN = { username: 'admin', password: 'proxy-admin-password' };
const MAX_AGE_SECONDS = 2;
const missingNginx = !nginxInstalled();
if (missingNginx && process.env.CI === 'true')
  throw new Error(`No nginx at ${NGINX_PATH}: .ci/run installs nginx-light`);

describe.skipIf(missingNginx)('the site behind nginx with its deployment configuration', () => {
  let site: RunningServer;
  let proxy: Awaited<ReturnType<typeof startNginx>>;
  let browser: Browser;

  beforeAll(async () => {
    site = await startBuiltServer({
      PUBLIC_MAX_AGE: String(MAX_AGE_SECONDS),
      TRUST_PROXY: '1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    proxy = await startNginx(Number(new URL(site.baseUrl).port));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.stop();
    await site?.stop();
  });

  const viaProxy = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${proxy.url}${path}`, { headers: { 'accept-encoding': 'br', ...headers } });

  it('serves a repeat view of a public page from its cache, and the page works in a browser', async () => {
    const first = await viaProxy('/board');
    const repeat = await viaProxy('/board');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    expect(repeat.headers.get('x-cache-status')).toBe('HIT');
    expect(repeat.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await repeat.text()).toBe(await first.text());

    const { page, errors } = await openPage(browser, 'desktop');
    await page.goto(`${proxy.url}/board`);
    await expect(
      page
        .getByRole('heading', { name: /editorial board/i })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await page.getByRole('link', { name: 'ARCHIVES' }).first().click();
    await page.waitForURL(/\/archives\/\d{4}\//);
    await screenshot(page, 'reverse-proxy-archives-desktop');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a write through the proxy within max-age', async () => {
    await viaProxy('/');
    expect((await viaProxy('/')).headers.get('x-cache-status')).toBe('HIT');
    const name = `Journal Renamed ${Date.now()}`;
    await saveSettings(site.baseUrl, ADMIN, { websitename: name });
    const written = Date.now();
    let seenAfter = Number.POSITIVE_INFINITY;
    while (Date.now() - written < (MAX_AGE_SECONDS + 3) * 1000) {
      if ((await (await viaProxy('/')).text()).includes(`<title>${name}`)) {
        seenAfter = Date.now() - written;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Fresh copies are kept for max-age; the one view after it is served stale while nginx asks again.
    expect(seenAfter).toBeLessThanOrEqual(MAX_AGE_SECONDS * 1000 + 1000);
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
});
