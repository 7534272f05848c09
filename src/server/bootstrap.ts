import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createServices, type AppContext } from './app-context.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseOptions } from './db/database.js';
import { migrate } from './db/migrate.js';
import { ensureDefaultSettings } from './db/seed/default-settings.js';
import { seedDemoJournal } from './db/seed/demo-journal.js';
import { resolveJwtSecret, TokenService } from './auth/tokens.js';
import { ensureFirstAdmin } from './modules/users/first-admin.js';
import { FileStore } from './storage/file-store.js';

/**
 * Opens and migrates the database, fills an empty one, and assembles the services.
 * Shared by the server, the tests and the scripts.
 */
export async function createContext(
  config: Config,
  log: FastifyBaseLogger,
  databaseOptions: DatabaseOptions = { url: config.DATABASE_URL, sqliteFile: path.join(config.DATA_DIR, 'journal.sqlite') },
): Promise<AppContext> {
  const { db, engine } = openDatabase(databaseOptions);
  await migrate({ db, engine });
  const files = new FileStore(path.join(config.DATA_DIR, 'files'));
  const created = await ensureDefaultSettings(db);
  if (created && config.SEED_DEMO) await seedDemoJournal(db, files, log);
  await ensureFirstAdmin(db, { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD }, log);
  const tokens = new TokenService(resolveJwtSecret(config.DATA_DIR, config.JWT_SECRET));
  return { config, db, engine, databaseOptions, tokens, files, services: createServices(db, files, tokens) };
}
