import crypto from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseBusy, databaseUnavailable, RETRY_AFTER_SECONDS } from '../http/fault-errors.js';
import { holdSqliteWriteLock } from '../test/sqlite-write-lock.js';
import { TcpProxy, type BlackholeMode } from '../test/tcp-proxy.js';
import { createTestApp, testEngine, withPgClient, type TestApp } from '../test/test-app.js';
import { PROBE_TIMEOUT_MS } from './database.js';

let t: TestApp;
let auth: { authorization: string };

const get = (url: string) => t.app.inject({ method: 'GET', url });
let nextKeyword = 1;
/** A search no cache can answer: each keyword is new. */
const search = () => get(`/api/search?keyword=soil${nextKeyword++}`);
const searches = (count: number) => Array.from({ length: count }, search);
/** A search page, rendered from the same reads. */
const page = () => get(`/search?keyword=page${nextKeyword++}`);
const health = () => get('/healthz');
let nextIssue = 1;
const write = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/create-issue',
    headers: auth,
    payload: { year: 2026, volume: 1, issue: nextIssue++, frequency: 'jan-feb' },
  });

type Response = Awaited<ReturnType<typeof get>>;

/** Runs a request and measures how long its answer took. */
async function timed(request: () => Promise<Response>): Promise<{ response: Response; ms: number }> {
  const start = performance.now();
  const response = await request();
  return { response, ms: performance.now() - start };
}

const UNAVAILABLE = { error: 'database_unavailable', message: databaseUnavailable().message };
const BUSY = { error: 'busy', message: databaseBusy().message };

function expect503(response: Response) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
}

/** How long a request waits for a free pool connection before it is answered (PG_CONNECT_TIMEOUT_MS). */
const ACQUIRE_TIMEOUT_MS = 3000;
/** What /healthz allows itself (HEALTH_TIMEOUT_MS), and a little for the test's own turns of the event loop. */
const HEALTH_DEADLINE_MS = 2000 + 500;

