import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { AppContext } from './app-context.js';
import { buildApp } from './app.js';
import { createContext } from './bootstrap.js';
import { PostgresWriteRelay } from './cache/postgres-write-relay.js';
import { relayWritesBetweenWorkers, startWorkers } from './cluster.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import type { InstallationDb } from './db/database.js';
import { printSignIn } from './sign-in-notice.js';

/** Where the built parts the server loads at run time are. */
export interface BuiltFiles {
  /** The browser bundle. */
  clientDir: string;
  /** The render-thread script; absent when running from source, and pages then render in the main thread. */
  renderThreadScript?: string;
}

/**
 * Starts the server. With WEB_CONCURRENCY above 1 this process prepares the database once and forks
 * that many workers.
 */
export async function startServer(built: BuiltFiles): Promise<void> {
  try {
    const config = loadConfig();
    if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) await prepareAndFork(config);
    else await listen(config, built);
  } catch (error) {
    reportStartFailure(error);
    process.exit(1);
  }
}

/** Migrations, the demo journal and the first admin happen once, before any worker opens the database. */
async function prepareAndFork(config: Config) {
  const log = pino({ level: config.LOG_LEVEL });
  const ctx = await createContext(config, log);
  await ctx.db.destroy();
  startWorkers(config.WEB_CONCURRENCY, log);
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === config.WEB_CONCURRENCY) printSignIn(config, ctx.firstAdmin);
  });
}

async function listen(config: Config, { clientDir, renderThreadScript }: BuiltFiles) {
  const log = pino({ level: config.LOG_LEVEL });
  const ctx = await createContext(config, log);
  const renderThreads = renderThreadScript ? { script: renderThreadScript, count: config.RENDER_THREADS } : undefined;
  const app = await buildApp(ctx, { logger: { level: config.LOG_LEVEL }, clientDir, renderThreads });
  relayWritesBetweenWorkers(ctx.journals.eachClock, () => ctx.journals.reload());
  await relayWritesBetweenInstances(ctx, app);

  closeOnSignal(app, ctx.db);

  await app.listen({ port: config.PORT, host: config.HOST });
  // A worker's start is its primary's to announce.
  if (!cluster.isPrimary) return;
  // Written through the log's own stream, which writes in the background: the plain lines come after its lines, last.
  const logStream = (app.log as unknown as Record<symbol, { write(text: string): void } | undefined>)[
    pino.symbols.streamSym
  ];
  printSignIn(config, ctx.firstAdmin, logStream && ((text) => logStream.write(text)));
}

/** On PostgreSQL, several instances may share the database: each hears the others' writes (LISTEN/NOTIFY). */
async function relayWritesBetweenInstances(ctx: AppContext, app: FastifyInstance): Promise<void> {
  if (ctx.engine !== 'postgres') return;
  const relay = new PostgresWriteRelay(ctx.journals.eachClock, () => ctx.journals.reload(), ctx.db, app.log, {
    url: ctx.databaseOptions.url!,
    pgSchema: ctx.databaseOptions.pgSchema,
  });
  await relay.start();
  app.addHook('onClose', () => relay.stop());
}

/** How long requests in flight may go on after SIGTERM or SIGINT; the connections still open then are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * SIGTERM or SIGINT: stop taking connections, let the requests in flight (uploads, zip downloads) finish,
 * close each kept-alive connection once its answer is out, then close the render threads and the database
 * and exit 0. A repeated signal changes nothing: Ctrl-C reaches every process of the group, and a cluster's
 * primary passes the signal on as well.
 */
function closeOnSignal(app: FastifyInstance, db: InstallationDb): void {
  let closing = false;
  // A client keeps its connection for the next request; while closing, there will be none.
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing the requests in flight, then closing`);
    const cutOff = setTimeout(() => {
      app.log.warn(`Cutting the connections still open after ${SHUTDOWN_GRACE_MS / 1000} s`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    cutOff.unref();
    try {
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (error) {
      app.log.error(error, 'Closing failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));
}

/** One clear line for the operator; a stack trace only for the unexpected. */
function reportStartFailure(error: unknown): void {
  if (error instanceof ConfigError) {
    console.error(error.message);
    return;
  }
  const err = error as NodeJS.ErrnoException;
  if (err?.code === 'EADDRINUSE') console.error(`Port is already in use: ${err.message}`);
  else if (err?.code === 'ECONNREFUSED') console.error(`Cannot reach the database: ${err.message}`);
  else console.error(`Failed to start: ${err?.stack ?? String(error)}`);
}
