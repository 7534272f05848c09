import { z } from 'zod';
import type { DatabaseOptions } from '../db/database.js';
import type { JournalTable } from '../db/table-owners.js';

/**
 * One journal moved to another installation (`npm run export-journal` / `npm run import-journal`) is one zip:
 *   journal.json   what follows: the format, the exporting schema's last migration, the journal's record (without
 *                  its id) and the rows of each journal-owned table (without `journal_id`), and the list of files
 *   files/…        the journal's folder, DATA_DIR/files/{journal id}/
 * Ids are the exporting installation's; the import gives every row a new one and remaps the references between
 * them. Users and memberships are the installation's, and so is the work-log: none of them is in the file.
 */
export const MANIFEST_ENTRY = 'journal.json';
export const FILES_PREFIX = 'files/';

const FORMAT = 'journal-export';
export const FORMAT_VERSION = 1;

/**
 * The journal-owned tables a file carries, in the order the import writes them (issues before the articles whose
 * foreign key names them, and before the rows that name an issue's or an article's id). Usage statistics and COUNTER
 * API keys move too: the moved journal's reports are the original's, and a customer's key keeps working (only its
 * hash is stored, and moves as it is). Memberships name users, who are not moved; pending file moves are a write in
 * flight, and an export with any is refused.
 */
export const EXPORTED_TABLES = [
  'settings',
  'editors',
  'indexing',
  'issues',
  'articles',
  'article_authors',
  'author_renames',
  'article_tombstones',
  'issue_moves',
  'activity_log',
  'content_pages',
  'site_pictures',
  'usage_events',
  'usage_searches',
  'counter_api_keys',
] as const satisfies readonly JournalTable[];
export type ExportedTable = (typeof EXPORTED_TABLES)[number];

/** A column's value as JSON carries it: every column of these tables is text or an integer. */
const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type Row = Record<string, z.infer<typeof value>>;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.number().int(),
  exportedAt: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  /** The last migration of the exporting installation's schema. */
  migration: z.string().min(1),
  journal: z.object({
    name: z.string(),
    short_name: z.string(),
    public_origin: z.string(),
    created_at: z.string(),
  }),
  tables: z.record(z.string(), z.array(z.record(z.string(), value))),
  /** Paths under files/ ('/'-separated) and their sizes. */
  files: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0) })),
});

export type JournalManifest = z.infer<typeof manifestSchema>;

export function newManifest(fields: Omit<JournalManifest, 'format' | 'version'>): JournalManifest {
  return { format: FORMAT, version: FORMAT_VERSION, ...fields };
}

/** A check that failed before anything was written: the message says why (the scripts exit with code 2). */
export class JournalMoveRefused extends Error {}

/** Reads journal.json; refuses anything that is not this format, or a version this one does not read. */
export function parseManifest(text: string): JournalManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new JournalMoveRefused(`${MANIFEST_ENTRY} is not JSON: the file is not a journal export`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (format !== FORMAT)
    throw new JournalMoveRefused(
      `${MANIFEST_ENTRY} is of format ${JSON.stringify(format ?? null)}, not "${FORMAT}": the file is not a journal export`,
    );
  const version = (json as { version?: unknown }).version;
  if (version !== FORMAT_VERSION)
    throw new JournalMoveRefused(
      `The file is a journal export of format version ${JSON.stringify(version ?? null)}; this installation reads version ${FORMAT_VERSION}`,
    );
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new JournalMoveRefused(
      `${MANIFEST_ENTRY} is damaged (${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'invalid'})`,
    );
  }
  return parsed.data;
}

/** A path under files/ as the export writes it: relative, '/'-separated, with no empty, '.' or '..' part. */
export function isSafeFilePath(name: string): boolean {
  if (!name || name.length > 1024 || name.includes('\\') || name.includes('\0')) return false;
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * The columns that hold the name of a stored file, by table, as file-references.repository.ts reads them: each names
 * one file in a folder of the journal's (an article's archives/{year}/vol{volume}issue{issue}/, editors/, indexing/,
 * site/).
 */
const FILE_NAME_COLUMNS = { articles: 'file', editors: 'picture', indexing: 'image', site_pictures: 'file' } as const;
/** The numbers that name an article's folder. */
const ARTICLE_FOLDER_COLUMNS = ['year', 'volume', 'issue'] as const;

/**
 * Refuses rows that would name a file outside the journal's folder: a file name that is not a path of one part by
 * the rule of isSafeFilePath (no '/', so no absolute path; no backslash, NUL, '.' or '..'), or an article whose folder
 * numbers are not whole numbers. A null or empty name is a row without a file.
 */
export function refuseUnsafeFileNames(tables: JournalManifest['tables']): void {
  for (const [table, column] of Object.entries(FILE_NAME_COLUMNS)) {
    for (const row of tables[table] ?? []) {
      if (!isFileNameOrNone(row[column]))
        throw new JournalMoveRefused(
          `${MANIFEST_ENTRY}: ${placeOf(table, row, column)}: ${JSON.stringify(row[column])} names a file outside ` +
            `the journal's folder: a file name is one name, without "/", "\\", NUL, "." or ".."`,
        );
      const folder = table === 'articles' && ARTICLE_FOLDER_COLUMNS.find((key) => !isWholeNumber(row[key]));
      if (folder)
        throw new JournalMoveRefused(
          `${MANIFEST_ENTRY}: ${placeOf(table, row, folder)}: ${JSON.stringify(row[folder] ?? null)} names the ` +
            `folder of the article's file and is not a whole number`,
        );
    }
  }
}

/** "table articles, row 12 (refnumber 7), file"; a site picture's row by its kind. */
function placeOf(table: string, row: Row, column: string): string {
  const refnumber = row.refnumber ? ` (refnumber ${String(row.refnumber)})` : '';
  return `table ${table}, row ${String(row.id ?? row.kind)}${refnumber}, ${column}`;
}

const isFileNameOrNone = (name: Row[string] | undefined) =>
  name == null || name === '' || (typeof name === 'string' && !name.includes('/') && isSafeFilePath(name));

const isWholeNumber = (value: Row[string] | undefined) => Number.isSafeInteger(value) && (value as number) >= 0;

/** Where the database and files are: DATA_DIR and the database the configuration names. */
export interface Installation {
  dataDir: string;
  database: DatabaseOptions;
}
