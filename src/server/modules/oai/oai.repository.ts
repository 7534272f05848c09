import { sql, type SelectQueryBuilder } from 'kysely';
import type { JournalExecutor } from '../../db/database.js';
import type { ArticleRow, ArticleTombstoneRow, Database } from '../../db/schema.js';

/**
 * Articles with a reference number whose issue has been published have an OAI identifier: published ones are
 * records, the others (disabled, or their issue a draft again) are deleted records; a draft issue's articles have none. Written as a literal so that the planner of either engine sees it implies the condition
 * of the partial indexes of migration 005.
 */
const HAS_IDENTIFIER = sql<boolean>`refnumber <> '' and issue_ever_published = 1`;

/** Columns of a record (a header needs a few of them; reading all costs little beside the page's other work). */
const RECORD_COLUMNS = [
  'id',
  'refnumber',
  'modification',
  'creation',
  'status',
  'issue_published',
  'title',
  'authorname',
  'abstract',
  'keywords',
  'doi',
  'pagenumber',
  'year',
  'volume',
  'issue',
  'publishdate',
  'file',
  'licence_name',
  'licence_url',
] as const;

export type OaiRecordRow = Pick<ArticleRow, (typeof RECORD_COLUMNS)[number]>;

/** A selective harvest: bounds on the last change (stored ISO strings, inclusive) and a volume. */
export interface HarvestFilter {
  from: string | null;
  until: string | null;
  volume: number | null;
}

/**
 * The list's order is (modification, id); a position is the last one already sent. A deleted article's tombstone is
 * its deleted record (decision 099), listed at (removed_at, -tombstone id): negative ids never meet an article's, so
 * one order runs through both tables.
 */
export type ListKey = [modification: string, id: number];

/**
 * What follows a position is read in two ranges of the index: the rest of the position's tie (the same last
 * change, higher ids), then the later changes. A row-value comparison `(modification, id) > (?, ?)` would be
 * one range, but SQLite seeks it on its first column only, and a bulk import gives thousands of articles one
 * time: each page then read every article of the tie before it.
 */
type Range = { after: 'tie'; key: ListKey } | { after: 'later'; key: ListKey } | null;

function harvestQuery<O>(query: SelectQueryBuilder<Database, 'articles', O>, filter: HarvestFilter, range: Range) {
  let result = query.where(HAS_IDENTIFIER);
  if (filter.volume !== null) result = result.where('volume', '=', filter.volume);
  if (filter.from !== null) result = result.where('modification', '>=', filter.from);
  if (filter.until !== null) result = result.where('modification', '<=', filter.until);
  if (range?.after === 'tie') result = result.where('modification', '=', range.key[0]).where('id', '>', range.key[1]);
  if (range?.after === 'later') result = result.where('modification', '>', range.key[0]);
  return result;
}

const readRange = (db: JournalExecutor, filter: HarvestFilter, range: Range, limit: number): Promise<OaiRecordRow[]> =>
  harvestQuery(db.selectFrom('articles').select(RECORD_COLUMNS), filter, range)
    .orderBy('modification')
    .orderBy('id')
    .limit(limit)
    .execute();

/** The number a `count(*) as count` query answers. */
const counted = async (query: { executeTakeFirstOrThrow(): Promise<{ count: string | number | bigint }> }) =>
  Number((await query.executeTakeFirstOrThrow()).count);

const countRange = (db: JournalExecutor, filter: HarvestFilter, range: Range): Promise<number> =>
  counted(
    harvestQuery(
      db.selectFrom('articles').select((eb) => eb.fn.countAll().as('count')),
      filter,
      range,
    ),
  );

const TOMBSTONE_COLUMNS = [
  'id',
  'refnumber',
  'removed_at',
  'title',
  'authorname',
  'doi',
  'pagenumber',
  'year',
  'volume',
  'issue',
  'publishdate',
] as const;

/**
 * A tombstone as the deleted record it stands for: datestamped by its removal, keyed by its id negated. A deleted
 * record is its header alone (recordXml), so the columns only metadata reads are left out.
 */
const tombstoneRecord = ({
  id,
  removed_at,
  ...citation
}: Pick<ArticleTombstoneRow, (typeof TOMBSTONE_COLUMNS)[number]>): OaiRecordRow =>
  ({
    ...citation,
    id: -id,
    modification: removed_at,
    creation: removed_at,
    status: 'disabled',
    issue_published: 0,
  }) satisfies Partial<OaiRecordRow> as OaiRecordRow;

function tombstoneQuery<O>(
  query: SelectQueryBuilder<Database, 'article_tombstones', O>,
  filter: HarvestFilter,
  range: Range,
) {
  let result = query;
  if (filter.volume !== null) result = result.where('volume', '=', filter.volume);
  if (filter.from !== null) result = result.where('removed_at', '>=', filter.from);
  if (filter.until !== null) result = result.where('removed_at', '<=', filter.until);
  // Keys above k in the tie are ids below -k (none when k is an article's).
  if (range?.after === 'tie') result = result.where('removed_at', '=', range.key[0]).where('id', '<', -range.key[1]);
  if (range?.after === 'later') result = result.where('removed_at', '>', range.key[0]);
  return result;
}

