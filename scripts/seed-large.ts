/**
 * `npm run seed:large [-- --articles 50000] [--journals 10]`: adds a large archive (src/server/seed/large-archive.ts) to the
 * configured database, for benchmarks: to journal 1, and with `--journals N` to journals 2..N as well, made at hosts
 * `j2.bench.test`...`jN.bench.test` (journal 1 keeps answering every other host). Uses the same
 * DATA_DIR/DATABASE_URL as the server.
 */
import pino from 'pino';
import type { Site } from '../src/server/app-context.js';
import { createContext } from '../src/server/bootstrap.js';
import { notifyInstances } from '../src/server/cache/postgres-write-relay.js';
import { loadConfig } from '../src/server/config.js';
import { seedLargeArchive } from '../src/server/seed/large-archive.js';

/** The host of bench journal `n` (2 and up). */
const benchJournalHost = (n: number) => `j${n}.bench.test`;

function wholeNumber(argv: string[], name: string, fallback: number, max: number): number {
  const index = argv.indexOf(name);
  const value = index >= 0 ? Number(argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be a whole number between 1 and ${max.toLocaleString('en')}`);
  }
  return value;
}

async function seedJournal(site: Site, articles: number): Promise<void> {
  const existing = await site.db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('txnid', 'like', 'LARGE%')
    .executeTakeFirstOrThrow();
  const name = `Journal ${site.journal.id}`;
  if (Number(existing.n) > 0) {
    console.log(`${name}: the large archive is already there (${existing.n} articles); nothing to do.`);
    return;
  }
  const started = Date.now();
  const { made, issueCount } = await seedLargeArchive(site.db, articles);
  console.log(
    `${name}: added ${made} articles in ${issueCount} issues in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

const articles = wholeNumber(process.argv, '--articles', 50_000, 1_000_000);
const journalCount = wholeNumber(process.argv, '--journals', 1, 50);
const config = loadConfig();
const ctx = await createContext(config, pino({ level: config.LOG_LEVEL }));
for (let n = ctx.journals.all().length + 1; n <= journalCount; n++) {
  await ctx.journalList.create({ name: `Bench journal ${n}`, hosts: [benchJournalHost(n)] });
}
for (const site of ctx.journals.all().slice(0, journalCount)) await seedJournal(site, articles);
// Servers running on the same PostgreSQL database read public data again; on SQLite, restart them.
if (ctx.engine === 'postgres') await notifyInstances(ctx.db);
await ctx.db.destroy();
