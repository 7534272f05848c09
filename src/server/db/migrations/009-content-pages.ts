import type { Kysely, Migration } from 'kysely';
import { DEFAULT_PAGES } from '../../seed/default-pages.js';

interface PagesOnly {
  content_pages: { slug: string; content: string; updated_at: string };
}

/**
 * The pages of fixed text, stored so that staff can edit them (issue 18), seeded with the texts they had; and
 * the site pictures (logo, header image, cover picture) uploaded in the settings, which replace the built-in
 * ones while a row names them.
 */
export function contentPagesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_pages')
        .addColumn('slug', 'text', (c) => c.primaryKey())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      const now = new Date().toISOString();
      const rows = Object.entries(DEFAULT_PAGES).map(([slug, content]) => ({ slug, content, updated_at: now }));
      await (db as Kysely<PagesOnly>).insertInto('content_pages').values(rows).execute();
      await db.schema
        .createTable('site_pictures')
        .addColumn('kind', 'text', (c) => c.primaryKey())
        .addColumn('file', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
