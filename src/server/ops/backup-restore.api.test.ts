import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseOptions } from '../db/database.js';
import { insertIssue } from '../modules/issues/issues.repository.js';
import { articleFields, issueFields, multipartForm, testPdf } from '../test/article-form.js';
import { createTestApp, withPgClient, type TestApp } from '../test/test-app.js';
import { createBackup } from './backup.js';
import { FILES_DIR, JWT_SECRET_FILE, SQLITE_FILE, type Target } from './backup-format.js';
import { listTables, type AnyDb } from './database-tables.js';
import { restoreBackup, RestoreRefused } from './restore.js';

const ISSUE = { year: 2026, volume: 3, issue: 1 };
const pgUrl = process.env.TEST_DATABASE_URL;

let t: TestApp;
let auth: { authorization: string };
let work: string;
let source: Target;
const schemas: string[] = [];

/** A DATA_DIR that does not exist yet and a database of its own (a new SQLite file, or a new PostgreSQL schema). */
async function freshTarget(): Promise<Target> {
  const dataDir = path.join(work, crypto.randomBytes(4).toString('hex'));
  if (!pgUrl) return { dataDir, database: { sqliteFile: path.join(dataDir, SQLITE_FILE) } };
  const schema = `r_${crypto.randomBytes(6).toString('hex')}`;
  await withPgClient(pgUrl!, (client) => client.query(`CREATE SCHEMA ${schema}`));
  schemas.push(schema);
  return { dataDir, database: { url: pgUrl, pgSchema: schema } };
}

async function withDatabase<T>(options: DatabaseOptions, run: (db: AnyDb) => Promise<T>): Promise<T> {
  const { db } = openDatabase(options);
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

/** Every row of every table, by table, in primary-key order. */
async function allRows(db: AnyDb): Promise<Record<string, unknown[]>> {
  const engine = pgUrl ? 'postgres' : 'sqlite';
  const result: Record<string, unknown[]> = {};
  for (const table of await listTables(db, engine)) {
    const order = sql.join(table.primaryKey.map((column) => sql.id(column)));
    const columns = sql.join(table.columns.map((column) => sql.id(column)));
    result[table.name] = (await sql`select ${columns} from ${sql.id(table.name)} order by ${order}`.execute(db)).rows;
  }
  return result;
}

function filesUnder(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  if (!fs.existsSync(root)) return files;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(
        path.relative(root, path.join(entry.parentPath, entry.name)),
        fs.readFileSync(path.join(entry.parentPath, entry.name)),
      );
  }
  return files;
}

const pdf = (n: number) => testPdf(`article ${n}`, Buffer.alloc(n * 37, 'x'));

const articleForm = (n: number) => multipartForm({ ...articleFields(n), ...issueFields(ISSUE) }, pdf(n));

/** Articles (with PDFs) and work-log entries added one after another through the API until stopped. */
function startWriting() {
  const acknowledged: { table: 'articles' | 'worklog_entries'; id: number }[] = [];
  let stop = false;
  let started!: () => void;
  const someWritten = new Promise<void>((resolve) => (started = resolve));
  const done = (async () => {
    for (let n = 1; !stop || n <= 4; n++) {
      const article = await t.app.inject({
        method: 'POST',
        url: '/api/admin/archives/',
        headers: auth,
        payload: articleForm(n),
      });
      expect(article.statusCode).toBe(201);
      acknowledged.push({ table: 'articles', id: article.json().id });
      const entry = await t.app.inject({
        method: 'POST',
        url: '/api/webdata',
        headers: auth,
        payload: { status: 'info', content: `entry ${n}` },
      });
      expect(entry.statusCode).toBe(201);
      acknowledged.push({ table: 'worklog_entries', id: entry.json().id });
      if (n === 2) started();
    }
  })();
  return { acknowledged, someWritten, finish: () => ((stop = true), done) };
}

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-backup-test-'));
  source = { dataDir: t.dataDir, database: t.ctx.databaseOptions };
  await insertIssue(t.journal.db, { ...ISSUE, frequency: 'jan-feb' });
  // The newest entry deleted: its id must not be handed out again after a restore.
  const entries = await t.journal.db
    .insertInto('worklog_entries')
    .values(
      [1, 2].map((n) => ({
        content: `old ${n}`,
        status: 'info',
        createdby: 'admin',
        created_at: new Date().toISOString(),
      })),
    )
    .returning('id')
    .execute();
  await t.journal.db.deleteFrom('worklog_entries').where('id', '=', entries[1]!.id).execute();
  fs.writeFileSync(path.join(t.dataDir, JWT_SECRET_FILE), 'a-persisted-secret-of-the-source');
});

let sourceClosed = false;

afterAll(async () => {
  if (!sourceClosed) await t.close();
  fs.rmSync(work, { recursive: true, force: true });
  if (pgUrl)
    await withPgClient(pgUrl!, async (client) => {
      for (const schema of schemas) await client.query(`DROP SCHEMA ${schema} CASCADE`);
    });
});

