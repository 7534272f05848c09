import fs from 'node:fs';
import path from 'node:path';
import { textProblems } from '../../common/schemas/text-characters.js';
import { notifyInstances } from '../cache/postgres-write-relay.js';
import { openDatabase, type DatabaseHandle, type InstallationDb } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { HttpError } from '../http/errors.js';
import { journalFilesRoot } from '../journals/journal-files.js';
import { normalHost } from '../journals/journal-hosts.js';
import { scopedDb } from '../journals/journal-scope.js';
import { hostOwner } from '../modules/journals/journals.repository.js';
import { JournalsService } from '../modules/journals/journals.service.js';
import { saveSettings } from '../modules/settings/settings.repository.js';
import { DEFAULT_SETTINGS } from '../modules/settings/default-settings.js';
import { makeTemporaryFolder, moveIntoPlace, nameJournalOfFolder } from '../storage/temporary-folders.js';
import { listTables, migrationNames, type AnyDb, type TableInfo } from './database-tables.js';
import {
  EXPORTED_TABLES,
  FILES_PREFIX,
  isSafeFilePath,
  JournalMoveRefused,
  MANIFEST_ENTRY,
  parseManifest,
  refuseUnsafeFileNames,
  type ExportedTable,
  type Installation,
  type JournalManifest,
  type Row,
} from './journal-move-format.js';
import { ZipError, ZipReader, type ZipEntry } from '../storage/zip-reader.js';
import { acrossJournals } from '../db/installation-scope.js';

export interface ImportOptions {
  /** Host names of the new journal, the primary first. */
  hosts: string[];
  /** The journal's name in the publisher's list; the exported record's by default. */
  name?: string;
  /** Its public address; by default the exported one when its host is among `hosts`, else none. */
  origin?: string;
  /**
   * Imports the articles without their DOIs: for a copy beside a journal that still has them here, since a DOI
   * names one article in the whole installation (decision 095). Without it, DOIs used here refuse the import.
   */
  clearDois?: boolean;
}

export interface ImportSummary {
  journalId: number;
  name: string;
  hosts: string[];
  publicOrigin: string;
  tables: { name: string; rows: number }[];
  /** Issue moves whose issue is not in the file (no address to answer 301 to) are left out. */
  skipped: { name: string; rows: number }[];
  files: number;
  fileBytes: number;
}

/** journal.json is read into memory (it holds every row of the journal, but no file), as one string at most this long. */
const MAX_MANIFEST_BYTES = 500 * 1024 * 1024;
/** Values bound per INSERT, well below SQLite's (32,766) and PostgreSQL's (65,535) limits. */
const MAX_BOUND_VALUES = 10_000;
/** DOIs asked about per query. */
const DOI_BATCH = 500;

/**
 * The object an activity entry names, by its `object_type`, when that object is imported with the journal: its id is
 * then the object's new id. An e-mail entry names the article it was about. Any other entry (a user, a work-log
 * entry, a page, the settings) names something that is not moved or has no id, and gets none.
 */
const ACTIVITY_OBJECTS: Record<string, ExportedTable> = {
  article: 'articles',
  email: 'articles',
  issue: 'issues',
  editor: 'editors',
  indexing: 'indexing',
};

/**
 * Makes a NEW journal of a file `npm run export-journal` wrote (journal-move-format.ts), at the hosts given.
 *
 * Every check comes before any write: the file (a zip with journal.json of this format and version, from a schema no
 * newer than this one, whose tables and columns exist here, every file it lists present and every path safe, every
 * file its rows name inside the journal's folder), the hosts (free here) and the DOIs (used nowhere here, as a DOI
 * is unique in the installation). Then, in this order:
 * 1. every file is unpacked, and its size and CRC-32 checked, into a temporary folder of DATA_DIR (not under
 *    `files/`, whose stray entries the server's start would move into journal 1's folder), named after this process
 *    (temporary-folders.ts): a damaged file refuses the import before anything is committed;
 * 2. the journal and its hosts are created (JournalsService: host names checked, hosts taken refused), and the
 *    temporary folder renamed to name the journal;
 * 3. every row is inserted through a handle scoped to the new journal, in ONE transaction, with new ids; should it
 *    fail, the journal and its hosts are deleted again and the temporary folder removed;
 * 4. the temporary folder is renamed into place as the journal's folder: one rename, so the files appear all at once.
 * The files come first so that a damaged one refuses the import before anything is committed, and their rename comes
 * last so that no journal's folder holds files of rows that were never committed. Only a crash can leave something:
 * between 2 and 3, a journal without rows holding the hosts (the server gives it default settings at its start);
 * between 3 and 4, the rows committed and the files complete in the temporary folder. The server's next start
 * clears a dead process's temporary folder, or moves it into place when it names a journal that exists (its files
 * are then removed again by the repair if the rows were not committed); a failed rename's error names both folders.
 *
 * The new journal has no members: users are the installation's and are not moved.
 */
