import type { Author } from '../../../common/authors.js';
import { preparedQuery, type JournalExecutor } from '../../db/database.js';
import type { ArticleAuthorRow } from '../../db/schema.js';

const toAuthor = (row: ArticleAuthorRow): Author => ({
  given_name: row.given_name,
  family_name: row.family_name,
  affiliation: row.affiliation,
  country: row.country,
  orcid: row.orcid,
  email: row.email,
  corresponding: row.corresponding === 1,
});

/** The structured authors of each article asked for, in order (an article without rows is absent from the map). */
export async function listAuthorsOf(
  db: JournalExecutor,
  articleIds: readonly number[],
): Promise<Map<number, Author[]>> {
  const authors = new Map<number, Author[]>();
  if (articleIds.length === 0) return authors;
  const rows = await db
    .selectFrom('article_authors')
    .selectAll()
    .where('article_id', 'in', [...new Set(articleIds)])
    .orderBy('article_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = authors.get(row.article_id) ?? [];
    list.push(toAuthor(row));
    authors.set(row.article_id, list);
  }
  return authors;
}

const authorsOfArticle = preparedQuery((db, articleId: number) =>
  db.selectFrom('article_authors').selectAll().where('article_id', '=', articleId).orderBy('position'),
);

/** One article's structured authors, or undefined when it has none stored. Every article page reads them. */
export async function findAuthors(db: JournalExecutor, articleId: number): Promise<Author[] | undefined> {
  const rows = await authorsOfArticle(db, articleId);
  return rows.length > 0 ? rows.map(toAuthor) : undefined;
}

/** Writes an article's authors in place of the ones it had. */
export async function replaceAuthors(
  trx: JournalExecutor,
  articleId: number,
  authors: readonly Author[],
): Promise<void> {
  await trx.deleteFrom('article_authors').where('article_id', '=', articleId).execute();
  if (authors.length === 0) return;
  await trx
    .insertInto('article_authors')
    .values(
      authors.map((author, position) => ({
        article_id: articleId,
        position,
        ...author,
        corresponding: author.corresponding ? 1 : 0,
      })),
    )
    .execute();
}
