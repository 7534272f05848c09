import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type Compilable,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type QueryExecutor,
  sql,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { InstallationScope } from './installation-scope.js';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

/*
 * Two kinds of handle, told apart by a brand on the schema that exists only in the types (decision 122): a journal's
 * (scopedDb) and the installation's (openDatabase). Kysely's handles are invariant in their schema, so one kind is
 * never accepted where the other is asked for, and a transaction keeps the kind of the handle it was begun on.
 */
declare const journalBrand: unique symbol;
declare const installationBrand: unique symbol;
/** The schema as a journal's handle sees it: queries on journal tables are confined to that journal. */
export type JournalSchema = Database & { readonly [journalBrand]: true };
/** The schema as the installation's handle sees it: queries on journal tables are refused. */
export type InstallationSchema = Database & { readonly [installationBrand]: true };

/** One journal's handle: what every per-journal repository and service takes. */
export type JournalDb = Kysely<JournalSchema>;
export type JournalTransaction = Transaction<JournalSchema>;
/** A journal's handle or a transaction begun on it: repositories accept both. */
export type JournalExecutor = JournalDb | JournalTransaction;

/** The installation's handle: journals, hosts, accounts, the work-log, shared limits, operations. */
export type InstallationDb = Kysely<InstallationSchema>;
export type InstallationTransaction = Transaction<InstallationSchema>;
export type InstallationExecutor = InstallationDb | InstallationTransaction;

/** Any handle or transaction of either kind, for what does not read the schema (engine, connection). */
export type AnyExecutor = { getExecutor(): QueryExecutor };

/** Whether a handle or transaction is on PostgreSQL, for the few statements the engines spell differently. */
export const isPostgres = (db: AnyExecutor): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export interface DatabaseHandle {
  db: InstallationDb;
  engine: Engine;
}

/** A handle whose scope was removed (acrossJournals): migrations and whole-database tests write every journal's rows. */
export interface AcrossJournalsHandle {
  db: Kysely<Database>;
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
  /** PostgreSQL: connections of the pool (DATABASE_POOL_SIZE); a read-only pool keeps READ_ONLY_POOL_SIZE at most. */
  poolSize?: number;
  /**
   * PostgreSQL: how long the client waits for the answer to one statement (DATABASE_QUERY_TIMEOUT_MS) before it
   * fails it and closes its connection.
   */
  queryTimeoutMs?: number;
}

/** Connections of a PostgreSQL pool when the options name none (scripts); the server's come from its configuration. */
export const DEFAULT_POOL_SIZE = 10;
/** A render thread's pool: it renders a few pages at a time. */
const READ_ONLY_POOL_SIZE = 4;
/**
 * How long the client waits for a statement's answer: a little above PostgreSQL's statement_timeout, so that a
 * slow statement is ended by the server (its connection stays usable) and only a statement the server never
 * received, or whose answer never came back (a network that drops everything), meets the client's deadline.
 */
export const DEFAULT_QUERY_TIMEOUT_MS = 35_000;

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
    const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
    const db = openPostgres(
      options.url,
      options.pgSchema,
      options.readOnly ? Math.min(READ_ONLY_POOL_SIZE, poolSize) : poolSize,
      options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
      onConnectionError,
    );
    return { db, engine: 'postgres' };
  }
  const file = options.sqliteFile ?? ':memory:';
  return { db: options.readOnly ? openSqliteReader(file) : openSqlite(file), engine: 'sqlite' };
}

function openSqlite(file: string): InstallationDb {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  return sqliteKysely(sqlite, (config) => new SqliteWriterDialect(config, sqlite));
}

/** A reader of a database the server has already opened (and so created and switched to WAL). */
function openSqliteReader(file: string): InstallationDb {
  return sqliteKysely(new SQLite(file, { readonly: true, fileMustExist: true }));
}

/** How long a statement waits for another connection (a worker process, a script) to release the database. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

function sqliteKysely(
  sqlite: SQLite.Database,
  dialect = (config: SqliteDialectConfig) => new SqliteDialect(config),
): InstallationDb {
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  return new Kysely<InstallationSchema>({
    dialect: dialect({ database: withStatementCache(sqlite) }),
    plugins: [new InstallationScope()],
  });
}

/**
 * Transactions take the write lock when they begin. A deferred transaction that has read cannot wait for
 * the lock when it comes to write (SQLite answers SQLITE_BUSY at once, as waiting could deadlock), so
 * another process writing at that moment would fail it; taking the lock first waits up to the busy timeout.
 */
class SqliteWriterDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly sqlite: SQLite.Database,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new SqliteWriterDriver(this.config, this.sqlite);
  }
}

class SqliteWriterDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly sqlite: SQLite.Database,
  ) {
    super(config);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * A write that fails for lack of space (SQLITE_FULL) or memory may make SQLite roll the whole transaction
   * back itself; a ROLLBACK then fails with "no transaction is active", and that error would take the place of
   * the one that says why (decision 091).
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
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
/** An idle connection is probed by TCP keepalive after this long, and stays open through NAT and firewalls. */
const PG_KEEPALIVE_DELAY_MS = 10_000;
/** How long asking whether the database answers (/healthz, a full pool) may take, connecting included. */
export const PROBE_TIMEOUT_MS = 2000;
/** A database that answered the probe this recently is taken to answer still (a burst of full-pool waits asks once). */
const PROBE_FRESH_MS = 1000;

/** The code of the error a request gets when it waited too long for a pool connection while the database answers. */
export const DATABASE_BUSY = 'DATABASE_BUSY';

/** Every connection of the pool stayed in use for the whole wait, and the database itself answers: more load than connections. */
export class DatabaseBusyError extends Error {
  readonly code = DATABASE_BUSY;

  constructor(waitedMs: number) {
    super(`No database connection became free within ${waitedMs} ms; the database answers, so the pool is busy`);
  }
}

/** pg-pool's error when a request waited connectionTimeoutMillis for a connection of a full pool. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';
/** pg's error when a statement met query_timeout: its connection still waits for the answer and cannot be used again. */
const QUERY_DEADLINE = 'Query read timeout';

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** What the pg clients of a pool share: where, and how long anything may take. */
function clientSettings(url: string, queryTimeoutMs: number): pg.PoolConfig {
  return {
    connectionString: url,
    // Also how long a request waits for a free connection when all are busy.
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    // The server ends a slow statement itself, at the latest when the client gives up on it.
    statement_timeout: Math.min(PG_STATEMENT_TIMEOUT_MS, queryTimeoutMs),
    // The client's own deadline: a statement lost on the way, or whose answer is, fails instead of waiting forever.
    query_timeout: queryTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: PG_KEEPALIVE_DELAY_MS,
  };
}

/** Without a listener, an error on a connection (idle, or lent out between two statements) would end the process. */
function listenForConnectionErrors(pool: pg.Pool, onConnectionError: ConnectionErrorListener): void {
  pool.on('error', onConnectionError);
  // A connection lent out reports its loss on itself; the statement that meets the loss fails and is answered 503.
  pool.on('connect', (client) => client.on('error', () => {}));
}

/**
 * Asks the database `select 1` on a connection of its own, outside the pool: the answer says whether PostgreSQL
 * answers, not whether a pool connection is free. Questions asked while one is under way share its answer. The
 * connection is opened when first needed (a render thread may never need it) and closed after a minute unused.
 */
class DatabaseProbe {
  private pool: pg.Pool | null = null;
  private asking: Promise<void> | null = null;
  private answeredAt = -Infinity;
  private ended = false;

  constructor(
    private readonly url: string,
    private readonly onConnectionError: ConnectionErrorListener,
  ) {}

  /** Resolves when the database answered within `timeoutMs`; rejects otherwise. */
  ask(timeoutMs = PROBE_TIMEOUT_MS): Promise<void> {
    if (this.ended) return Promise.reject(new Error('The database has been closed'));
    if (!this.asking) {
      const asking = this.connection()
        .query('select 1')
        .then(() => {
          this.answeredAt = performance.now();
        });
      this.asking = asking;
      asking
        .finally(() => {
          if (this.asking === asking) this.asking = null;
        })
        .catch(() => {});
    }
    return withinTime(this.asking, timeoutMs);
  }

  /** Whether the database answers: at once when it answered a moment ago. */
  async answers(): Promise<boolean> {
    if (performance.now() - this.answeredAt < PROBE_FRESH_MS) return true;
    return this.ask().then(
      () => true,
      () => false,
    );
  }

  async end(): Promise<void> {
    this.ended = true;
    await this.pool?.end();
  }

  private connection(): pg.Pool {
    if (!this.pool) {
      this.pool = new pg.Pool({
        ...clientSettings(this.url, PROBE_TIMEOUT_MS),
        max: 1,
        connectionTimeoutMillis: PROBE_TIMEOUT_MS,
        idleTimeoutMillis: 60_000,
      });
      listenForConnectionErrors(this.pool, this.onConnectionError);
    }
    return this.pool;
  }
}

/** The probe of each PostgreSQL database handle, for pingDatabase. */
const probes = new WeakMap<InstallationDb, DatabaseProbe>();

/**
 * Resolves when the database answers `select 1` within `timeoutMs`, and rejects otherwise. On PostgreSQL it asks
 * on a connection of its own, so that a pool whose every connection is busy does not make a healthy database
 * look dead (decision 090).
 */
export function pingDatabase(db: InstallationDb, timeoutMs: number): Promise<void> {
  const probe = probes.get(db);
  if (probe) return probe.ask(Math.min(timeoutMs, PROBE_TIMEOUT_MS));
  return withinTime(
    sql`select 1`.execute(db).then(() => undefined),
    timeoutMs,
  );
}

/**
 * A pool client as Kysely sees it. A statement that missed its deadline leaves its connection waiting for an
 * answer that may never come (pg keeps the statement active): the connection is closed at once, later statements
 * on it (a transaction's rollback) fail at once, and on release it leaves the pool, which opens a fresh one.
 */
class DeadlineClient implements PostgresPoolClient {
  private missed: Error | null = null;

  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query(...args: unknown[]): unknown {
    if (this.missed)
      return Promise.reject(new Error(`${QUERY_DEADLINE} on this connection before`, { cause: this.missed }));
    const result = (this.client.query as (...args: unknown[]) => unknown)(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (error instanceof Error && error.message === QUERY_DEADLINE) {
        this.missed = error;
        // With a statement active, ending destroys the socket rather than waiting to say goodbye.
        void this.client.end().catch(() => {});
      }
      throw error;
    });
  }

  release(): void {
    const missed = this.missed;
    this.missed = null;
    // With an error, the pool removes the connection instead of lending it again.
    this.client.release(missed ?? undefined);
  }
}

