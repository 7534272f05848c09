import type { JournalExecutor } from '../../db/database.js';
import type { ContentPagesTable } from '../../db/schema.js';

export const listContentPages = (db: JournalExecutor): Promise<ContentPagesTable[]> =>
  db.selectFrom('content_pages').selectAll().orderBy('slug').execute();

export async function updateContentPage(
  db: JournalExecutor,
  slug: string,
  content: string,
  updatedAt: string,
): Promise<void> {
  await db.updateTable('content_pages').set({ content, updated_at: updatedAt }).where('slug', '=', slug).execute();
}

/**
 * A new journal's pages: a copy of `from`'s (the installation's first journal), whose `{name}` placeholders then
 * show the new journal's own settings (decision 095).
 */
export async function copyContentPages(from: JournalExecutor, to: JournalExecutor): Promise<void> {
  const now = new Date().toISOString();
  const pages = await listContentPages(from);
  if (pages.length) {
    await to
      .insertInto('content_pages')
      .values(pages.map(({ slug, content }) => ({ slug, content, updated_at: now })))
      .execute();
  }
}
