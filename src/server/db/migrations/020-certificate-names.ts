import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What certificates print beyond the article (decisions 126 and 127):
 * - `author_renames` (a journal's rows, with no default journal: decision 121): the names an article's authors had
 *   before a correction, each with the name it became, so that a certificate address already sent
 *   (`/api/pdf/certificate/{ref}/{old name}`) answers 301 to the new one. Deleted with its article.
 * - `settings.certificate_signatory_name` and `_title`: who signs the certificates of publication; their signature
 *   picture is a site picture (`signature`).
 */
export function certificateNamesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`CREATE TABLE author_renames (
        journal_id integer NOT NULL REFERENCES journals (id),
        article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
        old_name text NOT NULL,
        new_name text NOT NULL,
        renamed_at text NOT NULL,
        PRIMARY KEY (journal_id, article_id, old_name)
      )`.execute(db);
      await sql`ALTER TABLE settings ADD COLUMN certificate_signatory_name text NOT NULL DEFAULT ''`.execute(db);
      await sql`ALTER TABLE settings ADD COLUMN certificate_signatory_title text NOT NULL DEFAULT ''`.execute(db);
    },
  };
}
