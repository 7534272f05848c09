import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configuredDatabase } from '../bootstrap.js';
import { defaultDatabasePoolSize, loadConfig } from '../config.js';
import { findIssue, insertIssue } from '../modules/issues/issues.repository.js';
import { holdSqliteWriteLock } from '../test/sqlite-write-lock.js';
import { DEFAULT_QUERY_TIMEOUT_MS, openDatabase, pingDatabase, type DatabaseHandle } from './database.js';
import { migrate } from './migrate.js';
import { scopedDb } from '../journals/journal-scope.js';

describe('a SQLite transaction while another connection writes', () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-lock-'));
    file = path.join(dir, 'journal.sqlite');
    handle = openDatabase({ sqliteFile: file });
    await migrate(handle);
  });
  afterEach(async () => {
    await handle.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('that reads before it writes waits for the other to finish, then commits', async () => {
    const lock = await holdSqliteWriteLock(file, 300);
    const journal = scopedDb(handle.db, 1);
    await journal.transaction().execute(async (trx) => {
      if (!(await findIssue(trx, 2026, 1, 1)))
        await insertIssue(trx, { year: 2026, volume: 1, issue: 1, frequency: 'jan-feb' });
    });
    await lock.release();
    expect(await findIssue(journal, 2026, 1, 1)).toMatchObject({ year: 2026, volume: 1, issue: 1 });
  });
});

describe('pingDatabase on SQLite', () => {
  it('answers while another connection holds the write lock: a locked database is not a dead one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-ping-'));
    const file = path.join(dir, 'journal.sqlite');
    const handle = openDatabase({ sqliteFile: file });
    try {
      await migrate(handle);
      const lock = await holdSqliteWriteLock(file);
      await expect(pingDatabase(handle.db, 2000)).resolves.toBeUndefined();
      await lock.release();
    } finally {
      await handle.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the PostgreSQL pool's settings in the configuration", () => {
  it('reads DATABASE_QUERY_TIMEOUT_MS, 100 to 600000, by default a little above the 30 s statement_timeout', () => {
    expect(loadConfig({}).DATABASE_QUERY_TIMEOUT_MS).toBe(DEFAULT_QUERY_TIMEOUT_MS);
    expect(DEFAULT_QUERY_TIMEOUT_MS).toBeGreaterThan(30_000);
    expect(loadConfig({ DATABASE_QUERY_TIMEOUT_MS: '1500' }).DATABASE_QUERY_TIMEOUT_MS).toBe(1500);
    expect(() => loadConfig({ DATABASE_QUERY_TIMEOUT_MS: '50' })).toThrow(
      /^Invalid environment variable DATABASE_QUERY_TIMEOUT_MS="50": must be between 100 and 600000 milliseconds$/,
    );
    expect(() => loadConfig({ DATABASE_QUERY_TIMEOUT_MS: '30s' })).toThrow(
      /DATABASE_QUERY_TIMEOUT_MS="30s": must be a number of milliseconds/,
    );
    expect(() => loadConfig({ DATABASE_QUERY_TIMEOUT_MS: '1.5' })).toThrow(/must be a whole number/);
  });

  it('reads DATABASE_POOL_SIZE, 1 to 100, and otherwise shares 20 connections among the worker processes', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '3' }).DATABASE_POOL_SIZE).toBe(3);
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(20);
    expect(loadConfig({ WEB_CONCURRENCY: '2' }).DATABASE_POOL_SIZE).toBe(10);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(
      /^Invalid environment variable DATABASE_POOL_SIZE="0": must be between 1 and 100$/,
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/must be a number of connections/);
    // Each worker keeps a few, and an instance at most 20 up to five workers, so that several instances fit in
    // PostgreSQL's default max_connections of 100.
    for (const processes of [1, 2, 3, 4, 5, 8, 32]) {
      expect(defaultDatabasePoolSize(processes)).toBeGreaterThanOrEqual(4);
      expect(processes * defaultDatabasePoolSize(processes)).toBeLessThanOrEqual(Math.max(20, processes * 4));
    }
  });

  it('hands them to the database the configuration names', () => {
    const config = loadConfig({ DATABASE_POOL_SIZE: '7', DATABASE_QUERY_TIMEOUT_MS: '9000' });
    expect(configuredDatabase(config)).toMatchObject({ poolSize: 7, queryTimeoutMs: 9000 });
  });
});