const readTombstoneRange = async (db: JournalExecutor, filter: HarvestFilter, range: Range, limit: number) =>
  (
    await tombstoneQuery(db.selectFrom('article_tombstones').select(TOMBSTONE_COLUMNS), filter, range)
      .orderBy('removed_at')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  ).map(tombstoneRecord);

const countTombstoneRange = (db: JournalExecutor, filter: HarvestFilter, range: Range): Promise<number> =>
  counted(
    tombstoneQuery(
      db.selectFrom('article_tombstones').select((eb) => eb.fn.countAll().as('count')),
      filter,
      range,
    ),
  );

/** Up to `limit` rows of one table after a position, read as its tie and then its later changes. */
async function listAfter(
  read: (range: Range, limit: number) => Promise<OaiRecordRow[]>,
  after: ListKey | null,
  limit: number,
): Promise<OaiRecordRow[]> {
  if (!after) return read(null, limit);
  const tie = await read({ after: 'tie', key: after }, limit);
  if (tie.length === limit) return tie;
  return [...tie, ...(await read({ after: 'later', key: after }, limit - tie.length))];
}

async function countAfter(count: (range: Range) => Promise<number>, after: ListKey | null): Promise<number> {
  if (!after) return count(null);
  const [tie, later] = await Promise.all([count({ after: 'tie', key: after }), count({ after: 'later', key: after })]);
  return tie + later;
}

/** The list's order, as both engines sort the stored ISO times (one fixed format) and the ids. */
const byListKey = (a: OaiRecordRow, b: OaiRecordRow) =>
  a.modification < b.modification ? -1 : a.modification > b.modification ? 1 : a.id - b.id;

/**
 * Up to `limit` records of a harvest after a position (from the start without one), in list order: the first
 * `limit` of each table, merged.
 */
export async function listHarvest(
  db: JournalExecutor,
  filter: HarvestFilter,
  after: ListKey | null,
  limit: number,
): Promise<OaiRecordRow[]> {
  const [articles, tombstones] = await Promise.all([
    listAfter((range, n) => readRange(db, filter, range, n), after, limit),
    listAfter((range, n) => readTombstoneRange(db, filter, range, n), after, limit),
  ]);
  return [...articles, ...tombstones].sort(byListKey).slice(0, limit);
}

/** How many records of a harvest come after a position (all of them without one). */
export async function countHarvest(db: JournalExecutor, filter: HarvestFilter, after: ListKey | null): Promise<number> {
  const [articles, tombstones] = await Promise.all([
    countAfter((range) => countRange(db, filter, range), after),
    countAfter((range) => countTombstoneRange(db, filter, range), after),
  ]);
  return articles + tombstones;
}

/** The record of an identifier: its article, or the tombstone of a deleted one. */
export async function findHarvestArticle(db: JournalExecutor, refnumber: string): Promise<OaiRecordRow | undefined> {
  const article = await db
    .selectFrom('articles')
    .select(RECORD_COLUMNS)
    .where(HAS_IDENTIFIER)
    .where('refnumber', '=', refnumber)
    .executeTakeFirst();
  if (article) return article;
  const tombstone = await db
    .selectFrom('article_tombstones')
    .select(TOMBSTONE_COLUMNS)
    .where('refnumber', '=', refnumber)
    .executeTakeFirst();
  return tombstone && tombstoneRecord(tombstone);
}

/** The earliest datestamp of any record: an article's last change or a deletion. */
export async function earliestModification(db: JournalExecutor): Promise<string | null> {
  const [article, tombstone] = await Promise.all([
    db
      .selectFrom('articles')
      .select((eb) => eb.fn.min('modification').as('earliest'))
      .where(HAS_IDENTIFIER)
      .executeTakeFirst(),
    db
      .selectFrom('article_tombstones')
      .select((eb) => eb.fn.min('removed_at').as('earliest'))
      .executeTakeFirst(),
  ]);
  const dates = [article?.earliest, tombstone?.earliest].filter((date): date is string => !!date);
  return dates.sort()[0] ?? null;
}

/** Each volume of the journal with the years of its issues that have been published. */
export function listVolumes(db: JournalExecutor) {
  return db
    .selectFrom('issues')
    .select((eb) => ['volume', eb.fn.min('year').as('firstYear'), eb.fn.max('year').as('lastYear')])
    .where((eb) => eb.or([eb('state', '=', 'published'), eb('publication_date', '<>', '')]))
    .groupBy('volume')
    .orderBy('volume')
    .execute();
}