export async function importJournal(
  installation: Installation,
  file: string,
  options: ImportOptions,
  report: (line: string) => void = () => {},
): Promise<ImportSummary> {
  if (!fs.existsSync(file)) throw new JournalMoveRefused(`There is no file at ${file}`);
  const zip = await ZipReader.open(file).catch((error: unknown) => {
    throw error instanceof ZipError
      ? new JournalMoveRefused(`${file} is not a journal export: ${error.message}`)
      : error;
  });
  try {
    const { manifest, files } = await readContents(zip, file);
    const handle = openDatabase(installation.database);
    try {
      await migrate(handle);
      return await importInto(handle, installation.dataDir, zip, manifest, files, options, report);
    } finally {
      await handle.db.destroy();
    }
  } finally {
    await zip.close();
  }
}

/** journal.json and the zip's entries of the files it lists; anything else in the zip refuses it. */
async function readContents(
  zip: ZipReader,
  file: string,
): Promise<{ manifest: JournalManifest; files: Map<string, ZipEntry> }> {
  const entry = zip.entry(MANIFEST_ENTRY);
  if (!entry) throw new JournalMoveRefused(`${file} is not a journal export: it has no ${MANIFEST_ENTRY}`);
  const text = await zip.read(entry, MAX_MANIFEST_BYTES).catch((error: unknown) => {
    throw error instanceof ZipError ? new JournalMoveRefused(`${file} is damaged: ${error.message}`) : error;
  });
  const manifest = parseManifest(text.toString('utf8'));
  refuseUnsafeFileNames(manifest.tables);
  const files = new Map<string, ZipEntry>();
  for (const zipped of zip.entries) {
    if (zipped.name === MANIFEST_ENTRY || zipped.name.endsWith('/')) continue;
    const relative = zipped.name.startsWith(FILES_PREFIX) ? zipped.name.slice(FILES_PREFIX.length) : null;
    if (relative === null || !isSafeFilePath(relative) || files.has(relative))
      throw new JournalMoveRefused(
        `${file} is not a journal export as this version writes it: it holds ${zipped.name}`,
      );
    files.set(relative, zipped);
  }
  const listed = new Set(manifest.files.map((stored) => stored.path));
  const unlisted = [...files.keys()].find((name) => !listed.has(name));
  const absent = manifest.files.find((stored) => !files.has(stored.path));
  if (unlisted || absent)
    throw new JournalMoveRefused(
      `${file} is damaged: ${absent ? `${FILES_PREFIX}${absent.path} is listed but missing` : `${FILES_PREFIX}${unlisted} is not listed`}`,
    );
  return { manifest, files };
}

