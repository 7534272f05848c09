import { sql } from 'kysely';
import { articlePath } from '../../../common/archive-links.js';
import { authorsFromLine, authorsOrLine, displayName, type Author } from '../../../common/authors.js';
import { textOf } from '../../../common/html.js';
import { preparedQuery, type JournalDb, type JournalExecutor } from '../../db/database.js';
import type { UsageEventsTable, UsageSearchesTable } from '../../db/schema.js';
import { listAuthorsOf } from '../articles/article-authors.repository.js';
import { isPublished } from '../articles/published.js';
import type { ItemCounts, JournalUsage, Month, UsageJournal, UsedItem } from './usage-data.js';

export type SessionUse = UsageEventsTable;
export type SearchCount = UsageSearchesTable;

/** Rows per statement: well under both engines' limits on bound values. */
const CHUNK = 500;

const chunks = <T>(rows: T[]): T[][] =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, index) => rows.slice(index * CHUNK, (index + 1) * CHUNK));

/** Adds counted uses to their session rows: an upsert, so processes writing the same row add up. */
export async function addUsage(db: JournalExecutor, uses: SessionUse[]): Promise<void> {
  // In one order everywhere, so that two processes upserting the same rows wait for each other, never deadlock.
  const ordered = uses.toSorted(
    (a, b) => a.article_id - b.article_id || a.day.localeCompare(b.day) || a.session.localeCompare(b.session),
  );
  for (const rows of chunks(ordered))
    await db
      .insertInto('usage_events')
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(['article_id', 'day', 'session']).doUpdateSet((eb) => ({
          investigations: eb('usage_events.investigations', '+', eb.ref('excluded.investigations')),
          requests: eb('usage_events.requests', '+', eb.ref('excluded.requests')),
        })),
      )
      .execute();
}

export async function addSearches(db: JournalExecutor, searches: SearchCount[]): Promise<void> {
  for (const rows of chunks(searches))
    await db
      .insertInto('usage_searches')
      .values(rows)
      .onConflict((conflict) =>
        conflict
          .columns(['day'])
          .doUpdateSet((eb) => ({ searches: eb('usage_searches.searches', '+', eb.ref('excluded.searches')) })),
      )
      .execute();
}

/** A reader's action at a time (milliseconds), as the double-click rule sees it. */
export interface Click {
  key: string;
  at: number;
}

/**
 * Puts clicks to the table every process and instance shares (decision 116) and answers those counted: a click more
 * than `windowMs` from the last one of the same key, whichever process saw that one. One upsert per round decides
 * each click against the row as it was (SET reads the old row), so two instances putting the same key at once are
 * decided one after the other. A key appears at most once per statement, as PostgreSQL requires.
 */
export async function shareClicks(db: JournalExecutor, clicks: Click[], windowMs: number): Promise<Set<Click>> {
  const counted = new Set<Click>();
  // Keys in one order everywhere, so that two processes upserting the same rows wait for each other, never deadlock.
  for (const round of rounds(clicks))
    for (const rows of chunks(round.toSorted((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)))) {
      const answers = await db
        .insertInto('usage_clicks')
        .values(rows.map(({ key, at }) => ({ click_key: key, last_at: at, counted: 1 })))
        .onConflict((conflict) =>
          conflict.column('click_key').doUpdateSet({
            counted: sql`CASE WHEN abs(excluded.last_at - usage_clicks.last_at) >= ${windowMs} THEN 1 ELSE 0 END`,
            last_at: sql`CASE WHEN excluded.last_at > usage_clicks.last_at THEN excluded.last_at ELSE usage_clicks.last_at END`,
          }),
        )
        .returning(['click_key', 'counted'])
        .execute();
      const byKey = new Map(rows.map((click) => [click.key, click]));
      for (const answer of answers) if (answer.counted === 1) counted.add(byKey.get(answer.click_key)!);
    }
  return counted;
}

/** Clicks in time order, split so that no key comes twice in one round. */
function rounds(clicks: Click[]): Click[][] {
  const result: Click[][] = [];
  const seen = new Map<string, number>();
  for (const click of clicks.toSorted((a, b) => a.at - b.at)) {
    const round = seen.get(click.key) ?? 0;
    seen.set(click.key, round + 1);
    (result[round] ??= []).push(click);
  }
  return result;
}

/** Forgets clicks older than `before`: no batch still to be written can be decided against them. */
export async function forgetClicks(db: JournalExecutor, before: number): Promise<void> {
  await db.deleteFrom('usage_clicks').where('last_at', '<', before).execute();
}

const publishedArticleIds = preparedQuery((db, refnumber: string) =>
  db.selectFrom('articles').select('articles.id').where('refnumber', '=', refnumber).where(isPublished),
);

/** The id of the published article with this reference number, if any; prepared, as every counted view asks it. */
export const findPublishedArticleId = async (db: JournalExecutor, refnumber: string): Promise<number | undefined> =>
  (await publishedArticleIds(db, refnumber))[0]?.id;

/** First and last day of a span of months, for comparing with the stored YYYY-MM-DD days. */
const daysOf = (begin: Month, end: Month) => ({ first: `${begin}-01`, last: `${end}-31` });

/** An article's figures for readers: abstract views (investigations that were not downloads) and downloads. */
export async function articleFigures(
  db: JournalExecutor,
  articleId: number,
): Promise<{ views: number; downloads: number }> {
  const row = await db
    .selectFrom('usage_events')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('investigations'), sql<number>`0`).as('investigations'),
      eb.fn.coalesce(eb.fn.sum<number>('requests'), sql<number>`0`).as('requests'),
    ])
    .where('article_id', '=', articleId)
    .executeTakeFirstOrThrow();
  return { views: Number(row.investigations) - Number(row.requests), downloads: Number(row.requests) };
}

