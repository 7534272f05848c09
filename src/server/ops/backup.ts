import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase, type DatabaseOptions, type Engine } from '../db/database.js';
import { TEMP_SUFFIX } from '../storage/file-store.js';
import {
  DATABASE_DIR,
  FILES_DIR,
  JWT_SECRET_FILE,
  MANIFEST_ENTRY,
  newManifest,
  tableEntry,
  type BackupManifest,
  type Target,
  type TableManifest,
} from './backup-format.js';
import { listTables, migrationNames, readLastIds, type AnyDb, type TableInfo } from './database-tables.js';
import { acrossJournals } from '../db/installation-scope.js';

export interface BackupSummary {
  tables: { name: string; rows: number }[];
  files: number;
  fileBytes: number;
  archiveBytes: number;
}

/** Rows read from the database per query. */
const PAGE_ROWS = 1000;
/** sqlite3_backup_step's "every page": one step reads one consistent state of the file. */
const ALL_PAGES = 0x7fffffff;

/**
 * Writes one archive holding a consistent snapshot of the database and then every stored file
 * (decision 012). It runs beside the server: the database snapshot is taken first, so every file a
 * snapshot row names was in place before the files are read.
 */
export async function createBackup(
  target: Target,
  file: string,
  report: (line: string) => void = () => {},
): Promise<BackupSummary> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'journal-backup-'));
  try {
    const manifest = await dumpDatabase(target.database, work);
    report(
      `database (${manifest.engine}): ${manifest.tables.length} tables, migrations up to ${manifest.migrations.at(-1) ?? 'none'}`,
    );
    for (const table of manifest.tables) report(`  ${table.name}: ${table.rows} rows`);
    const summary = await writeArchive(file, manifest, work, target.dataDir, report);
    report(`files: ${summary.files} (${summary.fileBytes} bytes)`);
    report(`wrote ${file} (${summary.archiveBytes} bytes)`);
    return { tables: manifest.tables.map(({ name, rows }) => ({ name, rows })), ...summary };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** Writes each table's rows to `work`/database/<table>.jsonl. */
async function dumpDatabase(options: DatabaseOptions, work: string): Promise<BackupManifest> {
  const dir = path.join(work, DATABASE_DIR);
  await fs.promises.mkdir(dir);
  if (options.url) {
    const { db } = openDatabase(options);
    try {
      // Every table read in one snapshot of the database, while the server goes on writing.
      return await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute((trx) => dumpTables(trx, 'postgres', dir));
    } finally {
      await db.destroy();
    }
  }
  const snapshot = path.join(work, 'snapshot.sqlite');
  await snapshotSqlite(options.sqliteFile ?? '', snapshot);
  const { db } = openDatabase({ sqliteFile: snapshot });
  try {
    return await dumpTables(db, 'sqlite', dir);
  } finally {
    await db.destroy();
  }
}

/** SQLite's online backup copies the database as one transaction saw it, while the server reads and writes. */
async function snapshotSqlite(file: string, destination: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`There is no database at ${file}`);
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // Copied a few pages at a time, a write between two steps would start the copy again; in one step the
    // copy only holds a read transaction, which in WAL mode never blocks the server's writes.
    await source.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
}

async function dumpTables(installation: AnyDb, engine: Engine, dir: string): Promise<BackupManifest> {
  // A backup holds every journal's rows.
  const db = acrossJournals(installation);
  const tables = await listTables(db, engine);
  const lastIds = await readLastIds(db, engine, tables);
  const dumped: TableManifest[] = [];
  for (const table of tables) {
    const rows = await dumpTable(db, table, path.join(dir, `${table.name}.jsonl`));
    const lastId = lastIds.get(table.name);
    dumped.push({ name: table.name, columns: table.columns, rows, ...(lastId === undefined ? {} : { lastId }) });
  }
  return newManifest({
    createdAt: new Date().toISOString(),
    engine,
    migrations: await migrationNames(db),
    tables: dumped,
  });
}

async function dumpTable(db: AnyDb, table: TableInfo, file: string): Promise<number> {
  const columns = sql.join(table.columns.map((column) => sql.id(column)));
  const order = sql.join((table.primaryKey.length ? table.primaryKey : table.columns).map((column) => sql.id(column)));
  const out = await fs.promises.open(file, 'w');
  try {
    let count = 0;
    for (;;) {
      const { rows } = await sql<Record<string, unknown>>`
        select ${columns} from ${sql.id(table.name)} order by ${order} limit ${PAGE_ROWS} offset ${count}`.execute(db);
      await out.write(rows.map((row) => `${JSON.stringify(table.columns.map((column) => row[column]))}\n`).join(''));
      count += rows.length;
      if (rows.length < PAGE_ROWS) return count;
    }
  } finally {
    await out.close();
  }
}

/** Streams the archive to a temporary name beside `file` and renames it into place once it is complete. */
async function writeArchive(
  file: string,
  manifest: BackupManifest,
  work: string,
  dataDir: string,
  report: (line: string) => void,
): Promise<Omit<BackupSummary, 'tables'>> {
  const temp = `${file}.${crypto.randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
  const { default: archiver } = await import('archiver');
  const archive = archiver('tar', { gzip: true });
  const files = { files: 0, fileBytes: 0 };
  archive.on('entry', (entry) => {
    if (!entry.name.startsWith(`${FILES_DIR}/`)) return;
    files.files += 1;
    files.fileBytes += entry.stats?.size ?? 0;
  });
  // A file replaced or deleted by a write after the snapshot is no longer there to read.
  archive.on('warning', (error: NodeJS.ErrnoException) =>
    report(`skipped ${error.path}: ${error.code === 'ENOENT' ? 'removed while the backup ran' : error.message}`),
  );
  const written = pipeline(archive, fs.createWriteStream(temp));
  try {
    archive.append(JSON.stringify(manifest, null, 2), { name: MANIFEST_ENTRY });
    for (const table of manifest.tables)
      archive.file(path.join(work, tableEntry(table.name)), { name: tableEntry(table.name) });
    for (const name of await storedFiles(path.join(dataDir, FILES_DIR))) {
      archive.file(path.join(dataDir, FILES_DIR, name), { name: `${FILES_DIR}/${name}` });
    }
    const secret = path.join(dataDir, JWT_SECRET_FILE);
    if (fs.existsSync(secret)) archive.file(secret, { name: JWT_SECRET_FILE });
    // A failure while finalizing reaches `written` too.
    archive.finalize().catch(() => {});
    await written;
    await fs.promises.rename(temp, file);
  } catch (error) {
    archive.abort();
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  return { ...files, archiveBytes: (await fs.promises.stat(file)).size };
}

/** Every finished file under the file store ('/'-separated, relative); files still being written (*.tmp) are left out. */
async function storedFiles(root: string): Promise<string[]> {
  if (!fs.existsSync(root)) return [];
  const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith(TEMP_SUFFIX))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