async function importInto(
  handle: DatabaseHandle,
  dataDir: string,
  zip: ZipReader,
  manifest: JournalManifest,
  files: Map<string, ZipEntry>,
  options: ImportOptions,
  report: (line: string) => void,
): Promise<ImportSummary> {
  const db = handle.db;
  const anyDb: AnyDb = db;
  refuseNewerSchema(manifest.migration, await migrationNames(anyDb));
  const tables = checkTables(manifest, await listTables(anyDb, handle.engine));
  refuseBadText(manifest);
  const hosts = [...new Set(options.hosts.map(normalHost))];
  if (hosts.length === 0) throw new JournalMoveRefused('Give the new journal at least one host name (--host)');
  const taken = await hostOwner(db, hosts);
  if (taken) throw new JournalMoveRefused(`The host ${taken.host} already belongs to journal ${taken.journal_id}`);
  if (!options.clearDois)
    await refuseUsedDois(acrossJournals(anyDb), [
      ...(manifest.tables.articles ?? []),
      ...(manifest.tables.article_tombstones ?? []),
    ]);
  const name = options.name?.trim() || manifest.journal.name;
  const publicOrigin = options.origin ?? keptOrigin(manifest.journal.public_origin, hosts);

  // 1. The files, unpacked and checked before anything is committed.
  let staging = await makeTemporaryFolder('.journal-import-', dataDir);
  let keepStaging = false;
  try {
    let fileBytes = 0;
    for (const [relative, entry] of files) {
      await zip.extract(entry, path.join(staging, ...relative.split('/'))).catch((error: unknown) => {
        throw error instanceof ZipError ? new JournalMoveRefused(`The file is damaged: ${error.message}`) : error;
      });
      fileBytes += entry.size;
    }

    // 2. The journal and its hosts: the service checks the host names and refuses hosts taken meanwhile. The rows
    // below bring its settings and pages, so there is nothing to prepare, and no site to open in this process.
    const journals = new JournalsService(db, { prepare: async () => {}, opened: async () => {} });
    const journalId = await journals
      .create({ name, shortName: manifest.journal.short_name, publicOrigin, hosts: options.hosts })
      .catch((error: unknown) => {
        throw error instanceof HttpError ? new JournalMoveRefused(error.message) : error;
      });

    // 3. Every row, in one transaction; on failure the journal goes again, so nothing is left of the import.
    let loaded: Awaited<ReturnType<typeof insertRows>>;
    try {
      // From here on the rows may be saved: a start after a crash moves the files to the journal.
      staging = await nameJournalOfFolder(staging, journalId);
      loaded = await insertRows(db, journalId, manifest, tables, { name, clearDois: options.clearDois ?? false });
    } catch (error) {
      await removeJournal(db, journalId).catch(() => undefined);
      throw error;
    }

    // 4. The files into place, all at once.
    const target = journalFilesRoot(dataDir, journalId);
    try {
      await moveIntoPlace(staging, target);
    } catch (error) {
      keepStaging = true;
      throw new Error(
        `Journal ${journalId} is saved, but its files could not be moved from ${staging} to ${target} ` +
          `(${(error as Error).message}): move that folder there by hand`,
      );
    }

    // A running server that read the new journal while its rows were being written may keep what it saw: instances on
    // PostgreSQL hear that a script wrote and read every journal's public data again. SQLite has no such relay (as
    // for any script's write); hosts nobody used before are unlikely to be asked in that moment.
    if (handle.engine === 'postgres') await notifyInstances(db).catch(() => undefined);

    const summary: ImportSummary = {
      journalId,
      name,
      // As the service saved them: normalised, the primary first.
      hosts,
      publicOrigin: (
        await db.selectFrom('journals').select('public_origin').where('id', '=', journalId).executeTakeFirstOrThrow()
      ).public_origin,
      ...loaded,
      files: files.size,
      fileBytes,
    };
    reportSummary(summary, manifest, options, report);
    return summary;
  } finally {
    if (!keepStaging) await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/** A file from a schema with a migration this installation does not have comes from a newer version. */
function refuseNewerSchema(migration: string, known: string[]): void {
  if (known.includes(migration)) return;
  throw new JournalMoveRefused(
    `The file comes from a newer version of the website (its schema goes up to migration ${migration}; ` +
      `this installation's ends at ${known.at(-1) ?? 'none'}): upgrade this installation first`,
  );
}

/** Each exported table with this database's, after checking that every column the file names exists here. */
function checkTables(manifest: JournalManifest, here: TableInfo[]): Map<ExportedTable, TableInfo> {
  const byName = new Map(here.map((table) => [table.name, table]));
  const known = new Set<string>(EXPORTED_TABLES);
  const unknown = Object.keys(manifest.tables).find((name) => !known.has(name));
  if (unknown)
    throw new JournalMoveRefused(`The file holds rows of table ${unknown}, which this version does not import`);
  const tables = new Map<ExportedTable, TableInfo>();
  for (const name of EXPORTED_TABLES) {
    const table = byName.get(name);
    if (!table) throw new Error(`The database has no table ${name}`);
    tables.set(name, table);
    const rows = manifest.tables[name] ?? [];
    const columns = new Set(rows.flatMap((row) => Object.keys(row)));
    const missing = [...columns].filter((column) => column === 'journal_id' || !table.columns.includes(column));
    if (missing.length)
      throw new JournalMoveRefused(
        `The file's table ${name} does not fit this database (columns: ${missing.join(', ')})`,
      );
    if (hasId(table)) {
      const ids = rows.map((row) => row.id);
      if (!ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0) || new Set(ids).size !== ids.length)
        throw new JournalMoveRefused(`${MANIFEST_ENTRY} is damaged: table ${name} has rows without a distinct id`);
    }
  }
  if ((manifest.tables.settings ?? []).length > 1)
    throw new JournalMoveRefused(`${MANIFEST_ENTRY} is damaged: a journal has one settings row`);
  const integer = (value: unknown) => Number.isSafeInteger(value);
  if (!(manifest.tables.issue_moves ?? []).every((row) => integer(row.issue_id)))
    throw new JournalMoveRefused(`${MANIFEST_ENTRY} is damaged: an issue move names no issue`);
  if (!(manifest.tables.article_authors ?? []).every((row) => integer(row.article_id)))
    throw new JournalMoveRefused(`${MANIFEST_ENTRY} is damaged: an author names no article`);
  if (!(manifest.tables.author_renames ?? []).every((row) => integer(row.article_id)))
    throw new JournalMoveRefused(`${MANIFEST_ENTRY} is damaged: an author's former name names no article`);
  if (!(manifest.tables.usage_events ?? []).every((row) => integer(row.article_id)))
    throw new JournalMoveRefused(`${MANIFEST_ENTRY} is damaged: a usage count names no article`);
  if (!(manifest.tables.activity_log ?? []).every((row) => row.object_id == null || integer(row.object_id)))
    throw new JournalMoveRefused(`${MANIFEST_ENTRY} is damaged: an activity entry names no valid object`);
  return tables;
}

/**
 * The rule every text of a journal keeps (text-characters.ts: no NUL, no lone surrogate), whatever stored it: an
 * installation on SQLite may hold a title an older import let in, which PostgreSQL cannot store at all. Refused
 * before anything is written, naming the row and the column to put right in the installation the file comes from.
 */
function refuseBadText(manifest: JournalManifest): void {
  const [found] = textProblems({ journal: manifest.journal, tables: manifest.tables });
  if (!found) return;
  const { path: where, message } = found;
  throw new JournalMoveRefused(
    `${MANIFEST_ENTRY}: ${placeOf(manifest, where)}: ${message}. ` +
      'Correct it in the installation the file comes from and export again.',
  );
}

/** Where a value of journal.json is, for people: "the journal's name", "table articles, row 12 (refnumber 7), doi". */
function placeOf(manifest: JournalManifest, [part, ...rest]: string[]): string {
  if (part === 'journal') return `the journal's ${rest.join('.')}`;
  const [table = '', index = '', column = ''] = rest;
  const row = manifest.tables[table]?.[Number(index)];
  const refnumber = row?.refnumber ? ` (refnumber ${String(row.refnumber)})` : '';
  return `table ${table}, row ${String(row?.id ?? Number(index) + 1)}${refnumber}, ${column}`;
}

/** Tables whose rows get a new id from the database (settings take the journal's id instead). */
const hasId = (table: TableInfo) =>
  table.name !== 'settings' && table.primaryKey.filter((column) => column !== 'journal_id').join() === 'id';

/**
 * A DOI names one article in the whole installation, and a deleted article's stays taken (decision 099): the import is
 * refused when any of the file's is used here.
 */
async function refuseUsedDois(db: AnyDb, articles: Row[]): Promise<void> {
  const dois = [...new Set(articles.map((row) => row.doi).filter((doi): doi is string => typeof doi === 'string'))];
  const wanted = dois.filter((doi) => doi !== '');
  for (let at = 0; at < wanted.length; at += DOI_BATCH) {
    // Every journal's articles: this handle reaches them all, and the table's type leaves journal_id out.
    const batch = wanted.slice(at, at + DOI_BATCH);
    const used: { doi: string; journal_id: number }[] = await db
      .selectFrom('articles')
      .select(['doi', 'journal_id'])
      .where('doi', 'in', batch)
      .unionAll(db.selectFrom('article_tombstones').select(['doi', 'journal_id']).where('doi', 'in', batch))
      .execute();
    if (used.length) {
      const first = used[0]!;
      throw new JournalMoveRefused(
        `${used.length}${used.length === DOI_BATCH ? '+' : ''} of the file's DOIs are used here already ` +
          `(e.g. ${first.doi}, by journal ${first.journal_id}); a DOI names one article: import a copy with --clear-dois`,
      );
    }
  }
}

/** The exported public address is kept when it names one of the new hosts; elsewhere it would send links away. */
function keptOrigin(exported: string, hosts: string[]): string {
  if (!exported || !URL.canParse(exported)) return '';
  return hosts.includes(normalHost(new URL(exported).host)) ? exported : '';
}

/** The rows, through the new journal's scoped handle in one transaction, new ids given and references remapped. */
async function insertRows(
  db: InstallationDb,
  journalId: number,
  manifest: JournalManifest,
  tables: Map<ExportedTable, TableInfo>,
  options: { name: string; clearDois: boolean },
): Promise<Pick<ImportSummary, 'tables' | 'skipped'>> {
  // Old id -> new id, per table, filled as each table is inserted (issues before issue moves and activity).
  const newIds = new Map<ExportedTable, Map<number, number>>();
  const counts: ImportSummary['tables'] = [];
  const skipped: ImportSummary['skipped'] = [];
  const scoped: AnyDb = scopedDb(db, journalId);
  await scoped.transaction().execute(async (trx) => {
    for (const name of EXPORTED_TABLES) {
      const table = tables.get(name)!;
      const rows: Row[] = [];
      let left = 0;
      for (const exported of manifest.tables[name] ?? []) {
        const row = remapped(name, exported, journalId, newIds, options.clearDois);
        if (row) rows.push(row);
        else left += 1;
      }
      newIds.set(name, await insertTable(trx, table, rows));
      counts.push({ name, rows: rows.length });
      if (left) skipped.push({ name, rows: left });
    }
    // A journal exported without settings (never opened) gets the defaults named after it, as a new journal does.
    if ((manifest.tables.settings ?? []).length === 0) {
      await saveSettings(trx, {
        ...DEFAULT_SETTINGS,
        websitename: options.name,
        formatted_journal_name: options.name,
        updated_at: new Date().toISOString(),
      });
    }
  });
  return { tables: counts, skipped };
}

/** One exported row as it is inserted here, or null when it is left out. */
function remapped(
  table: ExportedTable,
  exported: Row,
  journalId: number,
  newIds: Map<ExportedTable, Map<number, number>>,
  clearDois: boolean,
): Row | null {
  const row = { ...exported };
  switch (table) {
    case 'settings':
      // One settings row per journal, its id the journal's (migration 012).
      row.id = journalId;
      break;
    case 'articles':
      if (clearDois) row.doi = '';
      break;
    case 'article_tombstones':
      if (clearDois) row.doi = '';
      if (row.article_id != null) row.article_id = movedArticleId(row.article_id as number, newIds);
      break;
    case 'usage_events':
      row.article_id = movedArticleId(row.article_id as number, newIds);
      break;
    case 'article_authors':
    case 'author_renames': {
      const articleId = newIds.get('articles')?.get(row.article_id as number);
      if (articleId === undefined) return null;
      row.article_id = articleId;
      break;
    }
    case 'issue_moves': {
      // The address an issue had answers 301 to the issue; without the issue there is nowhere to send it.
      const issueId = newIds.get('issues')?.get(row.issue_id as number);
      if (issueId === undefined) return null;
      row.issue_id = issueId;
      break;
    }
    case 'activity_log': {
      const objects = ACTIVITY_OBJECTS[String(row.object_type)];
      row.object_id = (objects && row.object_id != null && newIds.get(objects)?.get(row.object_id as number)) || null;
      // Users are not moved, and `user_id` names a user of the exporting installation; here the same number could
      // be anyone. The column is NOT NULL and has no foreign key (migration 008), and the log is read and filtered by
      // `username` (kept), never joined to users by id; 0 is an id no user has (ids start at 1), so the entry
      // keeps who did it by name and names no user of this installation.
      row.user_id = 0;
      break;
    }
    default:
      break;
  }
  return row;
}

/**
 * The id here of an article the file names: the new one of a moved article. A deleted article is named only by its
 * notice and its usage, which must keep naming the same article: it gets the negative of its old id, which no article
 * can ever have here (ids count up from 1), so it meets no article's and stays distinct from the journal's others.
 */
function movedArticleId(oldId: number, newIds: Map<ExportedTable, Map<number, number>>): number {
  return newIds.get('articles')?.get(oldId) ?? -oldId;
}

/**
 * Inserts the rows in their exported order. A table with an id lets the database give them (a PostgreSQL sequence,
 * SQLite's AUTOINCREMENT): the ids are left out, and each batch's `returning id` is matched with its rows in
 * insertion order. The ids a database gives one multi-row insert rise in the order of its rows, so the returned ids,
 * sorted, are that order whatever order RETURNING lists them in. Resolves to old id -> new id.
 */
async function insertTable(trx: AnyDb, table: TableInfo, rows: Row[]): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  if (rows.length === 0) return ids;
  const withId = hasId(table);
  const width = Math.max(1, ...rows.map((row) => Object.keys(row).length));
  const batchSize = Math.max(1, Math.floor(MAX_BOUND_VALUES / width));
  for (let at = 0; at < rows.length; at += batchSize) {
    const batch = rows.slice(at, at + batchSize);
    if (!withId) {
      await trx.insertInto(table.name).values(batch).execute();
      continue;
    }
    const values = batch.map(({ id: _id, ...row }) => row);
    const returned = await trx.insertInto(table.name).values(values).returning('id').execute();
    const given = returned.map((row) => Number((row as { id: unknown }).id)).sort((a, b) => a - b);
    if (given.length !== batch.length) throw new Error(`Inserting ${table.name} returned ${given.length} ids`);
    batch.forEach((row, i) => ids.set(row.id as number, given[i]!));
  }
  return ids;
}

