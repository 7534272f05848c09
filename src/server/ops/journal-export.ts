import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type archiver from 'archiver';
import { openDatabase, type DatabaseHandle, type Engine } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { journalFilesRoot } from '../journals/journal-files.js';
import { scopedDb } from '../journals/journal-scope.js';
import { describeReference } from '../storage/file-repair.js';
import { listFileReferences, type FileReference } from '../storage/file-references.repository.js';
import { TEMP_SUFFIX } from '../storage/file-store.js';
import { listTables, migrationNames, type AnyDb } from './database-tables.js';
import { chooseJournal } from './journal-choice.js';
import {
  EXPORTED_TABLES,
  FILES_PREFIX,
  JournalMoveRefused,
  MANIFEST_ENTRY,
  newManifest,
  type Installation,
  type JournalManifest,
  type Row,
} from './journal-move-format.js';

export interface ExportSummary {
  journalId: number;
  name: string;
  tables: { name: string; rows: number }[];
  files: number;
  fileBytes: number;
  archiveBytes: number;
}

/** What one snapshot of the database holds of the journal. */
interface JournalSnapshot {
  migration: string;
  tables: Record<string, Row[]>;
  references: FileReference[];
}

/**
 * Writes the journal `named` names (`--journal`, see chooseJournal) to one zip (journal.json and its files, see
 * journal-move-format.ts), for `npm run import-journal` to make a new journal of it elsewhere. Its rows are read in
 * one snapshot of the database through a handle scoped to the journal (JournalScope), so no other journal's row can
 * be among them; then its folder is read. A journal with a file write in flight (pending file moves) is refused: run
 * the export with the server stopped, or after `npm run check-data -- --repair`.
 */
export async function exportJournal(
  installation: Installation,
  named: string | undefined,
  file: string,
  report: (line: string) => void = () => {},
): Promise<ExportSummary> {
  const handle = openDatabase(installation.database);
  try {
    await migrate(handle);
    const journal = await chooseJournal(handle.db, named);
    const journalId = journal.id;
    const snapshot = await readSnapshot(handle, installation, journalId);
    const counts = EXPORTED_TABLES.map((name) => ({ name, rows: snapshot.tables[name]!.length }));
    report(`journal ${journalId} (${journal.name}), schema up to migration ${snapshot.migration}`);
    for (const { name, rows } of counts) report(`  ${name}: ${rows} rows`);

    const root = journalFilesRoot(installation.dataDir, journalId);
    const files = await storedFiles(root);
    const present = new Set(files.map((stored) => stored.path));
    const missing = snapshot.references.filter((reference) => !present.has(reference.path));
    for (const reference of missing) report(`warning: ${describeReference(reference)}, which is missing`);

    const manifest = newManifest({
      exportedAt: new Date().toISOString(),
      engine: handle.engine,
      migration: snapshot.migration,
      journal: {
        name: journal.name,
        short_name: journal.short_name,
        public_origin: journal.public_origin,
        created_at: journal.created_at,
      },
      tables: snapshot.tables,
      files,
    });
    const archiveBytes = await writeArchive(file, manifest, root);
    const fileBytes = files.reduce((sum, stored) => sum + stored.bytes, 0);
    report(`files: ${files.length} (${fileBytes} bytes)`);
    report(`wrote ${file} (${archiveBytes} bytes)`);
    return { journalId, name: journal.name, tables: counts, files: files.length, fileBytes, archiveBytes };
  } finally {
    await handle.db.destroy();
  }
}

/**
 * Reads the journal's rows in one consistent state of the database while the server may go on writing: on
 * PostgreSQL a repeatable-read transaction; on SQLite a read transaction on a read-only connection of its own
 * (the server's writer connection begins its transactions with the write lock, which would hold up the server's
 * writes; a reader in WAL mode keeps its snapshot and holds up nobody).
 */
