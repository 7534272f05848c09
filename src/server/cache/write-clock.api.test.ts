import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addArticle, addIssue } from '../test/archive-fixtures.js';
import { articleFields, multipartForm } from '../test/article-form.js';
import { buildServer, startChildServer, type ChildServer } from '../test/child-server.js';
import { createTestApp, testEngine, withPgClient, type TestApp } from '../test/test-app.js';
import { waitUntil } from '../test/wait-until.js';
import { notifyInstances, PostgresWriteRelay } from './postgres-write-relay.js';
import { WriteClock, type EachClock } from './write-clock.js';

const ISSUE = { year: 2026, volume: 4, issue: 1 };

describe('the write clock', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let articleId: number;

  beforeAll(async () => {
    t = await createTestApp();
    auth = await t.authHeader();
    await addIssue(t.journal.db, ISSUE.year, ISSUE.volume, ISSUE.issue, 'jan');
    articleId = await addArticle(t.journal.db, { ...ISSUE, refnumber: '7001', pagenumber: '11-19' });
  });
  afterAll(() => t.close());

  const issuePage = `/archives/${ISSUE.year}/vol${ISSUE.volume}/issue${ISSUE.issue}`;
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = auth) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** A cached page and remembered reads, so that a write's effect on each can be seen. */
  async function rememberPublicReads() {
    for (let i = 0; i < 2; i++) await inject('GET', issuePage);
    const settings = await t.journal.services.settings.get();
    const groups = await t.journal.services.archives.yearGroups();
    const lists = await t.journal.services.archives.yearGroupLists();
    return { settings, groups, lists, version: t.journal.clock.version(), pages: t.journal.services.pages.size };
  }

  it('stays put through sign-ins, token checks, the work-log, users and PDF exports, keeping pages and reads', async () => {
    const before = await rememberPublicReads();
    expect(before.pages).toBe(1);
    const answers = [
      await inject('POST', '/auth/login/', { username: 'admin', password: 'wrong-password' }, {} as typeof auth),
      await inject('POST', '/auth/login/', { username: 'admin', password: 'correct-horse-battery' }, {} as typeof auth),
      await inject('GET', '/auth/verify-token/'),
      await inject('POST', '/api/webdata', { status: 'info', content: 'Proofs sent' }),
      await inject('POST', '/api/users', {
        username: 'clerk',
        name: 'Clerk',
        password: 'clerk-password',
        role: 'staff',
      }),
      await inject('POST', '/api/pdf/indexpage', { ids: [articleId] }),
    ];
    const entry = answers[3]!.json().id;
    answers.push(await inject('PUT', `/api/webdata/${entry}`, { status: 'completed' }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 200, 200, 201, 201, 200, 200]);
    const after = await rememberPublicReads();
    expect(after.version).toBe(before.version);
    expect(t.journal.services.pages.size).toBe(1);
    expect(after.settings).toBe(before.settings); // the same remembered object, not read again
    expect(after.groups).toBe(before.groups);
    expect(after.lists).toBe(before.lists);
  });

  it('moves on with an article edit, emptying the page cache and the remembered reads', async () => {
    const before = await rememberPublicReads();
    const form = multipartForm({
      ...articleFields(1, { refnumber: '7001', pagenumber: '11-19', title: 'A corrected title' }),
      status: 'enabled',
    });
    const edited = await t.app.inject({
      method: 'POST',
      url: `/api/archives/${articleId}`,
      headers: auth,
      payload: form,
    });
    expect(edited.statusCode).toBe(200);
    expect(t.journal.clock.version()).toBeGreaterThan(before.version);
    expect(t.journal.services.pages.size).toBe(0);
    expect(await t.journal.services.archives.yearGroups()).not.toBe(before.groups);
    expect(await t.journal.services.archives.yearGroupLists()).not.toBe(before.lists);
    expect((await inject('GET', issuePage)).body).toContain('A corrected title');
  });

  it('moves on with each other write of public data and not with a refused one', async () => {
    const settings = (await inject('GET', '/api/settings/')).json();
    const writes: [string, () => Promise<{ statusCode: number }>][] = [
      ['settings', () => inject('POST', '/api/settings', { ...settings, websitename: 'Renamed' })],
      ['issue', () => inject('POST', '/api/admin/create-issue', { year: 2026, volume: 4, issue: 2, frequency: 'feb' })],
      [
        'editor',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/editors',
            headers: auth,
            payload: multipartForm({ name: 'Asha Rao', content: 'Uni', category: 'chief editor', post: 'Professor' }),
          }),
      ],
    ];
    for (const [what, write] of writes) {
      const version = t.journal.clock.version();
      expect((await write()).statusCode, what).toBeLessThan(300);
      expect(t.journal.clock.version(), what).toBeGreaterThan(version);
    }
    const version = t.journal.clock.version();
    expect(
      (await inject('POST', '/api/admin/create-issue', { year: 2026, volume: 4, issue: 2, frequency: 'feb' }))
        .statusCode,
    ).toBe(409);
    expect(t.journal.clock.version()).toBe(version);
  });
});

