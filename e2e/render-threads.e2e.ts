import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type RunningServer } from './support/server.js';
import { saveSettings } from './support/admin-api.js';

const ADMIN = { username: 'admin', password: 'threads-admin-password' };
let threaded: RunningServer;
let unthreaded: RunningServer;

beforeAll(async () => {
  [threaded, unthreaded] = await Promise.all([
    startBuiltServer({ RENDER_THREADS: '2', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
    startBuiltServer({ RENDER_THREADS: '0' }),
  ]);
});
afterAll(() => Promise.all([threaded?.stop(), unthreaded?.stop()]));

/**
 * A first render of the page (a new query string each time), without what differs between two servers
 * seeded apart: their addresses and the times the demo records were made.
 */
let asked = 0;
async function firstRender(server: RunningServer, path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.baseUrl}${path}${path.includes('?') ? '&' : '?'}render=${asked++}`, {
    headers: { 'accept-encoding': 'br' },
  });
  return {
    status: response.status,
    html: (await response.text())
      .replaceAll(server.baseUrl, 'ORIGIN')
      // The COinS spans carry the origin as a URL-encoded value.
      .replaceAll(encodeURIComponent(server.baseUrl), 'ORIGIN')
      .replace(/render=\d+/g, 'render=N')
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME'),
  };
}

const homeFees = async (times: number) => {
  const pages = await Promise.all(Array.from({ length: times }, () => firstRender(threaded, '/')));
  return pages.map(({ html }) => /₹ (?:<!-- -->)?(\d+)/.exec(html)?.[1]);
};

describe('pages rendered in render threads (RENDER_THREADS=2)', () => {
  it('are the pages the main thread renders', async () => {
    const archives = (await (await fetch(`${threaded.baseUrl}/api/archives/`)).json()) as {
      year: number;
      volume: number;
      total_issues: number;
    }[];
    const { year, volume, total_issues: issue } = archives[0]!;
    const articles = (await (await fetch(`${threaded.baseUrl}/api/archives/${year}/${volume}/${issue}`)).json()) as {
      refnumber: string;
    }[];
    const paths = [
      '/',
      '/archives',
      `/archives/${year}/vol${volume}/issue${issue}`,
      `/archives/${year}/${volume}/${issue}/${articles[0]!.refnumber}`,
      `/archives/${year}/${volume}/${issue}/no-such-article`,
      '/search?keyword=education',
      '/board',
      '/no-such-page',
    ];
    for (const path of paths) {
      const [inThreads, inMain] = await Promise.all([firstRender(threaded, path), firstRender(unthreaded, path)]);
      expect(inThreads.status, path).toBe(inMain.status);
      expect(inThreads.html, path).toBe(inMain.html);
    }
  });

  it('show a settings change at once, from every thread', async () => {
    expect(new Set(await homeFees(8))).toEqual(new Set(['2000']));

    await saveSettings(threaded.baseUrl, ADMIN, { fee_rupee: '2600' });

    expect(new Set(await homeFees(8))).toEqual(new Set(['2600']));
  });
});