/** Undoes step 2 after step 3 failed: the journal has no rows, since their transaction rolled back. */
async function removeJournal(db: InstallationDb, journalId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('journal_hosts').where('journal_id', '=', journalId).execute();
    await trx.deleteFrom('journals').where('id', '=', journalId).execute();
  });
}

function reportSummary(
  summary: ImportSummary,
  manifest: JournalManifest,
  options: ImportOptions,
  report: (line: string) => void,
): void {
  report(`Imported "${summary.name}" (exported ${manifest.exportedAt}) as journal ${summary.journalId}`);
  report(`hosts: ${summary.hosts.join(', ')} (primary ${summary.hosts[0]})`);
  if (summary.publicOrigin) report(`public address: ${summary.publicOrigin}`);
  else
    report(
      `public address: none, links use each request's host` +
        (manifest.journal.public_origin && options.origin === undefined
          ? ` (the export had ${manifest.journal.public_origin}, at none of these hosts; set one with --origin)`
          : ''),
    );
  for (const { name, rows } of summary.tables) report(`  ${name}: ${rows} rows`);
  for (const { name, rows } of summary.skipped)
    report(`  ${name}: ${rows} rows left out (they name an issue the file does not hold)`);
  if (options.clearDois) report('  articles imported without their DOIs (--clear-dois)');
  report(`files: ${summary.files} (${summary.fileBytes} bytes)`);
  report(
    'The journal has no members: users are not moved. A publisher admin signs in at ' +
      `${summary.publicOrigin || `its host ${summary.hosts[0]}`} and adds its users under Users.`,
  );
}
