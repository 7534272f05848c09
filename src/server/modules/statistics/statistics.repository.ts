import { sql } from 'kysely';
import type { Month, Period } from '../../../common/schemas/statistics.js';
import type { JournalExecutor } from '../../db/database.js';

/** Sums of usage_events rows: COUNTER investigations (views and downloads) and requests (downloads). */
export interface UsageSums {
  investigations: number;
  requests: number;
}

/** A used article with its citation: the article's, else its tombstone's, else none (nulls). */
export interface CitedUsage extends UsageSums {
  id: number;
  /** False once the article is deleted. */
  live: boolean;
  refnumber: string | null;
  title: string | null;
  year: number | null;
  volume: number | null;
  issue: number | null;
}

export interface IssueSums extends UsageSums {
  year: number;
  volume: number;
  issue: number;
}

/** The stored days (YYYY-MM-DD, UTC) of a period, compared as text on both engines. */
const daysOf = ({ from, to }: Period) => ({ first: `${from}-01`, last: `${to}-31` });

const monthOfDay = sql<string>`substr(day, 1, 7)`;

/** PostgreSQL answers sums as bigint text; SQLite as numbers. */
const sumsOf = (row: { investigations: unknown; requests: unknown }): UsageSums => ({
  investigations: Number(row.investigations),
  requests: Number(row.requests),
});

const inPeriod = (db: JournalExecutor, period: Period) => {
  const { first, last } = daysOf(period);
  return db.selectFrom('usage_events').where('day', '>=', first).where('day', '<=', last);
};

/** The months of the period that have usage, with their sums. */
export async function monthlySums(db: JournalExecutor, period: Period): Promise<Map<Month, UsageSums>> {
  const rows = await inPeriod(db, period)
    .select((eb) => [
      monthOfDay.as('month'),
      eb.fn.sum('investigations').as('investigations'),
      eb.fn.sum('requests').as('requests'),
    ])
    .groupBy(monthOfDay)
    .execute();
  return new Map(rows.map((row) => [row.month, sumsOf(row)]));
}

/** Per used article: its sums in the period and its citation (a subquery, so callers can order, limit or group). */
function citedUsage(db: JournalExecutor, period: Period) {
  const used = inPeriod(db, period)
    .select((eb) => [
      'article_id',
      eb.fn.sum('investigations').as('investigations'),
      eb.fn.sum('requests').as('requests'),
    ])
    .groupBy('article_id')
    .as('used');
  // Usage outlives its article (no foreign key): the tombstone keeps the citation of a deleted one.
  return db
    .selectFrom(used)
    .leftJoin('articles', 'articles.id', 'used.article_id')
    .leftJoin('article_tombstones', 'article_tombstones.article_id', 'used.article_id')
    .select((eb) => [
      'used.article_id as id',
      'used.investigations',
      'used.requests',
      'articles.id as live_id',
      eb.fn.coalesce('articles.refnumber', 'article_tombstones.refnumber').as('refnumber'),
      eb.fn.coalesce('articles.title', 'article_tombstones.title').as('title'),
      eb.fn.coalesce('articles.year', 'article_tombstones.year').as('year'),
      eb.fn.coalesce('articles.volume', 'article_tombstones.volume').as('volume'),
      eb.fn.coalesce('articles.issue', 'article_tombstones.issue').as('issue'),
    ])
    .as('cited');
}

/** The used articles, most used (views and downloads together, so investigations) first; `limit` of them if given. */
export async function articleSums(db: JournalExecutor, period: Period, limit?: number): Promise<CitedUsage[]> {
  let query = db
    .selectFrom(citedUsage(db, period))
    .selectAll()
    .orderBy('investigations', 'desc')
    .orderBy('requests', 'desc')
    .orderBy('id');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map(({ live_id, investigations, requests, year, volume, issue, ...row }) => ({
    ...row,
    ...sumsOf({ investigations, requests }),
    live: live_id !== null,
    year: year === null ? null : Number(year),
    volume: volume === null ? null : Number(volume),
    issue: issue === null ? null : Number(issue),
  }));
}

/** The most used issues, by their articles' sums; an article deleted without a tombstone belongs to none. */
export async function issueSums(db: JournalExecutor, period: Period, limit: number): Promise<IssueSums[]> {
  const rows = await db
    .selectFrom(citedUsage(db, period))
    .select((eb) => [
      'cited.year',
      'cited.volume',
      'cited.issue',
      eb.fn.sum('cited.investigations').as('investigations'),
      eb.fn.sum('cited.requests').as('requests'),
    ])
    .where('cited.year', 'is not', null)
    .groupBy(['cited.year', 'cited.volume', 'cited.issue'])
    .orderBy('investigations', 'desc')
    .orderBy('requests', 'desc')
    .orderBy('cited.year', 'desc')
    .orderBy('cited.volume', 'desc')
    .orderBy('cited.issue', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...sumsOf(row),
    year: Number(row.year),
    volume: Number(row.volume),
    issue: Number(row.issue),
  }));
}
