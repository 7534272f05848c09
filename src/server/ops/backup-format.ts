import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { DatabaseOptions } from '../db/database.js';

/**
 * A backup is one .tar.gz (decision 012):
 *   manifest.json           what follows, and the migrations the database had
 *   database/<table>.jsonl  one JSON array of column values per row, in the manifest's column order
 *   files/…                 DATA_DIR/files
 *   jwt-secret              DATA_DIR/jwt-secret, when the server generated one
 * The same layout serves SQLite and PostgreSQL, so a backup restores on either engine.
 */
export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_DIR = 'database';
export const FILES_DIR = 'files';
export const JWT_SECRET_FILE = 'jwt-secret';
/** The SQLite file inside DATA_DIR, as the server opens it (bootstrap.ts). */
export const SQLITE_FILE = 'journal.sqlite';

export const tableEntry = (table: string) => `${DATABASE_DIR}/${table}.jsonl`;

const FORMAT = 'journal-backup';
const FORMAT_VERSION = 1;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  migrations: z.array(z.string()),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
      columns: z.array(z.string()).min(1),
      rows: z.number().int().min(0),
      lastId: z.number().int().min(0).optional(),
    }),
  ),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type TableManifest = BackupManifest['tables'][number];

export function newManifest(fields: Omit<BackupManifest, 'format' | 'version'>): BackupManifest {
  return { format: FORMAT, version: FORMAT_VERSION, ...fields };
}

export function parseManifest(text: string): BackupManifest {
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`Not a backup of this website (${MANIFEST_ENTRY}: ${parsed.error.issues[0]?.message})`);
  return parsed.data;
}

/** Where the database and files are: DATA_DIR and DATABASE_URL, read as the server reads them. */
export interface Target {
  dataDir: string;
  database: DatabaseOptions;
}

export function targetOf(config: Config): Target {
  return {
    dataDir: config.DATA_DIR,
    database: { url: config.DATABASE_URL, sqliteFile: path.join(config.DATA_DIR, SQLITE_FILE) },
  };
}
