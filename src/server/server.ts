import pino from 'pino';
import { buildApp } from './app.js';
import { createContext } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  const ctx = await createContext(config, log);
  const app = await buildApp(ctx, { logger: { level: config.LOG_LEVEL } });

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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    const err = error as NodeJS.ErrnoException;
    if (err?.code === 'EADDRINUSE') console.error(`Port is already in use: ${err.message}`);
    else if (err?.code === 'ECONNREFUSED') console.error(`Cannot reach the database: ${err.message}`);
    else console.error(`Failed to start: ${err?.stack ?? String(error)}`);
  }
  process.exit(1);
});