async function readSnapshot(
  handle: DatabaseHandle,
  installation: Installation,
  journalId: number,
): Promise<JournalSnapshot> {
  const read = (trx: AnyDb) => readJournal(trx, handle.engine, journalId);
  if (handle.engine === 'postgres') {
    return handle.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
  }
  const reader = openDatabase({ ...installation.database, url: undefined, readOnly: true });
  try {
    return await reader.db.transaction().execute(read);
  } finally {
    await reader.db.destroy();
  }
}

async function readJournal(db: AnyDb, engine: Engine, journalId: number): Promise<JournalSnapshot> {
  // Every query on this handle is confined to the journal's rows (decision 095).
  const scoped: AnyDb = scopedDb(db, journalId);
  const pending = await scoped
    .selectFrom('pending_file_moves')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(pending.n) > 0)
    throw new JournalMoveRefused(
      `Journal ${journalId} has ${pending.n} pending file moves (a write in flight, or one a crash interrupted): ` +
        'run the export with the server stopped, or after `npm run check-data -- --repair`',
    );
  const here = new Map((await listTables(db, engine)).map((table) => [table.name, table]));
  const tables: Record<string, Row[]> = {};
  for (const name of EXPORTED_TABLES) {
    const table = here.get(name);
    if (!table) throw new Error(`The database has no table ${name}`);
    const columns = table.columns.filter((column) => column !== 'journal_id');
    const order = table.primaryKey.filter((column) => column !== 'journal_id');
    let query = scoped.selectFrom(name).select(columns);
    for (const column of order.length ? order : columns) query = query.orderBy(column);
    tables[name] = (await query.execute()) as Row[];
  }
  return {
    migration: (await migrationNames(db)).at(-1) ?? '',
    tables,
    references: await listFileReferences(scoped),
  };
}

/** Every finished file of the journal's folder ('/'-separated, relative); files being written (*.tmp) are left out. */
async function storedFiles(root: string): Promise<JournalManifest['files']> {
  if (!fs.existsSync(root)) return [];
  const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  const files: JournalManifest['files'] = [];
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith(TEMP_SUFFIX)) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const { size } = await fs.promises.stat(absolute).catch(() => ({ size: -1 }));
    // A file removed since the listing (the server replaced it) is not there to export.
    if (size < 0) continue;
    files.push({ path: path.relative(root, absolute).split(path.sep).join('/'), bytes: size });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Streams the zip to a temporary name beside `file` and renames it into place once it is complete. PDFs and
 * pictures are compressed already, so files are stored as they are; journal.json is deflated.
 */
async function writeArchive(file: string, manifest: JournalManifest, root: string): Promise<number> {
  const temp = `${file}.${crypto.randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip', { zlib: { level: 6 } });
  let vanished: NodeJS.ErrnoException | null = null;
  archive.on('warning', (error: NodeJS.ErrnoException) => {
    vanished ??= error;
    archive.abort();
  });
  const written = pipeline(archive, fs.createWriteStream(temp));
  try {
    archive.append(JSON.stringify(manifest), { name: MANIFEST_ENTRY });
    for (const stored of manifest.files) {
      // `file` takes a zip entry's options as `append` does; its typings name only the common ones.
      const entry: archiver.ZipEntryData = { name: `${FILES_PREFIX}${stored.path}`, store: true };
      archive.file(path.join(root, ...stored.path.split('/')), entry);
    }
    // A failure while finalizing reaches `written` too.
    archive.finalize().catch(() => {});
    await written;
    if (vanished) throw vanished;
    await fs.promises.rename(temp, file);
  } catch (error) {
    archive.abort();
    await fs.promises.rm(temp, { force: true });
    const lost = vanished as NodeJS.ErrnoException | null;
    if (lost)
      throw new Error(
        `${lost.path ?? 'A file'} was removed while the export ran (the server replaced it): run the export again, ` +
          'or with the server stopped',
      );
    throw error;
  }
  return (await fs.promises.stat(file)).size;
}
