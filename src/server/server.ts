import pino from 'pino';
import { buildApp } from './app.js';
import { createContext } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';

/** Starts the server; `clientDir` is the built browser bundle beside the bundled server. */
export async function startServer(clientDir: string): Promise<void> {
  try {
    await listen(clientDir);
  } catch (error) {
    reportStartFailure(error);
    process.exit(1);
  }
}

async function listen(clientDir: string) {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  const ctx = await createContext(config, log);
  const app = await buildApp(ctx, { logger: { level: config.LOG_LEVEL }, clientDir });

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
