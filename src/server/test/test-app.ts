import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import type { AppContext, Site } from '../app-context.js';
import { buildApp } from '../app.js';
import { createContext } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import type { DatabaseOptions } from '../db/database.js';

export const TEST_ADMIN = { username: 'admin', password: 'correct-horse-battery' } as const;
/** The test admin as the author of writes made by calling services directly. */
export const TEST_ACTOR = { userId: 1, username: TEST_ADMIN.username } as const;

/** API tests run on SQLite, or on PostgreSQL when TEST_DATABASE_URL is set (npm test runs both). */
export const testEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The installation's first journal, the one every host reaches until journals claim hosts. */
  journal: Site;
  dataDir: string;
  /** Signs in the test admin and returns an Authorization header. */
  authHeader(): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/** Runs `work` on a connection of its own to the PostgreSQL database at `url`, e.g. to create or drop a schema. */
export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestAppOptions {
  seedDemo?: boolean;
  env?: Record<string, string>;
  /** On PostgreSQL, the URL the server connects with instead of TEST_DATABASE_URL (e.g. through a proxy, or with an application_name). */
  databaseUrl?: string;
  /** The folder to make the temporary DATA_DIR in (e.g. a small file system); the system's temporary folder by default. */
  parentDir?: string;
  /** Runs on the new database and DATA_DIR before the server opens them (e.g. to make an older release's data). */
  before?: (database: DatabaseOptions, dataDir: string) => Promise<void>;
}

/**
 * A server on a freshly migrated database of its own (a new SQLite file, or a new PostgreSQL schema)
 * and a temporary DATA_DIR. `seedDemo` fills it with the demo journal.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(options.parentDir ?? os.tmpdir(), 'journal-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: options.seedDemo ? '1' : '0',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const url = process.env.TEST_DATABASE_URL;
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  if (url) await withPgClient(url, (client) => client.query(`CREATE SCHEMA ${schema}`));
  const database: DatabaseOptions = url
    ? { url: options.databaseUrl ?? url, pgSchema: schema }
    : { sqliteFile: path.join(dataDir, 'journal.sqlite') };
  await options.before?.(database, dataDir);
  const ctx = await createContext(config, pino({ level: 'silent' }), database);
  const app = await buildApp(ctx, { clientDir: path.join(dataDir, 'no-client-build') });
  await app.ready();

  return {
    app,
    ctx,
    journal: ctx.journals.first(),
    dataDir,
    async authHeader() {
      const token = await ctx.tokens.sign({ userId: 1, username: TEST_ADMIN.username, name: 'Administrator' });
      return { authorization: `Bearer ${token}` };
    },
    async close() {
      await app.close();
      await ctx.db.destroy();
      if (url) await withPgClient(url, (client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of `first`'s installation, as a load balancer would spread requests over: its own process state
 * (caches, counters in memory, pools) on the same database and DATA_DIR. Close it before `first`.
 */
export async function startAnotherInstance(first: TestApp): Promise<Pick<TestApp, 'app' | 'ctx' | 'close'>> {
  const ctx = await createContext(first.ctx.config, pino({ level: 'silent' }), first.ctx.databaseOptions);
  const app = await buildApp(ctx, { clientDir: path.join(first.dataDir, 'no-client-build') });
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await ctx.db.destroy();
    },
  };
}
