/**
 * A large archive (monthly issues back from 2023, about 40 articles each) for benchmarks and crawl tests:
 * `npm run seed:large` (scripts/seed-large.ts) adds one to the configured database.
 */
import type { JournalDb } from '../db/database.js';
import type { NewArticle } from '../db/schema.js';
import { withDerivedColumns } from '../modules/articles/article-fields.js';
import { demoArticle, seededRandom } from './demo-content.js';

const ARTICLES_PER_ISSUE = 40;
const LAST_YEAR = 2023;
const BATCH = 400;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

async function insertBatch(db: JournalDb, rows: NewArticle[]) {
  if (rows.length) await db.insertInto('articles').values(rows).execute();
}

/** Adds `total` articles in new issues; returns how many articles and issues were made. */
export async function seedLargeArchive(db: JournalDb, total: number) {
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
      const publication_date = `${year}-${String(issue).padStart(2, '0')}-01`;
      await trx
        .insertInto('issues')
        .values({ year, volume, issue, frequency, creation: now, publication_date })
        .execute();
      let rows: NewArticle[] = [];
      let page = 1;
      for (let a = 0; a < ARTICLES_PER_ISSUE && made < total; a++) {
        made++;
        const content = demoArticle(random, ` [L${made}]`);
        const pagenumber = `${page}-${page + 7}`;
        page += 8;
        rows.push(
          withDerivedColumns({
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
          }),
        );
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
