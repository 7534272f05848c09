import type { JournalExecutor } from '../../db/database.js';
import type { ArticleRow, ArticleTombstoneRow } from '../../db/schema.js';

/** What a tombstone keeps of its article: its citation. */
const CITATION_COLUMNS = [
  'refnumber',
  'title',
  'authorname',
  'doi',
  'year',
  'volume',
  'issue',
  'pagenumber',
  'publishdate',
] as const;

export type CitationRow = Pick<ArticleRow, (typeof CITATION_COLUMNS)[number]>;

/**
 * An article that readers have been able to see: OAI-PMH has an identifier for it (its HAS_IDENTIFIER in
 * oai.repository.ts). Once it is no longer published, its address answers 410 and its deletion leaves a tombstone.
 */
export const wasPublished = (row: Pick<ArticleRow, 'refnumber' | 'issue_ever_published'>) =>
  row.refnumber !== '' && row.issue_ever_published === 1;

export async function insertTombstone(
  trx: JournalExecutor,
  article: CitationRow & Pick<ArticleRow, 'id'>,
  removedAt: string,
): Promise<void> {
  const citation = Object.fromEntries(CITATION_COLUMNS.map((column) => [column, article[column]])) as CitationRow;
  await trx
    .insertInto('article_tombstones')
    .values({ ...citation, article_id: article.id, removed_at: removedAt })
    .execute();
}

export const findTombstone = (db: JournalExecutor, refnumber: string): Promise<ArticleTombstoneRow | undefined> =>
  db.selectFrom('article_tombstones').selectAll().where('refnumber', '=', refnumber).executeTakeFirst();

const NOTICE_COLUMNS = [
  ...CITATION_COLUMNS,
  'status',
  'issue_published',
  'issue_ever_published',
  'modification',
  'creation',
] as const;

export type NoticeArticleRow = Pick<ArticleRow, (typeof NOTICE_COLUMNS)[number]>;

/** An article by reference number, with what tells whether it was withdrawn and when. */
export const findArticleForNotice = (db: JournalExecutor, refnumber: string): Promise<NoticeArticleRow | undefined> =>
  db.selectFrom('articles').select(NOTICE_COLUMNS).where('refnumber', '=', refnumber).executeTakeFirst();

export const findTombstoneById = (db: JournalExecutor, id: number): Promise<ArticleTombstoneRow | undefined> =>
  db.selectFrom('article_tombstones').selectAll().where('id', '=', id).executeTakeFirst();

/** The tombstones of one issue, the latest deletion first. */
export const listIssueTombstones = (
  db: JournalExecutor,
  at: { year: number; volume: number; issue: number },
): Promise<ArticleTombstoneRow[]> =>
  db
    .selectFrom('article_tombstones')
    .selectAll()
    .where('year', '=', at.year)
    .where('volume', '=', at.volume)
    .where('issue', '=', at.issue)
    .orderBy('removed_at', 'desc')
    .execute();

export async function deleteTombstone(trx: JournalExecutor, id: number): Promise<void> {
  await trx.deleteFrom('article_tombstones').where('id', '=', id).execute();
}
