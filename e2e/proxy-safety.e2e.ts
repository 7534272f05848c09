import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from './support/admin-api.js';
import { nginxMissing, startBehindNginx, type SiteBehindNginx } from './support/behind-nginx.js';
import type { RunningServer } from './support/server.js';
import { waitUntil } from '../src/server/test/wait-until.js';

// docs/deploy/nginx.conf in front of two journals, with clients that forge the forwarded headers (decision 112):
// nginx writes X-Forwarded-* itself, the site believes exactly one proxy (TRUST_PROXY=1), and an address that is gone
// leaves nginx's cache within max-age.

const ADMIN = { username: 'admin', password: 'proxy-safety-password' };
const MAX_AGE_SECONDS = 2;
const JOURNAL_2 = { name: 'Journal of Forwarded Hosts', host: 'forwarded.localhost' };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET with the headers as given, Host included (fetch would not send another Host than its URL's). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '(no title)';

describe.skipIf(nginxMissing())('the documented nginx configuration against forged forwarded headers', () => {
  let front: SiteBehindNginx;
  let site: RunningServer;
  let proxy: SiteBehindNginx['proxy'];
  let admin: Record<string, string>;

  beforeAll(async () => {
    front = await startBehindNginx(ADMIN, { PUBLIC_MAX_AGE: String(MAX_AGE_SECONDS) }, { instances: 2 });
    ({ site, proxy } = front);
    admin = await adminHeaders(site.baseUrl, ADMIN);
  });
  afterAll(() => front?.stop());

  const viaProxy = (path: string, headers: Record<string, string> = {}) => get(proxy.url, path, headers);
  /** The token alone, for calls without a body. */
  const signedIn = () => ({ authorization: admin.authorization! });

  it("keeps each journal's pages at its own host: a forged X-Forwarded-Host changes neither the page nor the cache", async () => {
    const created = await fetch(`${site.baseUrl}/api/publisher/journals`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ name: JOURNAL_2.name, hosts: [JOURNAL_2.host] }),
    });
    expect(created.status, await created.text()).toBe(201);
    const ownTitle = titleOf((await get(site.baseUrl, '/instructions')).body);
    const secondTitle = titleOf((await viaProxy('/instructions', { host: JOURNAL_2.host })).body);
    expect(secondTitle).toContain(JOURNAL_2.name);
    expect(ownTitle).not.toContain(JOURNAL_2.name);

    // A forger's requests, then a reader's, at the first journal's host: every one is the first journal's page.
    const forged = { 'x-forwarded-host': JOURNAL_2.host };
    const seen = [await viaProxy('/instructions', forged), await viaProxy('/instructions', forged)];
    const reader = await waitUntil(
      async () => {
        const answer = await viaProxy('/instructions');
        seen.push(answer);
        return answer.headers['x-cache-status'] === 'HIT' && answer;
      },
      { message: 'a view of /instructions from the cache' },
    );
    expect(reader.status).toBe(200);
    expect(seen.map((answer) => titleOf(answer.body))).toEqual(seen.map(() => ownTitle));
  });

  it('checks the admin allow-list against the address nginx saw, not one the client forwards', async () => {
    const listed = '192.0.2.7';
    const asListed = { 'x-forwarded-for': listed };
    const allowList = async (text: string) => {
      const settings = await (
        await fetch(`${site.baseUrl}/api/settings/`, { headers: { ...admin, ...asListed } })
      ).json();
      const saved = await fetch(`${site.baseUrl}/api/settings`, {
        method: 'POST',
        headers: { ...admin, ...asListed },
        body: JSON.stringify({ ...settings, admin_ip_allowlist: text }),
      });
      expect(saved.status, await saved.text()).toBe(200);
    };
    await allowList(listed);
    try {
      // The site believes the one proxy in front of it: a request nginx forwards for the listed address passes.
      expect((await get(site.baseUrl, '/api/admin/', { ...signedIn(), ...asListed })).status).toBe(200);
      // Through nginx the client is this machine, whatever it claims (the other instance hears of the list within a
      // moment).
      const forged = await waitUntil(
        async () => {
          const answer = await viaProxy('/api/admin/', { ...signedIn(), ...asListed });
          return answer.status === 403 && answer;
        },
        { message: 'a refusal of the forged address through nginx' },
      );
      expect(JSON.parse(forged.body)).toEqual({ error: 'invalid_ip', message: 'Invalid IP' });
    } finally {
      await allowList('');
    }
  });

  it('counts wrong passwords from one client as one address, however it rotates X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt++) {
      const answer = await new Promise<number>((resolve, reject) => {
        const request = http.request(`${proxy.url}/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${attempt}` },
        });
        request.on('response', (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', reject);
        request.end(JSON.stringify({ username: 'rotating-guesser', password: `guess-${attempt}` }));
      });
      statuses.push(answer);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it("stops serving an unpublished issue's pages, citation files and download page within max-age", async () => {
    const [{ year, volume, issues }] = (await (await fetch(`${site.baseUrl}/api/archives/`)).json()) as {
      year: number;
      volume: number;
      issues: number[];
    }[];
    const number = issues[0]!;
    const [article] = (await (await fetch(`${site.baseUrl}/api/archives/${year}/${volume}/${number}`)).json()) as {
      refnumber: string;
    }[];
    const issuePath = `/archives/${year}/vol${volume}/issue${number}`;
    const paths = [
      issuePath,
      `${issuePath}/${article!.refnumber}`,
      `/cite/${article!.refnumber}.bib`,
      `/pdf?refno=${article!.refnumber}`,
    ];
    for (const path of paths)
      await waitUntil(async () => (await viaProxy(path)).headers['x-cache-status'] === 'HIT', {
        message: `a view of ${path} from the cache`,
      });

    const list = (await (await fetch(`${site.baseUrl}/api/admin/archives/`, { headers: signedIn() })).json()) as {
      id: number;
      year: number;
      volume: number;
      issue: number;
    }[];
    const { id } = list.find((row) => row.year === year && row.volume === volume && row.issue === number)!;
    const unpublished = await fetch(`${site.baseUrl}/api/admin/issues/${id}/unpublish`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ confirm: true }),
    });
    expect(unpublished.status, await unpublished.text()).toBe(200);
    const changedAt = Date.now();

    // A kept copy is fresh for max-age (nginx counts whole seconds), then served once more while nginx asks again.
    const late: string[] = [];
    for (const path of paths) {
      await waitUntil(
        async () => {
          const asked = Date.now();
          const answer = await viaProxy(path);
          if (answer.status === 200 && asked - changedAt > (MAX_AGE_SECONDS + 2) * 1000)
            late.push(`${path}: ${answer.headers['x-cache-status']} ${asked - changedAt} ms after the change`);
          return answer.status === 404 || answer.status === 410;
        },
        { message: `${path} gone through the proxy`, intervalMs: 100 },
      );
    }
    expect(late).toEqual([]);
    const republished = await fetch(`${site.baseUrl}/api/admin/issues/${id}/publish`, {
      method: 'POST',
      headers: admin,
      body: '{}',
    });
    expect(republished.status, await republished.text()).toBe(200);
  });
});
