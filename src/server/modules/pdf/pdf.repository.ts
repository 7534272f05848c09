import type { JournalExecutor } from '../../db/database.js';
import type { ArticleRow, EditorRow } from '../../db/schema.js';
import { isPublished } from '../articles/published.js';

/** The article columns a generated document prints. */
const ARTICLE_COLUMNS = [
  'id',
  'refnumber',
  'title',
  'authorname',
  'year',
  'volume',
  'issue',
  'frequency',
  'pagenumber',
  'publishdate',
  'file',
] as const;

export type PdfArticleRow = Pick<ArticleRow, (typeof ARTICLE_COLUMNS)[number]>;

/** A published article by its reference number. */
export const findPublishedArticle = (db: JournalExecutor, refnumber: string): Promise<PdfArticleRow | undefined> =>
  db
    .selectFrom('articles')
    .select(ARTICLE_COLUMNS)
    .where('refnumber', '=', refnumber)
    .where(isPublished)
    .executeTakeFirst();

/** Articles of any status by id, in issue and page order (an administrator's selection). */
export const findArticlesByIds = (db: JournalExecutor, ids: number[]): Promise<PdfArticleRow[]> =>
  db
    .selectFrom('articles')
    .select(ARTICLE_COLUMNS)
    .where('id', 'in', ids)
    .orderBy('year')
    .orderBy('volume')
    .orderBy('issue')
    .orderBy('first_page')
    .orderBy('id')
    .execute();

/** Editors of any status by id, pinned first as on the board. */
export const findEditorsByIds = (db: JournalExecutor, ids: number[]): Promise<EditorRow[]> =>
  db.selectFrom('editors').selectAll().where('id', 'in', ids).orderBy('is_pinned', 'desc').orderBy('id').execute();

/** The Editor-in-Chief who signs certificates: the first enabled chief editor, pinned first. */
export const findChiefEditor = (db: JournalExecutor): Promise<Pick<EditorRow, 'id' | 'name'> | undefined> =>
  db
    .selectFrom('editors')
    .select(['id', 'name'])
    .where('status', '=', 'enabled')
    .where('category', '=', 'chief editor')
    .orderBy('is_pinned', 'desc')
    .orderBy('id')
    .executeTakeFirst();