interface MonthRow {
  article_id: number;
  month: string;
  total_investigations: number;
  unique_investigations: number;
  total_requests: number;
  unique_requests: number;
}

/** Per article and month: totals, and user-sessions that investigated or requested it (COUNTER's unique items). */
const monthlyCounts = (db: JournalExecutor, begin: Month, end: Month): Promise<MonthRow[]> => {
  const { first, last } = daysOf(begin, end);
  return db
    .selectFrom('usage_events')
    .select((eb) => [
      'article_id',
      sql<string>`substr(day, 1, 7)`.as('month'),
      eb.fn.sum<number>('investigations').as('total_investigations'),
      eb.fn.sum<number>(sql`case when investigations > 0 then 1 else 0 end`).as('unique_investigations'),
      eb.fn.sum<number>('requests').as('total_requests'),
      eb.fn.sum<number>(sql`case when requests > 0 then 1 else 0 end`).as('unique_requests'),
    ])
    .where('day', '>=', first)
    .where('day', '<=', last)
    .groupBy(['article_id', sql`substr(day, 1, 7)`])
    .execute();
};

const countsOf = (row: MonthRow): ItemCounts => ({
  Total_Item_Investigations: Number(row.total_investigations),
  Unique_Item_Investigations: Number(row.unique_investigations),
  Total_Item_Requests: Number(row.total_requests),
  Unique_Item_Requests: Number(row.unique_requests),
});

interface ItemCitation {
  id: number;
  refnumber: string;
  title: string;
  doi: string;
  publishdate: string;
  year: number;
  volume: number;
  issue: number;
  authors: Author[];
}

/** What reports say of each used article: from the article, or from its tombstone when it was deleted. */
async function citationsOf(db: JournalExecutor, ids: number[]): Promise<Map<number, ItemCitation>> {
  const found = new Map<number, ItemCitation>();
  if (ids.length === 0) return found;
  const columns = ['refnumber', 'title', 'doi', 'publishdate', 'year', 'volume', 'issue'] as const;
  const articles = await db
    .selectFrom('articles')
    .select(['id', 'authorname', ...columns])
    .where('id', 'in', ids)
    .execute();
  const authors = await listAuthorsOf(
    db,
    articles.map((article) => article.id),
  );
  // Authors as every other output names them: the stored rows, or those the author line names (decision 100).
  for (const { authorname, ...article } of articles) {
    found.set(article.id, { ...article, authors: authorsOrLine(authors.get(article.id), { authorname }) });
  }
  const gone = ids.filter((id) => !found.has(id));
  if (gone.length === 0) return found;
  const tombstones = await db
    .selectFrom('article_tombstones')
    .select(['article_id', 'authorname', ...columns])
    .where('article_id', 'in', gone)
    .execute();
  for (const { article_id, authorname, ...citation } of tombstones)
    found.set(article_id!, { id: article_id!, ...citation, authors: authorsFromLine(authorname) });
  return found;
}

/** A used article that no longer has a citation (deleted before tombstones kept its id) still adds to the totals. */
const unknownCitation = (id: number): ItemCitation => ({
  id,
  refnumber: '',
  title: `Deleted article ${id}`,
  doi: '',
  publishdate: '',
  year: 0,
  volume: 0,
  issue: 0,
  authors: [],
});

function usedItem(citation: ItemCitation, origin: string, months: Record<Month, ItemCounts>): UsedItem {
  const published = citation.publishdate || `${citation.year}-01-01`;
  return {
    articleId: citation.id,
    refnumber: citation.refnumber,
    title: textOf(citation.title),
    authors: citation.authors.map((author) => ({ name: displayName(author), orcid: author.orcid })),
    doi: citation.doi,
    publicationDate: published,
    yop: Number(published.slice(0, 4)),
    url: citation.refnumber ? `${origin}${articlePath(citation)}` : '',
    year: citation.year,
    volume: citation.volume,
    issue: citation.issue,
    months,
  };
}

/** The journal's usage in a span of months, as the COUNTER reports and the statistics screen read it. */
export async function readJournalUsage(
  db: JournalDb,
  journal: UsageJournal,
  origin: string,
  begin: Month,
  end: Month,
): Promise<JournalUsage> {
  const rows = await monthlyCounts(db, begin, end);
  const byArticle = new Map<number, Record<Month, ItemCounts>>();
  for (const row of rows) {
    const months = byArticle.get(row.article_id) ?? {};
    months[row.month] = countsOf(row);
    byArticle.set(row.article_id, months);
  }
  const citations = await citationsOf(db, [...byArticle.keys()]);
  const items = [...byArticle].map(([id, months]) =>
    usedItem(citations.get(id) ?? unknownCitation(id), origin, months),
  );
  return { journal, begin, end, items, searches: await monthlySearches(db, begin, end) };
}

async function monthlySearches(db: JournalExecutor, begin: Month, end: Month): Promise<Record<Month, number>> {
  const { first, last } = daysOf(begin, end);
  const rows = await db
    .selectFrom('usage_searches')
    .select((eb) => [sql<string>`substr(day, 1, 7)`.as('month'), eb.fn.sum<number>('searches').as('searches')])
    .where('day', '>=', first)
    .where('day', '<=', last)
    .groupBy(sql`substr(day, 1, 7)`)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.month, Number(row.searches)]));
}
