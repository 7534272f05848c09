import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** Either the database or a transaction: repositories accept both. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
}

export interface DatabaseOptions {
  /** A postgres:// URL; unset selects SQLite. */
  url?: string;
  /** SQLite file path, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to put first on the search path (must exist); tests use one each. */
  pgSchema?: string;
  /** A connection that only reads (render threads): SQLite opens the file read-only, PostgreSQL keeps a smaller pool. */
  readOnly?: boolean;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url) return { db: openPostgres(options.url, options.pgSchema, options.readOnly ? 4 : 10), engine: 'postgres' };
  const file = options.sqliteFile ?? ':memory:';
  return { db: options.readOnly ? openSqliteReader(file) : openSqlite(file), engine: 'sqlite' };
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  return sqliteKysely(sqlite);
}

/** A reader of a database the server has already opened (and so created and switched to WAL). */
function openSqliteReader(file: string): Db {
  return sqliteKysely(new SQLite(file, { readonly: true, fileMustExist: true }));
}

function sqliteKysely(sqlite: SQLite.Database): Db {
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** Distinct SQL texts are few (queries are built from fixed shapes), so the cache stays small. */
const MAX_CACHED_STATEMENTS = 500;

/**
 * Kysely prepares every query afresh, and preparing costs as much as running a small one; a prepared
 * statement can be reused as long as it is not mid-iteration, and nothing here streams rows.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

function openPostgres(url: string, schema: string | undefined, max: number): Db {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** SQLite and PostgreSQL report unique-constraint violations differently; this reads both. */
export function uniqueViolation(error: unknown): string | null {
  const err = error as { code?: string; constraint?: string; message?: string };
  if (err?.code === '23505') return err.constraint ?? 'unique';
  if (err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || err?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return err.message ?? 'unique';
  }
  return null;
}