if (testEngine === 'postgres') {
  const databaseUrl = process.env.TEST_DATABASE_URL!;
  const target = new URL(databaseUrl);

  /** The test database's URL through the proxy, its sessions named so that they can be found. */
  function throughProxy(proxy: TcpProxy, applicationName: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.searchParams.set('application_name', applicationName);
    return url.toString();
  }

  /** The server's sessions on PostgreSQL, by what they are doing. */
  async function sessions(applicationName: string): Promise<{ state: string | null; query: string }[]> {
    const { rows } = await withPgClient(databaseUrl, (client) =>
      client.query<{ state: string | null; query: string }>(
        'select state, query from pg_stat_activity where application_name = $1',
        [applicationName],
      ),
    );
    return rows;
  }

  // The bytes sent during the loss arrive once the network is back (held), or never (dropped: the statements in
  // flight are then answered only by their deadline).
  describe.each<BlackholeMode>(['hold', 'drop'])(
    'the server on PostgreSQL, when the network to the database lets no byte through for a while (%s)',
    (mode) => {
      const applicationName = `netloss_${crypto.randomBytes(4).toString('hex')}`;
      const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const POOL_SIZE = 10;
      /** The client's deadline for one statement, short so that the test is quick (the default is 35 s). */
      const QUERY_DEADLINE_MS = 1500;
      /**
       * The latest a request may be answered: the wait for a pool connection, then asking the database on the probe's
       * connection whether it answers (busy or unavailable), or else a statement's deadline; and a second of slack.
       */
      const REQUEST_DEADLINE_MS = ACQUIRE_TIMEOUT_MS + PROBE_TIMEOUT_MS + QUERY_DEADLINE_MS + 1000;

      beforeAll(async () => {
        await proxy.open();
        t = await createTestApp({
          databaseUrl: throughProxy(proxy, applicationName),
          env: { DATABASE_POOL_SIZE: String(POOL_SIZE), DATABASE_QUERY_TIMEOUT_MS: String(QUERY_DEADLINE_MS) },
        });
        auth = await t.authHeader();
      });
      afterAll(async () => {
        await t.close();
        await proxy.close();
      });

      it('answers every request in flight by its deadline, and serves again within seconds of the network coming back', async () => {
        // Every connection of the pool open (and then idle), and the health check's own.
        const warm = await Promise.all(searches(POOL_SIZE + 2));
        expect(warm.map((response) => response.statusCode)).toEqual(Array(POOL_SIZE + 2).fill(200));
        expect((await health()).statusCode).toBe(200);

        proxy.blackhole(mode);
        // Statements sent on open connections that never arrive (searches, a write, a page), and requests queued behind
        // them for a connection; then requests that need new connections, which the network does not let through either.
        const inFlight = await Promise.all([...Array(POOL_SIZE).fill(search), write, page, health].map(timed));
        const later = await Promise.all([search, search, write, page, health].map(timed));

        for (const answers of [inFlight, later]) {
          const [pageAnswer, healthAnswer] = answers.splice(-2);
          for (const { response, ms } of [...answers, pageAnswer!, healthAnswer!]) {
            expect(ms).toBeLessThan(REQUEST_DEADLINE_MS);
            expect503(response);
          }
          // Not 'busy': the requests that waited for a connection asked, and the database did not answer.
          for (const { response } of answers) expect(response.json()).toEqual(UNAVAILABLE);
          expect(pageAnswer!.response.body).toContain(UNAVAILABLE.message);
          expect(healthAnswer!.ms).toBeLessThan(HEALTH_DEADLINE_MS);
          expect(healthAnswer!.response.json()).toEqual({ status: 'unavailable' });
        }

        proxy.resume();
        const resumedAt = performance.now();
        await vi.waitFor(
          async () => {
            expect((await health()).statusCode).toBe(200);
            expect((await search()).statusCode).toBe(200);
          },
          { timeout: 10_000, interval: 100 },
        );
        expect(performance.now() - resumedAt).toBeLessThan(10_000);
        // The pool is whole again, on fresh connections: nobody had to end the server's sessions by hand.
        const after = await Promise.all([...searches(POOL_SIZE + 2), write(), page()]);
        expect(after.map((response) => response.statusCode)).toEqual([...Array(POOL_SIZE + 2).fill(200), 201, 200]);
        // And the connections that missed their deadline are closed, not left behind on PostgreSQL.
        await vi.waitFor(async () =>
          expect((await sessions(applicationName)).length).toBeLessThanOrEqual(POOL_SIZE + 1),
        );
      }, 60_000);
    },
  );

  describe('the server on PostgreSQL, when every connection of its pool is busy', () => {
    const applicationName = `busypool_${crypto.randomBytes(4).toString('hex')}`;
    const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const POOL_SIZE = 2;

    beforeAll(async () => {
      await proxy.open();
      t = await createTestApp({
        databaseUrl: throughProxy(proxy, applicationName),
        env: { DATABASE_POOL_SIZE: String(POOL_SIZE) },
      });
    });
    afterAll(async () => {
      await t.close();
      await proxy.close();
    });

    it('answers a request that waited past the acquire timeout 503 busy with Retry-After, and /healthz 200 throughout', async () => {
      // Every connection of the pool held by a slow statement, longer than a request waits for one.
      const held = Promise.all(
        Array.from({ length: POOL_SIZE }, () =>
          sql`select pg_sleep(${(ACQUIRE_TIMEOUT_MS + 2500) / 1000})`.execute(t.journal.db),
        ),
      );
      await vi.waitFor(async () => {
        const sleeping = (await sessions(applicationName)).filter(
          (session) => session.state === 'active' && session.query.includes('pg_sleep'),
        );
        expect(sleeping).toHaveLength(POOL_SIZE);
      });

      const queued = timed(search);
      const checks: Awaited<ReturnType<typeof timed>>[] = [];
      for (let i = 0; i < 6; i++) {
        checks.push(await timed(health));
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const { response, ms } = await queued;
      expect503(response);
      expect(response.json()).toEqual(BUSY);
      expect(ms).toBeGreaterThanOrEqual(ACQUIRE_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(ACQUIRE_TIMEOUT_MS + PROBE_TIMEOUT_MS);
      for (const probe of checks) {
        expect(probe.response.statusCode).toBe(200);
        expect(probe.ms).toBeLessThan(HEALTH_DEADLINE_MS);
      }

      await held;
      expect((await search()).statusCode).toBe(200);
    }, 30_000);

    it('answers /healthz 503 and requests 503 database_unavailable when the database cannot be reached', async () => {
      await proxy.close();
      const check = await timed(health);
      expect503(check.response);
      expect(check.response.json()).toEqual({ status: 'unavailable' });
      expect(check.ms).toBeLessThan(HEALTH_DEADLINE_MS);
      const read = await search();
      expect503(read);
      expect(read.json()).toEqual(UNAVAILABLE);

      await proxy.open();
      expect((await health()).statusCode).toBe(200);
      expect((await search()).statusCode).toBe(200);
    });
  });
} else {
  describe('the server on SQLite, which has no pool to wait for', () => {
    beforeAll(async () => {
      t = await createTestApp();
      auth = await t.authHeader();
    });
    afterAll(() => t.close());

    it('answers /healthz 200 while another connection holds the write lock, and a write that outwaits it 503 database_unavailable', async () => {
      // A shorter busy timeout, so that the test need not wait the server's five seconds.
      await sql`pragma busy_timeout = 50`.execute(t.journal.db);
      const held = await holdSqliteWriteLock(path.join(t.dataDir, 'journal.sqlite'));
      try {
        // Reads go on beside a writer (WAL): a locked database is not a dead one.
        expect((await health()).statusCode).toBe(200);
        expect((await search()).statusCode).toBe(200);
        // SQLite's lock errors stay database_unavailable, as docs/operations/failures.md says, not busy (a PostgreSQL pool's wait).
        const refused = await write();
        expect503(refused);
        expect(refused.json()).toEqual(UNAVAILABLE);
        expect((await health()).statusCode).toBe(200);
      } finally {
        await held.release();
      }
      expect((await write()).statusCode).toBe(201);
    });

    it('answers every one of a burst of concurrent uncached searches, and /healthz among them', async () => {
      const answers = await Promise.all([...searches(24), health()]);
      expect(answers.map((response) => response.statusCode)).toEqual(Array(25).fill(200));
    });
  });
}
