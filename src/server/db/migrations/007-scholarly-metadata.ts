import { sql, type Kysely, type Migration } from 'kysely';

const SETTINGS_COLUMNS = ['doi_prefix', 'doi_suffix_pattern', 'licence_name', 'licence_url'] as const;

/**
 * Scholarly metadata: an optional DOI per article (stored without https://doi.org/, unique when set) and the
 * settings that pre-fill it and name the journal's licence.
 */
export function scholarlyMetadataMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('articles')
        .addColumn('doi', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
      await sql`CREATE UNIQUE INDEX articles_doi ON articles (doi) WHERE doi <> ''`.execute(db);
      for (const column of SETTINGS_COLUMNS) {
        await db.schema
          .alterTable('settings')
          .addColumn(column, 'text', (col) => col.notNull().defaultTo(''))
          .execute();
      }
    },
  };
}
