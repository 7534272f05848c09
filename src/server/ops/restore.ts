import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { sql } from 'kysely';
import * as tar from 'tar';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import {
  FILES_DIR,
  JWT_SECRET_FILE,
  MANIFEST_ENTRY,
  parseManifest,
  tableEntry,
  type BackupManifest,
  type Target,
  type TableManifest,
} from './backup-format.js';
import { listTables, loadOrder, migrationNames, restoreLastId, type AnyDb, type TableInfo } from './database-tables.js';
import { acrossJournals } from '../db/installation-scope.js';

/** A restore that was refused before anything was changed: the message says why. */
export class RestoreRefused extends Error {}

export interface RestoreSummary {
  tables: { name: string; rows: number }[];
  files: number;
  fileBytes: number;
}

/** Values bound per INSERT, well below SQLite's (32,766) and PostgreSQL's (65,535) limits. */
const MAX_BOUND_VALUES = 10_000;

/**
 * Restores a backup into an empty DATA_DIR and an empty database (decision 012). Anything else is refused
 * before a byte is written; a restore that fails part way leaves the target empty again.
 */
export async function restoreBackup(
  target: Target,
  file: string,
  report: (line: string) => void = () => {},
): Promise<RestoreSummary> {
  if (!fs.existsSync(file)) throw new RestoreRefused(`There is no backup at ${file}`);
  await refuseUnlessEmpty(target);
  const staging = path.join(target.dataDir, `.restore-${crypto.randomBytes(6).toString('hex')}`);
  const dataDirExisted = fs.existsSync(target.dataDir);
  try {
    const files = await extract(file, staging);
    const manifest = parseManifest(await fs.promises.readFile(path.join(staging, MANIFEST_ENTRY), 'utf8'));
    await refuseOtherMigrations(manifest);
    report(
      `backup of ${manifest.createdAt} (${manifest.engine}), migrations up to ${manifest.migrations.at(-1) ?? 'none'}`,
    );
    const tables = await loadDatabase(target.database, manifest, staging);
    for (const table of tables) report(`  ${table.name}: ${table.rows} rows`);
    for (const name of [FILES_DIR, JWT_SECRET_FILE]) {
      if (fs.existsSync(path.join(staging, name)))
        await fs.promises.rename(path.join(staging, name), path.join(target.dataDir, name));
    }
    report(`files: ${files.files} (${files.fileBytes} bytes)`);
    return { tables, ...files };
  } catch (error) {
    await emptyAgain(target, dataDirExisted);
    throw error;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

async function refuseUnlessEmpty({ dataDir, database }: Target): Promise<void> {
  if (fs.existsSync(dataDir) && (await fs.promises.readdir(dataDir)).length > 0) {
    throw new RestoreRefused(`DATA_DIR ${dataDir} is not empty: restore only into an empty or missing directory`);
  }
  if (!database.url) {
    if (database.sqliteFile && fs.existsSync(database.sqliteFile))
      throw new RestoreRefused(`The database ${database.sqliteFile} already exists`);
    return;
  }
  const { db } = openDatabase(database);
  try {
    const { rows } = await sql<{ schema: string | null; tables: string }>`
      select current_schema() as schema,
        (select count(*) from information_schema.tables where table_schema = current_schema()) as tables`.execute(db);
    const { schema, tables } = rows[0]!;
    if (!schema) throw new RestoreRefused('The PostgreSQL search path names no existing schema to restore into');
    if (Number(tables) > 0)
      throw new RestoreRefused(
        `The PostgreSQL schema ${schema} is not empty (${tables} tables): restore only into an empty database`,
      );
  } finally {
    await db.destroy();
  }
}

/**
 * Unpacks into a folder of DATA_DIR (so that the files are then renamed into place). Only plain files
 * and folders are taken, and tar keeps every path inside the folder.
 */
async function extract(file: string, staging: string): Promise<Omit<RestoreSummary, 'tables'>> {
  await fs.promises.mkdir(staging, { recursive: true });
  const files = { files: 0, fileBytes: 0 };
  await tar.x({
    file,
    cwd: staging,
    strict: true,
    filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    onReadEntry: (entry) => {
      if (entry.type !== 'File' || !entry.path.startsWith(`${FILES_DIR}/`)) return;
      files.files += 1;
      files.fileBytes += entry.size;
    },
  });
  if (!fs.existsSync(path.join(staging, MANIFEST_ENTRY)))
    throw new RestoreRefused(`${file} is not a backup of this website: it has no ${MANIFEST_ENTRY}`);
  return files;
}

/** A backup restores with the version that made it; that version's server then migrates it forward at start. */
async function refuseOtherMigrations(manifest: BackupManifest): Promise<void> {
  const known = await knownMigrations();
  if (known.join() === manifest.migrations.join()) return;
  throw new RestoreRefused(
    `The backup's database has migrations [${manifest.migrations.join(', ')}], this version has [${known.join(', ')}]: ` +
      'restore it with the version of the website that made it',
  );
}

/** The migrations this version runs, read from a throwaway in-memory database. */
async function knownMigrations(): Promise<string[]> {
  const handle = openDatabase({ sqliteFile: ':memory:' });
  try {
    await migrate(handle);
    return await migrationNames(handle.db);
  } finally {
    await handle.db.destroy();
  }
}

/** Creates the schema by migrating, then replaces every table's rows with the backup's in one transaction. */
async function loadDatabase(
  options: DatabaseOptions,
  manifest: BackupManifest,
  staging: string,
): Promise<RestoreSummary['tables']> {
  const handle = openDatabase(options);
  try {
    await migrate(handle);
    const tables = await matchTables(handle, manifest);
    const order = loadOrder(tables.map(({ table }) => table));
    const fromBackup = new Map(tables.map(({ table, backup }) => [table.name, backup]));
    // A backup holds every journal's rows.
    const db: AnyDb = acrossJournals(handle.db);
    return await db.transaction().execute(async (trx) => {
      // The migrations' own rows (their record, a default settings row) give way to the backup's.
      for (const table of [...order].reverse()) await trx.deleteFrom(table.name).execute();
      const loaded: RestoreSummary['tables'] = [];
      for (const table of order) {
        const backup = fromBackup.get(table.name)!;
        loaded.push({
          name: table.name,
          rows: await loadTable(trx, backup, path.join(staging, tableEntry(backup.name))),
        });
        if (backup.lastId !== undefined) await restoreLastId(trx, handle.engine, table, backup.lastId);
      }
      return loaded;
    });
  } catch (error) {
    // The error that stopped the restore is the one to report, not a failure to tidy up after it.
    if (handle.engine === 'postgres') await dropAllTables(handle.db).catch(() => undefined);
    throw error;
  } finally {
    await handle.db.destroy();
  }
}

/** Each table of the backup with the same table here; its columns must all exist here too. */
async function matchTables(
  { db, engine }: DatabaseHandle,
  manifest: BackupManifest,
): Promise<{ table: TableInfo; backup: TableManifest }[]> {
  const here = new Map((await listTables(db, engine)).map((table) => [table.name, table]));
  return manifest.tables.map((backup) => {
    const table = here.get(backup.name);
    const missing = backup.columns.filter((column) => !table?.columns.includes(column));
    if (!table || missing.length)
      throw new Error(
        `The backup's table ${backup.name} does not fit this database (missing: ${table ? missing.join(', ') : 'the table'})`,
      );
    return { table, backup };
  });
}

async function loadTable(db: AnyDb, backup: TableManifest, file: string): Promise<number> {
  const batchSize = Math.max(1, Math.floor(MAX_BOUND_VALUES / backup.columns.length));
  let batch: Record<string, unknown>[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length) await db.insertInto(backup.name).values(batch).execute();
    count += batch.length;
    batch = [];
  };
  for await (const line of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    const values: unknown = JSON.parse(line);
    if (!Array.isArray(values) || values.length !== backup.columns.length)
      throw new Error(`${tableEntry(backup.name)} is damaged`);
    batch.push(Object.fromEntries(backup.columns.map((column, i) => [column, values[i]])));
    if (batch.length === batchSize) await flush();
  }
  await flush();
  if (count !== backup.rows)
    throw new Error(`${tableEntry(backup.name)} holds ${count} rows where the backup says ${backup.rows}`);
  return count;
}

/** Undoes the migrations of a failed restore into PostgreSQL (the schema was empty before). */
async function dropAllTables(db: AnyDb): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
    db,
  );
  if (rows.length) await sql`drop table if exists ${sql.join(rows.map((row) => sql.id(row.name)))} cascade`.execute(db);
}

/** Removes what a failed restore put into DATA_DIR (which was empty or missing). */
async function emptyAgain({ dataDir, database }: Target, dataDirExisted: boolean): Promise<void> {
  const created = [FILES_DIR, JWT_SECRET_FILE].map((name) => path.join(dataDir, name));
  if (!database.url && database.sqliteFile)
    created.push(...['', '-wal', '-shm'].map((suffix) => `${database.sqliteFile}${suffix}`));
  for (const entry of created) await fs.promises.rm(entry, { recursive: true, force: true });
  if (!dataDirExisted) await fs.promises.rm(dataDir, { recursive: true, force: true });
}