if (testEngine === 'postgres') {
  const url = process.env.TEST_DATABASE_URL!;
  const log = pino({ level: 'silent' });

  describe('instances sharing one PostgreSQL database', () => {
    const schema = `clock_${crypto.randomBytes(5).toString('hex')}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-clock-'));
    let built: Awaited<ReturnType<typeof buildServer>>;
    const servers: ChildServer[] = [];

    beforeAll(async () => {
      await withPgClient(url, (client) => client.query(`CREATE SCHEMA ${schema}`));
      built = await buildServer();
    }, 120_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop('SIGTERM')));
      built?.remove();
      await withPgClient(url, (client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("see each other's writes of public data within a moment, cached pages included", async () => {
      const env = {
        DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: 'clock-admin-password',
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
      };
      const first = await startChildServer(built.entry, env);
      servers.push(first);
      const second = await startChildServer(built.entry, env);
      servers.push(second);
      const home = async (server: ChildServer) => (await fetch(`${server.baseUrl}/`)).text();
      await home(second);
      expect(await home(second)).toContain('<title>Journal</title>'); // the second view is the cached page
      const login = await fetch(`${first.baseUrl}/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'clock-admin-password' }),
      });
      const headers = { authorization: `Bearer ${(await login.json()).token}`, 'content-type': 'application/json' };
      const settings = await (await fetch(`${first.baseUrl}/api/settings/`, { headers })).json();
      const saved = await fetch(`${first.baseUrl}/api/settings`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...settings, websitename: 'Seen Everywhere' }),
      });
      expect(saved.status).toBe(200);
      // The second instance hears of the write through PostgreSQL, a moment after the first one's answer.
      await waitUntil(async () => (await home(second)).includes('<title>Seen Everywhere</title>'), {
        message: 'the second instance to show the new name',
      });
    }, 120_000);
  });

  describe('PostgresWriteRelay', () => {
    const relays: PostgresWriteRelay[] = [];
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await Promise.all(relays.map((relay) => relay.stop()));
      await t.close();
    });

    /** An instance with journal 1's clock, and journal 2's when `second` is given. */
    async function relayed(options: { pollWhileDownMs?: number; reconnectMs?: number } = {}, second?: WriteClock) {
      const clock = new WriteClock();
      const eachClock: EachClock = (listener) => {
        listener(1, clock);
        if (second) listener(2, second);
      };
      const journalReads = { count: 0 };
      const readJournals = async () => void (journalReads.count += 1);
      const relay = new PostgresWriteRelay(eachClock, readJournals, t.ctx.db, log, {
        url,
        pgSchema: t.ctx.databaseOptions.pgSchema,
        ...options,
      });
      relays.push(relay);
      await relay.start();
      return { clock, relay, journalReads };
    }
    const until = (check: () => boolean, message: string) => waitUntil(check, { message, intervalMs: 10 });

    /**
     * Whether `relay`'s listening connection has received a notice with `payload` since this was called. A
     * connection hands its notices over in the order the sending transactions committed, and the relay handles each
     * as it arrives, before this listener: once true, the relay has handled every notice committed before that one.
     */
    function hearing(relay: PostgresWriteRelay, payload: string): () => boolean {
      const listener = (relay as unknown as { listener: pg.Client | null }).listener;
      if (!listener) throw new Error('The relay is not listening');
      let heard = false;
      const onNotice = (notice: pg.Notification) => {
        if (notice.payload !== payload) return;
        heard = true;
        listener.off('notification', onNotice);
      };
      listener.on('notification', onNotice);
      return () => heard;
    }

    it('passes a change here to the other instances, and not back to itself', async () => {
      const a = await relayed();
      const b = await relayed();
      a.clock.publicDataChanged();
      await until(() => b.clock.version() === 1, 'b to hear the change made at a'); // a's notice is committed
      b.clock.changedElsewhere(); // heard from elsewhere: not passed on again
      // A script's write, announced after both: once a has heard it, it has handled its own notice too.
      const aHeardScript = hearing(a.relay, 'script');
      await notifyInstances(t.ctx.db);
      await until(aHeardScript, "a to hear the script's write");
      expect(a.clock.version()).toBe(2); // its own change and the script's
      await until(() => b.clock.version() === 3, "b to hear the script's write");
    });

    it("moves on only the clock of the journal that changed, and every journal's for a script", async () => {
      const [aSecond, bSecond] = [new WriteClock(), new WriteClock()];
      const a = await relayed({}, aSecond);
      const b = await relayed({}, bSecond);
      aSecond.publicDataChanged();
      await until(() => bSecond.version() === 1, "b to hear journal 2's change made at a");
      // A script's notice, sent after: once b has heard it, it handled a's notice before it, and only that one.
      const bHeardScript = hearing(b.relay, 'script');
      expect(b.clock.version()).toBe(0);
      await notifyInstances(t.ctx.db);
      await until(bHeardScript, "b to hear the script's write");
      await until(() => b.clock.version() === 1 && bSecond.version() === 2, 'the script to move every clock of b on');
      expect(a.clock.version()).toBeLessThanOrEqual(1);
    });

    it('reads the journals again when it hears of a journal it does not know (another instance added it)', async () => {
      const aSecond = new WriteClock();
      const a = await relayed({}, aSecond);
      const b = await relayed();
      const bHeard = hearing(b.relay, 'script');
      // a's change of journal 2, which b has no site for, then a script's notice to know that b handled it.
      aSecond.publicDataChanged();
      await notifyInstances(t.ctx.db);
      await until(bHeard, "b to hear a's notice and the script's");
      await until(() => b.journalReads.count === 1, 'b to read the journals once');
      expect(a.journalReads.count).toBe(0);
    });

    it('moves the clock on while its connection is down, and listens again when it can', async () => {
      const pollMs = 50;
      const { clock, relay } = await relayed({ pollWhileDownMs: pollMs, reconnectMs: 300 });
      // The pids first: in one statement PostgreSQL may end connections before filtering them.
      await withPgClient(url, async (client) => {
        const { rows } = await client.query(
          "select pid from pg_stat_activity where query like 'LISTEN \"journal_public_data:%'",
        );
        await client.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
          rows.map((row) => row.pid),
        ]);
      });
      await until(() => clock.version() >= 2, 'the clock to move on while the connection is down'); // polled
      await until(() => relay.listening, 'the relay to listen again');
      const other = await relayed();
      const version = clock.version();
      // No more polling once back: a timer set now for one polling period fires after any poll still scheduled.
      await new Promise((resolve) => setTimeout(resolve, pollMs + 1));
      expect(clock.version()).toBe(version);
      other.clock.publicDataChanged();
      await until(() => clock.version() === version + 1, "the relay to hear the other instance's change");
    });
  });
}
