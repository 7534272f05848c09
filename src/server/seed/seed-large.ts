/**
 * `npm run seed:large [-- --articles 50000]`: adds a large archive (large-archive.ts) to the configured database,
 * for benchmarks. Uses the same DATA_DIR/DATABASE_URL as the server.
 */
import pino from 'pino';
import { createContext } from '../bootstrap.js';
import { notifyInstances } from '../cache/postgres-write-relay.js';
import { loadConfig } from '../config.js';
import { seedLargeArchive } from './large-archive.js';

function articleCount(argv: string[]): number {
  const index = argv.indexOf('--articles');
  const value = index >= 0 ? Number(argv[index + 1]) : 50_000;
  if (!Number.isInteger(value) || value < 1 || value > 1_000_000) {
    throw new Error('--articles must be a whole number between 1 and 1,000,000');
  }
  return value;
}

const started = Date.now();
const config = loadConfig();
const ctx = await createContext(config, pino({ level: config.LOG_LEVEL }));
// The large archive is journal 1's.
const { db } = ctx.journals.first();
const existing = await db
  .selectFrom('articles')
  .select((eb) => eb.fn.countAll().as('n'))
  .where('txnid', 'like', 'LARGE%')
  .executeTakeFirstOrThrow();
if (Number(existing.n) > 0) {
  console.log(`The large archive is already there (${existing.n} articles); nothing to do.`);
} else {
  const { made, issueCount } = await seedLargeArchive(db, articleCount(process.argv));
  console.log(`Added ${made} articles in ${issueCount} issues in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Servers running on the same PostgreSQL database read public data again; on SQLite, restart them.
  if (ctx.engine === 'postgres') await notifyInstances(ctx.db);
}
await ctx.db.destroy();
