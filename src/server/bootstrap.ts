import cluster from 'node:cluster';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createServices, type AppContext } from './app-context.js';
import { createMailer } from './email/mailer.js';
import { WriteClock } from './cache/write-clock.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseOptions } from './db/database.js';
import { migrate } from './db/migrate.js';
import { ensureDefaultSettings } from './seed/default-settings.js';
import { seedDemoJournal } from './seed/demo-journal.js';
import { resolveJwtSecret, TokenService } from './auth/tokens.js';
import { ensureFirstAdmin } from './modules/users/first-admin.js';
import { logRepair, repairFiles } from './storage/file-repair.js';
import { FileStore } from './storage/file-store.js';
import { SPACE_RESERVE_FILE, SpaceReserve } from './storage/space-reserve.js';

/** The PostgreSQL pool's size and statement deadline the configuration sets (decision 090). */
const poolSettings = (config: Config): DatabaseOptions => ({
  poolSize: config.DATABASE_POOL_SIZE,
  queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
});

/** The database the configuration names: PostgreSQL at DATABASE_URL, else SQLite in DATA_DIR. */
export const configuredDatabase = (config: Config): DatabaseOptions => ({
  url: config.DATABASE_URL,
  sqliteFile: path.join(config.DATA_DIR, 'journal.sqlite'),
  ...poolSettings(config),
});

/**
 * Opens and migrates the database, fills an empty one, and assembles the services.
 * Shared by the server, the tests and the scripts.
 */
export async function createContext(
  config: Config,
  log: FastifyBaseLogger,
  named: DatabaseOptions = configuredDatabase(config),
): Promise<AppContext> {
  // Tests name a database of their own; the pool settings still come from the configuration.
  const databaseOptions: DatabaseOptions = { ...poolSettings(config), ...named };
  const { db, engine } = openDatabase(databaseOptions, (error) =>
    log.warn({ err: error }, 'A database connection failed'),
  );
  await migrate({ db, engine });
  // SQLite must grow its log even to delete; the reserve lets a delete through on a full disk (decision 091).
  const reserve = engine === 'sqlite' ? new SpaceReserve(path.join(config.DATA_DIR, SPACE_RESERVE_FILE)) : null;
  await reserve?.keep();
  const files = new FileStore(path.join(config.DATA_DIR, 'files'), reserve);
  // What a crash left (decision 013). Workers start after the primary repaired, and another may be writing.
  if (!cluster.isWorker) logRepair(log, await repairFiles(db, files, { clearMissingArticleFiles: false }));
  const created = await ensureDefaultSettings(db);
  if (created && config.SEED_DEMO) await seedDemoJournal(db, files, log);
  await ensureFirstAdmin(db, { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD }, log);
  const tokens = new TokenService(resolveJwtSecret(config.DATA_DIR, config.JWT_SECRET), config.TOKEN_LIFETIME_SECONDS);
  const clock = new WriteClock();
  return {
    config,
    db,
    engine,
    databaseOptions,
    tokens,
    files,
    clock,
    services: createServices(db, files, tokens, clock, createMailer(config.SMTP_URL), log),
  };
}
