import { sql, type Kysely, type Migration } from 'kysely';

/**
 * OAI-PMH harvests articles in the order of their last change (`modification`, then id) and filters them by
 * that change and by volume. The indexes hold only articles with a reference number (the ones that have an
 * OAI identifier), so a page of a harvest and the count beside it read the index alone. Rows written before
 * `modification` was always set get their creation time, so every article has a datestamp.
 */
export function oaiDatestampsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`UPDATE articles SET modification = creation WHERE modification = ''`.execute(db);
      await sql`CREATE INDEX articles_oai_datestamps ON articles (modification, id) WHERE refnumber <> ''`.execute(db);
      await sql`CREATE INDEX articles_oai_volume_datestamps ON articles (volume, modification, id) WHERE refnumber <> ''`.execute(
        db,
      );
    },
  };
}
