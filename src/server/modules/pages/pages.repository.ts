import type { Executor } from '../../db/database.js';
import type { ContentPagesTable } from '../../db/schema.js';

export const listContentPages = (db: Executor): Promise<ContentPagesTable[]> =>
  db.selectFrom('content_pages').selectAll().orderBy('slug').execute();

export async function updateContentPage(db: Executor, slug: string, content: string, updatedAt: string): Promise<void> {
  await db.updateTable('content_pages').set({ content, updated_at: updatedAt }).where('slug', '=', slug).execute();
}
