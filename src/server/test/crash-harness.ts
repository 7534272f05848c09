import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { openDatabase, type DatabaseOptions } from '../db/database.js';
import { checkFiles } from '../storage/file-repair.js';
import { FileStore } from '../storage/file-store.js';
import { journalFilesRoot } from '../journals/journal-files.js';
import { scopedDb } from '../journals/journal-scope.js';
import { buildServer, startChildServer, type ChildServer } from './child-server.js';
import { withPgClient } from './test-app.js';

const ADMIN = { username: 'admin', password: 'crash-test-password' };

/**
 * A bundled server in a process of its own on a database and DATA_DIR of its own, for tests that kill it with
 * SIGKILL and start it again (on PostgreSQL when TEST_DATABASE_URL is set).
 */
export class CrashHarness {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-crash-'));
  private readonly url = process.env.TEST_DATABASE_URL;
  private readonly schema = `crash_${crypto.randomBytes(5).toString('hex')}`;
  readonly database: DatabaseOptions = this.url
    ? { url: this.url, pgSchema: this.schema }
    : { sqliteFile: path.join(this.dataDir, 'journal.sqlite') };
  readonly env: Record<string, string> = {
    DATA_DIR: this.dataDir,
    DATABASE_URL: this.url
      ? `${this.url}${this.url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${this.schema}`)}`
      : '',
    SEED_DEMO: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  };
  server!: ChildServer;
  auth!: { authorization: string };
  private built?: Awaited<ReturnType<typeof buildServer>>;

  /** Builds and starts the server and signs the admin in. */
  async start(): Promise<void> {
    if (this.url) await withPgClient(this.url, (client) => client.query(`CREATE SCHEMA ${this.schema}`));
    this.built = await buildServer();
    this.server = await startChildServer(this.built.entry, this.env);
    const login = await this.fetch('/auth/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    this.auth = { authorization: `Bearer ${(await login.json()).token}` };
  }

  fetch(url: string, init?: RequestInit): Promise<Response> {
    return fetch(this.server.baseUrl + url, init);
  }

  /** A JSON call with the admin's token. */
  json(method: string, url: string, body?: unknown): Promise<Response> {
    const headers = { ...this.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
    return this.fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  async restart(): Promise<void> {
    this.server = await this.startInstance();
  }

  /** Starts one more server on the same database and DATA_DIR, as another instance behind a load balancer. */
  startInstance(): Promise<ChildServer> {
    return startChildServer(this.built!.entry, this.env);
  }

  /** The database and the stored files agree: no pending move, leftover temporary file, unnamed or missing file. */
  async expectRowsAndFilesAgree(): Promise<void> {
    const { db } = openDatabase(this.database);
    try {
      const check = await checkFiles(scopedDb(db, 1), new FileStore(journalFilesRoot(this.dataDir, 1)));
      expect(check).toEqual({ pendingMoves: [], tempFiles: [], unnamedFiles: [], missingFiles: [] });
    } finally {
      await db.destroy();
    }
  }

  async stop(): Promise<void> {
    await this.server?.stop('SIGKILL');
    this.built?.remove();
    if (this.url) await withPgClient(this.url, (client) => client.query(`DROP SCHEMA ${this.schema} CASCADE`));
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
