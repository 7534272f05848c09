import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
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
  'id', 'refnumber', 'modification', 'creation', 'status', 'title', 'authorname', 'abstract_text', 'keywords', 'pagenumber',
  'year', 'volume', 'issue', 'publishdate', 'file',
] as const;

export type OaiRecordRow = Pick<ArticleRow, (typeof RECORD_COLUMNS)[number]>;

/** A selective harvest: bounds on the last change (stored ISO strings, inclusive) and a volume. */
export interface HarvestFilter {
  from: string | null;
  until: string | null;
  volume: number | null;
}

/** The list's order is (modification, id); `after` is the last position already sent. */
export type ListKey = [modification: string, id: number];

function filtered<O>(query: SelectQueryBuilder<Database, 'articles', O>, filter: HarvestFilter, after: ListKey | null) {
  let result = query.where(HAS_IDENTIFIER);
  if (filter.volume !== null) result = result.where('volume', '=', filter.volume);
  if (filter.from !== null) result = result.where('modification', '>=', filter.from);
  if (filter.until !== null) result = result.where('modification', '<=', filter.until);
  if (after) result = result.where((eb: ExpressionBuilder<Database, 'articles'>) => eb(eb.refTuple('modification', 'id'), '>', eb.tuple(...after)));
  return result;
}

/** The articles of a harvest after a position, in list order. */
export const listHarvest = (db: Executor, filter: HarvestFilter, after: ListKey | null, limit: number): Promise<OaiRecordRow[]> =>
  filtered(db.selectFrom('articles').select(RECORD_COLUMNS), filter, after).orderBy('modification').orderBy('id').limit(limit).execute();

/** How many articles of a harvest come after a position. */
export async function countHarvest(db: Executor, filter: HarvestFilter, after: ListKey | null): Promise<number> {
  const row = await filtered(db.selectFrom('articles').select((eb) => eb.fn.countAll().as('count')), filter, after).executeTakeFirstOrThrow();
  return Number(row.count);
}

export const findHarvestArticle = (db: Executor, refnumber: string): Promise<OaiRecordRow | undefined> =>
  db.selectFrom('articles').select(RECORD_COLUMNS).where(HAS_IDENTIFIER).where('refnumber', '=', refnumber).executeTakeFirst();

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
