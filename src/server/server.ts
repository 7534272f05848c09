import cluster from 'node:cluster';
import pino from 'pino';
import { buildApp } from './app.js';
import { createContext } from './bootstrap.js';
import { onWriteElsewhere, startWorkers } from './cluster.js';
import { ConfigError, loadConfig, type Config } from './config.js';

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
}

async function listen(config: Config, { clientDir, renderThreadScript }: BuiltFiles) {
  const log = pino({ level: config.LOG_LEVEL });
  const ctx = await createContext(config, log);
  const renderThreads = renderThreadScript ? { script: renderThreadScript, count: config.RENDER_THREADS } : undefined;
  const app = await buildApp(ctx, { logger: { level: config.LOG_LEVEL }, clientDir, renderThreads });
  // A write answered by another worker makes this one's remembered reads stale.
  onWriteElsewhere(() => {
    ctx.services.pages.invalidate();
    ctx.services.settings.forget();
  });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    await ctx.db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
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
