import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type RunningServer } from './support/server.js';
import { saveSettings } from './support/admin-api.js';
import { waitUntil } from '../src/server/test/wait-until.js';

const ADMIN = { username: 'admin', password: 'cluster-admin-password' };
let server: RunningServer;

beforeAll(async () => {
  server = await startBuiltServer({
    WEB_CONCURRENCY: '2',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
});
afterAll(() => server?.stop());

const homeFees = async (times: number) => {
  const pages = await Promise.all(
    Array.from({ length: times }, () => fetch(`${server.baseUrl}/`).then((r) => r.text())),
  );
  return pages.map((html) => /₹ (?:<!-- -->)?(\d+)/.exec(html)?.[1]);
};

describe('two worker processes (WEB_CONCURRENCY=2)', () => {
  it('serve the demo journal, and a write answered by one empties the page cache of the other', async () => {
    // Both workers render and cache the home page.
    expect(new Set(await homeFees(8))).toEqual(new Set(['2000']));

    await saveSettings(server.baseUrl, ADMIN, { fee_rupee: '2500' });
    // The other worker hears of the write through the primary process, a moment after the answer.
    let fees: (string | undefined)[] = [];
    await waitUntil(
      async () => {
        fees = await homeFees(8);
        return fees.every((fee) => fee === '2500');
      },
      { message: () => `every worker to show the new fee; the home pages showed ${fees.join(', ')}` },
    );
  });
});
