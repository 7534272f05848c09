/**
 * `npm run seed:large [-- --articles 50000]`: adds a large archive (monthly issues back from 2023, about 40
 * articles each) to the configured database, for benchmarks. Uses the same DATA_DIR/DATABASE_URL as the server.
 */
import pino from 'pino';
import { createContext } from '../bootstrap.js';
import { notifyInstances } from '../cache/postgres-write-relay.js';
import { loadConfig } from '../config.js';
import { withDerivedColumns } from '../modules/articles/article-fields.js';
import type { Db } from '../db/database.js';
import type { NewArticle } from '../db/schema.js';
import { demoArticle, seededRandom } from './demo-content.js';

const ARTICLES_PER_ISSUE = 40;
const LAST_YEAR = 2023;
const BATCH = 400;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function articleCount(argv: string[]): number {
  const index = argv.indexOf('--articles');
  const value = index >= 0 ? Number(argv[index + 1]) : 50_000;
  if (!Number.isInteger(value) || value < 1 || value > 1_000_000) {
    throw new Error('--articles must be a whole number between 1 and 1,000,000');
  }
  return value;
}

async function insertBatch(db: Db, rows: NewArticle[]) {
  if (rows.length) await db.insertInto('articles').values(rows).execute();
}

async function seedLarge(db: Db, total: number) {
  const random = seededRandom(50_000);
  const issueCount = Math.ceil(total / ARTICLES_PER_ISSUE);
  const now = new Date().toISOString();
  let made = 0;
  for (let i = 0; i < issueCount; i++) {
    const year = LAST_YEAR - Math.floor(i / 12);
    const issue = 12 - (i % 12);
    const volume = Math.max(1, year - 1900);
    const frequency = MONTHS[issue - 1]!;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('issues').values({ year, volume, issue, frequency, creation: now }).execute();
      let rows: NewArticle[] = [];
      let page = 1;
      for (let a = 0; a < ARTICLES_PER_ISSUE && made < total; a++) {
        made++;
        const content = demoArticle(random, ` [L${made}]`);
        const pagenumber = `${page}-${page + 7}`;
        page += 8;
        rows.push(withDerivedColumns({
          ...content,
          refnumber: String(900_000 + made),
          email: `author${made}@mail.example`,
          mobile: '',
          pagenumber,
          year,
          volume,
          issue,
          frequency,
          txnid: `LARGE${made}`,
          ptype: 'paid',
          publishdate: `${year}-${String(issue).padStart(2, '0')}-15`,
          file: null,
          status: 'enabled',
          createdby: 'seed',
          creation: now,
          modifiedby: '',
          modification: now,
        }));
        if (rows.length === BATCH) {
          await insertBatch(trx, rows);
          rows = [];
        }
      }
      await insertBatch(trx, rows);
    });
  }
  return { made, issueCount };
}

const started = Date.now();
const config = loadConfig();
const ctx = await createContext(config, pino({ level: config.LOG_LEVEL }));
const existing = await ctx.db.selectFrom('articles').select((eb) => eb.fn.countAll().as('n')).where('txnid', 'like', 'LARGE%').executeTakeFirstOrThrow();
if (Number(existing.n) > 0) {
  console.log(`The large archive is already there (${existing.n} articles); nothing to do.`);
} else {
  const { made, issueCount } = await seedLarge(ctx.db, articleCount(process.argv));
  console.log(`Added ${made} articles in ${issueCount} issues in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Servers running on the same PostgreSQL database read public data again; on SQLite, restart them.
  if (ctx.engine === 'postgres') await notifyInstances(ctx.db);
}
await ctx.db.destroy();
