import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ArticleRow, Database } from '../../db/schema.js';

/**
 * Articles with a reference number have an OAI identifier: enabled ones are records, disabled ones are
 * deleted records. Written as a literal so that the planner of either engine sees it implies the condition
 * of the partial indexes of migration 005.
 */
const HAS_IDENTIFIER = sql<boolean>`refnumber <> ''`;

/** Columns of a record (a header needs a few of them; reading all costs little beside the page's other work). */
const RECORD_COLUMNS = [
  'id',
  'refnumber',
  'modification',
  'creation',
  'status',
  'title',
  'authorname',
  'abstract_text',
  'keywords',
  'doi',
  'pagenumber',
  'year',
  'volume',
  'issue',
  'publishdate',
  'file',
] as const;

export type OaiRecordRow = Pick<ArticleRow, (typeof RECORD_COLUMNS)[number]>;

/** A selective harvest: bounds on the last change (stored ISO strings, inclusive) and a volume. */
export interface HarvestFilter {
  from: string | null;
  until: string | null;
  volume: number | null;
}

/** The list's order is (modification, id); a position is the last one already sent. */
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

const readRange = (db: Executor, filter: HarvestFilter, range: Range, limit: number): Promise<OaiRecordRow[]> =>
  harvestQuery(db.selectFrom('articles').select(RECORD_COLUMNS), filter, range)
    .orderBy('modification')
    .orderBy('id')
    .limit(limit)
    .execute();

async function countRange(db: Executor, filter: HarvestFilter, range: Range): Promise<number> {
  const row = await harvestQuery(
    db.selectFrom('articles').select((eb) => eb.fn.countAll().as('count')),
    filter,
    range,
  ).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Up to `limit` articles of a harvest after a position (from the start without one), in list order. */
export async function listHarvest(
  db: Executor,
  filter: HarvestFilter,
  after: ListKey | null,
  limit: number,
): Promise<OaiRecordRow[]> {
  if (!after) return readRange(db, filter, null, limit);
  const tie = await readRange(db, filter, { after: 'tie', key: after }, limit);
  if (tie.length === limit) return tie;
  return [...tie, ...(await readRange(db, filter, { after: 'later', key: after }, limit - tie.length))];
}

/** How many articles of a harvest come after a position (all of them without one). */
export async function countHarvest(db: Executor, filter: HarvestFilter, after: ListKey | null): Promise<number> {
  if (!after) return countRange(db, filter, null);
  const [tie, later] = await Promise.all([
    countRange(db, filter, { after: 'tie', key: after }),
    countRange(db, filter, { after: 'later', key: after }),
  ]);
  return tie + later;
}

export const findHarvestArticle = (db: Executor, refnumber: string): Promise<OaiRecordRow | undefined> =>
  db
    .selectFrom('articles')
    .select(RECORD_COLUMNS)
    .where(HAS_IDENTIFIER)
    .where('refnumber', '=', refnumber)
    .executeTakeFirst();

/** The earliest last change of any article with an identifier. */
export async function earliestModification(db: Executor): Promise<string | null> {
  const row = await db
    .selectFrom('articles')
    .select((eb) => eb.fn.min('modification').as('earliest'))
    .where(HAS_IDENTIFIER)
    .executeTakeFirst();
  return row?.earliest || null;
}

/** Each volume of the journal with the years of its issues. */
export function listVolumes(db: Executor) {
  return db
    .selectFrom('issues')
    .select((eb) => ['volume', eb.fn.min('year').as('firstYear'), eb.fn.max('year').as('lastYear')])
    .groupBy('volume')
    .orderBy('volume')
    .execute();
}
