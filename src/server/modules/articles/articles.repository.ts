import type { Executor } from '../../db/database.js';
import type { NewArticle } from '../../db/schema.js';

export async function insertArticle(db: Executor, article: NewArticle): Promise<number> {
  const row = await db.insertInto('articles').values(article).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