/**
 * The pool as Kysely uses it: a connection that missed a deadline is retired (DeadlineClient), and a wait for a
 * free connection that ran out is told apart from a database that does not answer by asking the probe.
 */
function kyselyPool(pool: pg.Pool, probe: DatabaseProbe): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, DeadlineClient>();
  return {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        if (error instanceof Error && error.message === POOL_WAIT_TIMEOUT && (await probe.answers()))
          throw new DatabaseBusyError(PG_CONNECT_TIMEOUT_MS);
        throw error;
      }
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = new DeadlineClient(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    async end() {
      await Promise.all([pool.end(), probe.end()]);
    },
  };
}

function openPostgres(
  url: string,
  schema: string | undefined,
  max: number,
  queryTimeoutMs: number,
  onConnectionError: ConnectionErrorListener,
): InstallationDb {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  const pool = new pg.Pool({
    ...clientSettings(url, queryTimeoutMs),
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  listenForConnectionErrors(pool, onConnectionError);
  const probe = new DatabaseProbe(url, onConnectionError);
  const db = new Kysely<InstallationSchema>({
    dialect: new PostgresDialect({ pool: kyselyPool(pool, probe) }),
    plugins: [new InstallationScope()],
  });
  probes.set(db, probe);
  return db;
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
export function preparedQuery<Args extends unknown[], Row>(
  build: (db: JournalExecutor, ...args: Args) => Compilable<Row>,
) {
  const compiled = new WeakMap<JournalExecutor, Prepared<Row>>();

  function prepare(db: JournalExecutor, arity: number): Prepared<Row> {
    const standIns = Array.from({ length: arity }, (_, i) => Symbol(`argument ${i}`));
    const query = build(db, ...(standIns as unknown as Args)).compile();
    const argumentOf = query.parameters.map((value) => standIns.indexOf(value as symbol));
    if (standIns.some((_, i) => !argumentOf.includes(i)))
      throw new Error(`An argument is not a bound value of: ${query.sql}`);
    return { query, argumentOf };
  }

  return async (db: JournalExecutor, ...args: Args): Promise<Row[]> => {
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
  // A trigger that keeps a deleted article's numbers taken (migration 015) reports them as SQLite's own would.
  if (err?.code === 'SQLITE_CONSTRAINT_TRIGGER' && err.message?.startsWith('UNIQUE constraint failed'))
    return err.message;
  return null;
}
