import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseUnavailable, RETRY_AFTER_SECONDS } from '../http/fault-errors.js';
import { holdSqliteWriteLock } from '../test/sqlite-write-lock.js';
import { createTestApp, testEngine, withPgClient, type TestApp } from '../test/test-app.js';

let t: TestApp;
let auth: { authorization: string };

const get = (url: string) => t.app.inject({ method: 'GET', url });
const apiRead = () => get('/api/search?keyword=soil');
const pageRead = () => get('/search?keyword=soil');
let nextIssue = 1;
const write = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/create-issue',
    headers: auth,
    payload: { year: 2026, volume: 1, issue: nextIssue++, frequency: 'jan-feb' },
  });

const UNAVAILABLE = { error: 'database_unavailable', message: databaseUnavailable().message };

function expectUnavailable(response: Awaited<ReturnType<typeof get>>) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  // A passing failure: no cache keeps it (a cache in front may serve its last good copy meanwhile).
  expect(response.headers['cache-control']).toBe('no-store');
}

if (testEngine === 'postgres') {
  const databaseUrl = process.env.TEST_DATABASE_URL!;

  /** Ends every session an application opened, as an administrator would; resolves once they are gone. */
  async function endSessions(applicationName: string): Promise<number> {
    const pids = await withPgClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      const found = rows.map((row) => row.pid);
      await client.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [found]);
      return found;
    });
    await vi.waitFor(
      async () => {
        const { rows } = await withPgClient(databaseUrl, (client) =>
          client.query('select pid from pg_stat_activity where pid = any($1)', [pids]),
        );
        expect(rows).toEqual([]);
      },
      { timeout: 15_000, interval: 50 },
    );
    return pids.length;
  }

  /** The URL of the test database with its host and port or parameters changed. */
  function urlWith(change: (url: URL) => void): string {
    const url = new URL(databaseUrl);
    change(url);
    return url.toString();
  }

  /**
   * A TCP proxy in front of PostgreSQL, standing for the database server: closing it refuses new
   * connections and drops the open ones (a restart), and it opens again on the same port; `silent`, it
   * accepts connections and never answers (a server or network that hangs).
   */
  class TcpProxy {
    port = 0;
    private server: net.Server | null = null;
    private readonly sockets = new Set<net.Socket>();

    constructor(private readonly target: { host: string; port: number }) {}

    async open(mode: 'forward' | 'silent' = 'forward'): Promise<void> {
      const server = net.createServer((client) => {
        this.track(client);
        if (mode === 'silent') return;
        const upstream = this.track(net.connect(this.target));
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
      this.port = (server.address() as net.AddressInfo).port;
      this.server = server;
    }

    async close(): Promise<void> {
      for (const socket of this.sockets) socket.destroy();
      await new Promise((resolve) => this.server!.close(resolve));
      this.server = null;
    }

    private track(socket: net.Socket): net.Socket {
      this.sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => this.sockets.delete(socket));
      return socket;
    }
  }

  describe('the server on PostgreSQL, when the database goes away', () => {
    const applicationName = `faults_${crypto.randomBytes(4).toString('hex')}`;
    const target = new URL(databaseUrl);
    const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });

    beforeAll(async () => {
      await proxy.open();
      t = await createTestApp({
        databaseUrl: urlWith((url) => {
          url.hostname = '127.0.0.1';
          url.port = String(proxy.port);
          url.searchParams.set('application_name', applicationName);
        }),
      });
      auth = await t.authHeader();
    });
    afterAll(async () => {
      await t.close();
      await proxy.close();
    });

    it('survives an administrator ending its sessions, and the next requests open new ones', async () => {
      // What would end a server process: an error thrown out of an event handler.
      const escaped: unknown[] = [];
      const recordEscaped = (error: unknown) => escaped.push(error);
      process.on('uncaughtException', recordEscaped);
      try {
        await Promise.all([apiRead(), apiRead(), write()]);
        expect(await endSessions(applicationName)).toBeGreaterThan(0);
        // On a loaded machine a read can still be lent a connection whose end the pool has not yet seen: it answers
        // 503 (never 500, never a stopped process), and the reads after it run on new connections.
        await vi.waitFor(async () => expect((await apiRead()).statusCode).toBe(200), { timeout: 5_000, interval: 100 });
        expect((await write()).statusCode).toBe(201);
        expect((await get('/healthz')).statusCode).toBe(200);
      } finally {
        process.off('uncaughtException', recordEscaped);
      }
      expect(escaped).toEqual([]);
    });

    it('answers 503 with Retry-After while the database cannot be reached, and serves again once it can, without a restart', async () => {
      await vi.waitFor(async () => expect((await apiRead()).statusCode).toBe(200), { timeout: 5_000, interval: 100 });
      await proxy.close();

      const health = await get('/healthz');
      expectUnavailable(health);
      expect(health.json()).toEqual({ status: 'unavailable' });
      for (const response of [await apiRead(), await write()]) {
        expectUnavailable(response);
        expect(response.json()).toEqual(UNAVAILABLE);
      }
      // Twice: the second request of a page is the one the page cache would keep.
      for (const response of [await pageRead(), await pageRead()]) {
        expectUnavailable(response);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).toContain(UNAVAILABLE.message);
      }

      await proxy.open();
      expect((await get('/healthz')).statusCode).toBe(200);
      expect((await apiRead()).statusCode).toBe(200);
      expect((await write()).statusCode).toBe(201);
      expect((await pageRead()).statusCode).toBe(200);
    });

    it('answers /healthz and reads with 503, not never, when the database accepts connections but does not answer', async () => {
      await proxy.close();
      await proxy.open('silent');
      expectUnavailable(await get('/healthz'));
      const read = await apiRead();
      expectUnavailable(read);
      expect(read.json()).toEqual(UNAVAILABLE);

      await proxy.close();
      await proxy.open();
      expect((await get('/healthz')).statusCode).toBe(200);
    });
  });

  describe("a process with the server's database connections", () => {
    const applicationName = `faults_${crypto.randomBytes(4).toString('hex')}`;
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test', 'database-reader-process.ts');
    let dataDir: string;
    let child: ChildProcessWithoutNullStreams;
    const lines: string[] = [];
    let exited: Promise<number | null>;

    /** Waits for a line of the child's output that `match` accepts, failing if the child ends first. */
    async function lineOfChild(match: (line: string) => boolean): Promise<string> {
      const ended = exited.then((code) => {
        throw new Error(`The process ended (exit code ${code}); its output:\n${lines.join('\n')}`);
      });
      const found = vi.waitFor(
        () => {
          const line = lines.find(match);
          if (!line) throw new Error('not yet');
          lines.splice(lines.indexOf(line), 1);
          return line;
        },
        { timeout: 20_000 },
      );
      return Promise.race([found, ended]);
    }

    beforeAll(async () => {
      await withPgClient(databaseUrl, (client) => client.query(`CREATE SCHEMA ${schema}`));
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-child-'));
      child = spawn(process.execPath, ['--import', 'tsx', script], {
        env: {
          ...process.env,
          DATABASE_URL: urlWith((url) => {
            url.searchParams.set('application_name', applicationName);
            url.searchParams.set('options', `-c search_path=${schema}`);
          }),
          DATA_DIR: dataDir,
          SEED_DEMO: '0',
          ADMIN_PASSWORD: 'correct-horse-battery',
          JWT_SECRET: crypto.randomBytes(32).toString('hex'),
          LOG_LEVEL: 'warn',
        },
      });
      exited = new Promise((resolve) => child.once('exit', resolve));
      readline.createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
      readline.createInterface({ input: child.stderr }).on('line', (line) => lines.push(line));
    });
    afterAll(async () => {
      child.stdin.end();
      await exited;
      await withPgClient(databaseUrl, (client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('logs the loss of an idle connection, keeps running and reads again on a new one', async () => {
      expect(await lineOfChild((line) => line.startsWith('read'))).toBe('read ok');
      expect(await endSessions(applicationName)).toBeGreaterThan(0);
      const logged = JSON.parse(await lineOfChild((line) => line.includes('A database connection failed')));
      expect(logged).toMatchObject({ level: 40, err: { code: '57P01' } });
      child.stdin.write('read\n');
      expect(await lineOfChild((line) => line.startsWith('read'))).toBe('read ok');
      child.stdin.end();
      expect(await exited).toBe(0);
    });
  });
} else {
  describe('the server on SQLite, when another connection holds the write lock', () => {
    beforeAll(async () => {
      t = await createTestApp();
      auth = await t.authHeader();
    });
    afterAll(() => t.close());

    it('waits for it and then writes, and answers 503 with Retry-After when the wait outlasts the busy timeout', async () => {
      const file = path.join(t.dataDir, 'journal.sqlite');
      const brief = await holdSqliteWriteLock(file, 300);
      expect((await write()).statusCode).toBe(201);
      await brief.release();

      // A shorter busy timeout, so that the test need not wait the server's five seconds.
      await sql`pragma busy_timeout = 50`.execute(t.journal.db);
      const held = await holdSqliteWriteLock(file);
      const refused = await write();
      expectUnavailable(refused);
      expect(refused.json()).toEqual(UNAVAILABLE);
      await held.release();
      expect((await write()).statusCode).toBe(201);
    });

    it("answers a 503 page with Retry-After when a page's read stays locked, and the page once it is not", async () => {
      const locked = vi
        .spyOn(t.journal.services.search, 'search')
        .mockRejectedValue(new SQLite.SqliteError('database is locked', 'SQLITE_BUSY'));
      // Twice: the second request of a page is the one the page cache would keep.
      for (const response of [await pageRead(), await pageRead()]) {
        expectUnavailable(response);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).toContain(UNAVAILABLE.message);
      }
      locked.mockRestore();
      expect((await pageRead()).statusCode).toBe(200);
    });
  });
}