describe('npm run backup / npm run restore', () => {
  let archive: string;
  let restored: Target;
  let lastEntryOfSource: number;

  it('backs up while articles and work-log entries are being added, and restores a consistent snapshot of rows and files', async () => {
    const writing = startWriting();
    await writing.someWritten;
    archive = path.join(work, 'backup.tar.gz');
    const lines: string[] = [];
    const backup = await createBackup(source, archive, (line) => lines.push(line));
    await writing.finish();
    expect(lines.join('\n')).toMatch(/articles: \d+ rows[\s\S]*files: \d+ \(\d+ bytes\)/);

    // The source is gone (its database and DATA_DIR deleted) before the restore, as after a disaster.
    const now = await allRows(t.journal.db);
    const sourceFiles = filesUnder(path.join(source.dataDir, FILES_DIR));
    lastEntryOfSource = Math.max(...(now.worklog_entries as { id: number }[]).map((row) => row.id));
    await t.close();
    sourceClosed = true;

    restored = await freshTarget();
    const restoredSummary = await restoreBackup(restored, archive);
    expect(restoredSummary.tables).toEqual(expect.arrayContaining(backup.tables));
    expect(restoredSummary.files).toBe(backup.files);

    const copy = await withDatabase(restored.database, allRows);
    // Writes ran one after another, so the snapshot holds exactly the first of them, up to some point.
    const inCopy = ({ table, id }: { table: string; id: number }) =>
      (copy[table] as { id: number }[]).some((row) => row.id === id);
    const firstMissing = writing.acknowledged.findIndex((write) => !inCopy(write));
    const later = firstMissing === -1 ? [] : writing.acknowledged.slice(firstMissing);
    expect(later.filter(inCopy)).toEqual([]);
    // A write's activity entry is saved with it, so it is in the snapshot exactly when the write is.
    const loggedAs = { articles: 'article', worklog_entries: 'worklog' } as const;
    // An article's authors are saved with it too, and name it by `article_id`.
    const afterSnapshot = (
      table: string,
      row: { id: number; object_type?: string; object_id?: number; article_id?: number },
    ) =>
      later.some((write) => {
        if (table === 'activity_log') return loggedAs[write.table] === row.object_type && write.id === row.object_id;
        if (table === 'article_authors') return write.table === 'articles' && write.id === row.article_id;
        return write.table === table && write.id === row.id;
      });

    expect(Object.keys(copy).sort()).toEqual(Object.keys(now).sort());
    for (const table of Object.keys(now)) {
      // The journal of pending file moves is emptied right after every write (the server's start-up repair finishes any left).
      if (table === 'pending_file_moves') continue;
      const asOfSnapshot = (now[table] as { id: number }[]).filter((row) => !afterSnapshot(table, row));
      expect(copy[table], table).toEqual(asOfSnapshot);
    }
    expect(firstMissing === -1 ? writing.acknowledged.length : firstMissing).toBeGreaterThanOrEqual(4);

    const restoredFiles = filesUnder(path.join(restored.dataDir, FILES_DIR));
    for (const article of copy.articles as { year: number; volume: number; issue: number; file: string }[]) {
      const name = `archives/${article.year}/vol${article.volume}issue${article.issue}/${article.file}`;
      expect(restoredFiles.get(name), name).toEqual(sourceFiles.get(name));
    }
    for (const [name, bytes] of restoredFiles) expect(bytes, name).toEqual(sourceFiles.get(name));
    expect(fs.readFileSync(path.join(restored.dataDir, JWT_SECRET_FILE), 'utf8')).toBe(
      'a-persisted-secret-of-the-source',
    );
  });

  it('goes on numbering after the highest id the source ever handed out', async () => {
    const next = await withDatabase(restored.database, async (db) => {
      const { rows } = await sql<{ id: number }>`select max(id) as id from worklog_entries`.execute(db);
      await db
        .insertInto('worklog_entries')
        .values({ content: 'after restore', status: 'info', createdby: 'admin', created_at: '' })
        .execute();
      const after = await sql<{ id: number }>`select max(id) as id from worklog_entries`.execute(db);
      return { restoredMax: Number(rows[0]!.id), next: Number(after.rows[0]!.id) };
    });
    expect(next.restoredMax).toBeLessThanOrEqual(lastEntryOfSource);
    // Entry 2 was deleted before the backup: a new entry must not take its id (nor any other the source used).
    expect(next.next).toBeGreaterThan(Math.max(2, next.restoredMax));
  });

  it('refuses to restore into a DATA_DIR that is not empty, and changes nothing', async () => {
    const target = await freshTarget();
    fs.mkdirSync(target.dataDir, { recursive: true });
    fs.writeFileSync(path.join(target.dataDir, 'notes.txt'), 'keep me');
    await expect(restoreBackup(target, archive)).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(target, archive)).rejects.toThrow(/DATA_DIR .* is not empty/);
    expect(fs.readdirSync(target.dataDir)).toEqual(['notes.txt']);
  });

  it('refuses to restore into a database that is not empty, and changes nothing', async () => {
    const before = await withDatabase(restored.database, allRows);
    const target = { dataDir: path.join(work, 'empty-data-dir'), database: restored.database };
    await expect(restoreBackup(target, archive)).rejects.toThrow(RestoreRefused);
    expect(fs.existsSync(target.dataDir)).toBe(false);
    expect(await withDatabase(restored.database, allRows)).toEqual(before);
  });
});
