import type { Kysely, Migration } from 'kysely';

const SETTINGS_COLUMNS = ['crossref_depositor_name', 'crossref_depositor_email', 'crossref_registrant'] as const;

/**
 * Who deposits the journal's DOIs with Crossref and which member registers them, when they are not the
 * publisher and the journal's own address (the values used before, and still used while these are empty).
 */
export function crossrefDepositorMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of SETTINGS_COLUMNS) {
        await db.schema
          .alterTable('settings')
          .addColumn(column, 'text', (col) => col.notNull().defaultTo(''))
          .execute();
      }
    },
  };
}
