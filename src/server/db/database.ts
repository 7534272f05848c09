import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type Compilable,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
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

/**
 * Receives what goes wrong on an idle PostgreSQL connection (the server restarted, an administrator
 * ended the session): the pool drops that connection and opens another when next asked.
 */
export type ConnectionErrorListener = (error: Error) => void;

/** `onConnectionError` is for logging; the process goes on either way. */
export function openDatabase(
  options: DatabaseOptions,
  onConnectionError: ConnectionErrorListener = () => {},
): DatabaseHandle {
  if (options.url) {
    const db = openPostgres(options.url, options.pgSchema, options.readOnly ? 4 : 10, onConnectionError);
    return { db, engine: 'postgres' };
  }
  const file = options.sqliteFile ?? ':memory:';
  return { db: options.readOnly ? openSqliteReader(file) : openSqlite(file), engine: 'sqlite' };
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  return sqliteKysely(sqlite, (config) => new SqliteWriterDialect(config));
}

/** A reader of a database the server has already opened (and so created and switched to WAL). */
function openSqliteReader(file: string): Db {
  return sqliteKysely(new SQLite(file, { readonly: true, fileMustExist: true }));
}

/** How long a statement waits for another connection (a worker process, a script) to release the database. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

function sqliteKysely(
  sqlite: SQLite.Database,
  dialect = (config: SqliteDialectConfig) => new SqliteDialect(config),
): Db {
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  return new Kysely<Database>({ dialect: dialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Transactions take the write lock when they begin. A deferred transaction that has read cannot wait for
 * the lock when it comes to write (SQLite answers SQLITE_BUSY at once, as waiting could deadlock), so
 * another process writing at that moment would fail it; taking the lock first waits up to the busy timeout.
 */
class SqliteWriterDialect extends SqliteDialect {
  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }

  override createDriver(): Driver {
    return new SqliteWriterDriver(this.config);
  }
}

class SqliteWriterDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
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

/** Bounds on waiting for PostgreSQL, so that a request meets an unreachable database as a prompt 503. */
const PG_CONNECT_TIMEOUT_MS = 3000;
const PG_STATEMENT_TIMEOUT_MS = 30_000;

function openPostgres(
  url: string,
  schema: string | undefined,
  max: number,
  onConnectionError: ConnectionErrorListener,
): Db {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Also how long a request waits for a free connection when all are busy.
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    statement_timeout: PG_STATEMENT_TIMEOUT_MS,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // Without a listener, an idle connection's error would be thrown and end the process.
  pool.on('error', onConnectionError);
  // A connection lent out (e.g. inside a transaction, between two statements) reports its loss on itself,
  // and unheard that would end the process too; the statement that meets the loss fails and is answered 503.
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

interface Prepared<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter of the compiled query, the argument it takes, or -1 for a value fixed in the shape. */
  argumentOf: number[];
}

/**
 * A query whose shape never changes (only its values do), built and compiled once per database handle
 * and then run with each call's arguments. Building and compiling with Kysely costs about as much as
 * running a small query on SQLite, and the public pages run a few such queries on every render.
 *
 * `build` receives stand-ins for the arguments; each must end up as a bound value of the query.
 */
export function preparedQuery<Args extends unknown[], Row>(build: (db: Executor, ...args: Args) => Compilable<Row>) {
  const compiled = new WeakMap<Executor, Prepared<Row>>();

  function prepare(db: Executor, arity: number): Prepared<Row> {
    const standIns = Array.from({ length: arity }, (_, i) => Symbol(`argument ${i}`));
    const query = build(db, ...(standIns as unknown as Args)).compile();
    const argumentOf = query.parameters.map((value) => standIns.indexOf(value as symbol));
    if (standIns.some((_, i) => !argumentOf.includes(i)))
      throw new Error(`An argument is not a bound value of: ${query.sql}`);
    return { query, argumentOf };
  }

  return async (db: Executor, ...args: Args): Promise<Row[]> => {
    let prepared = compiled.get(db);
    if (!prepared) {
      prepared = prepare(db, args.length);
      compiled.set(db, prepared);
    }
    const { query, argumentOf } = prepared;
    const parameters = query.parameters.map((value, i) => (argumentOf[i]! >= 0 ? args[argumentOf[i]!] : value));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
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
