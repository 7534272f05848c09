import cluster from 'node:cluster';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createServices, type AppContext, type Site } from './app-context.js';
import { PageCacheSpace } from './public-speed/page-cache.js';
import { createMailer } from './email/mailer.js';
import { WriteClock } from './cache/write-clock.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseOptions } from './db/database.js';
import { migrate } from './db/migrate.js';
import type { JournalRow } from './db/schema.js';
import { journalFilesRoot, moveFilesIntoFirstJournal } from './journals/journal-files.js';
import { scopedDb } from './journals/journal-scope.js';
import { JournalSites } from './journals/journal-sites.js';
import { ensureDefaultSettings } from './modules/settings/default-settings.js';
import { seedDemoJournal } from './seed/demo-journal.js';
import { seedSecondDemoJournal } from './seed/second-demo-journal.js';
import { JournalsService } from './modules/journals/journals.service.js';
import { copyContentPages } from './modules/pages/pages.repository.js';
import { FailureThrottle } from './auth/shared-counts.js';
import { UsageRecorder } from './modules/usage/usage-recorder.js';
import { resolveJwtSecret, TokenService } from './auth/tokens.js';
import { ensureFirstAdmin } from './modules/users/first-admin.js';
import { logRepair, repairFiles } from './storage/file-repair.js';
import { FileStore } from './storage/file-store.js';
import { SPACE_RESERVE_FILE, SpaceReserve } from './storage/space-reserve.js';
import { clearTemporaryFolders, logTemporaryFolders } from './storage/temporary-folders.js';

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
 * Opens and migrates the database, fills an empty one, and assembles every journal's site.
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
  // Workers start after the primary moved and repaired the files, and another may be writing.
  if (!cluster.isWorker) logMovedFiles(log, moveFilesIntoFirstJournal(config.DATA_DIR));
  const secret = resolveJwtSecret(config.DATA_DIR, config.JWT_SECRET);
  const tokens = new TokenService(secret, config.TOKEN_LIFETIME_SECONDS);
  const mailer = createMailer(config.SMTP_URL);
  // Failed sign-ins are counted per address and user name across every journal's host (accounts are shared).
  const throttle = new FailureThrottle(db, 'sign-in');
  const shared = { tokens, mailer, log, throttle, pageSpace: new PageCacheSpace() };
  const journals = await JournalSites.open(db, (journal): Site => {
    const scoped = scopedDb(db, journal.id);
    const files = new FileStore(journalFilesRoot(config.DATA_DIR, journal.id), reserve);
    const clock = new WriteClock();
    return {
      journal,
      origin: siteOrigin(config, journal),
      db: scoped,
      clock,
      files,
      services: createServices(scoped, files, clock, shared),
    };
  });
  const journalList = new JournalsService(db, {
    // Default settings named after it, and the first journal's pages, whose placeholders then show its settings.
    async prepare(trx, journalId, name) {
      const journal = scopedDb(trx, journalId);
      await ensureDefaultSettings(journal, { websitename: name, formatted_journal_name: name });
      await copyContentPages(scopedDb(trx, journals.first().journal.id), journal);
    },
    // Its site is made here, and its first write announced: other processes and instances, hearing of a journal
    // they do not know, read the journals again (the relays), so it answers at its hosts everywhere within a moment.
    async opened(journalId) {
      await journals.reload();
      journals.site(journalId).clock.publicDataChanged();
    },
  });
  // Before the repair, which then sees the files of a journal import cut short in the journal's folder.
  if (!cluster.isWorker) {
    const journalIds = new Set(journals.all().map((site) => site.journal.id));
    logTemporaryFolders(log, await clearTemporaryFolders(config.DATA_DIR, journalIds));
  }
  for (const site of journals.all()) {
    const created = await prepareSite(site, log);
    // An empty installation with SEED_DEMO becomes the demo publisher: two journals, each with its archive.
    if (created && config.SEED_DEMO && site.journal.id === 1) {
      await seedDemoJournal(site.db, site.files, log);
      await seedSecondDemoJournal(journalList, journals, log);
    }
  }
  const firstAdmin = await ensureFirstAdmin(
    journals.first().db,
    { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD },
    log,
  );
  const usage = new UsageRecorder(
    secret,
    (journalId) => journals.site(journalId).db,
    (error) => log.warn({ err: error }, 'Counted usage could not be written; it is kept for the next try'),
  );
  return {
    config,
    db,
    engine,
    databaseOptions,
    tokens,
    journals,
    journalList,
    usage,
    firstAdmin,
  };
}

/** SITE_URL is journal 1's address, as it was the site's before journals; other journals carry theirs. */
export const siteOrigin = (config: Pick<Config, 'SITE_URL'>, journal: JournalRow): string | null =>
  (journal.id === 1 ? config.SITE_URL : undefined) ?? (journal.public_origin || null);

/** Repairs what a crash left (decision 013), and gives a new journal its settings; true when it was new. */
async function prepareSite(site: Site, log: FastifyBaseLogger): Promise<boolean> {
  if (!cluster.isWorker) logRepair(log, await repairFiles(site.db, site.files, { clearMissingArticleFiles: false }));
  return ensureDefaultSettings(site.db);
}

function logMovedFiles(log: FastifyBaseLogger, moved: string[]) {
  if (moved.length) log.info(`Moved the files of the site into journal 1's folder: ${moved.join(', ')}`);
}
