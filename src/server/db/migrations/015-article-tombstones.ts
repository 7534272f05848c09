import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../database.js';

/**
 * A published article that is deleted leaves a tombstone (decision 099): its citation and when it went, so that its
 * address answers 410 with a notice and OAI-PMH keeps its identifier as a deleted record.
 * - Its reference number (per journal) and its DOI (in the whole installation, as for articles) stay taken: a trigger
 *   on `articles` refuses them as a unique violation of the article's own constraint, so the services report
 *   `duplicate_reference_number` / `duplicate_doi` as for a live article. A table rebuild of `articles` (SQLite) must
 *   create these triggers again.
 * - `removed_at` orders tombstones in OAI-PMH harvests as `modification` orders articles.
 */
export function articleTombstonesMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const id = engine === 'postgres' ? sql`serial PRIMARY KEY` : sql`integer PRIMARY KEY AUTOINCREMENT`;
      await sql`CREATE TABLE article_tombstones (
        id ${id},
        journal_id integer NOT NULL DEFAULT 1 REFERENCES journals (id),
        refnumber text NOT NULL,
        year integer NOT NULL,
        volume integer NOT NULL,
        issue integer NOT NULL,
        title text NOT NULL,
        authorname text NOT NULL,
        doi text NOT NULL DEFAULT '',
        publishdate text NOT NULL,
        pagenumber text NOT NULL,
        removed_at text NOT NULL,
        CONSTRAINT article_tombstones_refnumber_key UNIQUE (journal_id, refnumber)
      )`.execute(db);
      await sql`CREATE UNIQUE INDEX article_tombstones_doi ON article_tombstones (doi) WHERE doi <> ''`.execute(db);
      await sql`CREATE INDEX article_tombstones_removals ON article_tombstones (journal_id, removed_at, id)`.execute(
        db,
      );
      for (const statement of engine === 'postgres' ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await statement.execute(db);
    },
  };
}

// The messages start as SQLite's own unique violations do; uniqueViolation() reads them as such.
const TAKEN_REFNUMBER = `'UNIQUE constraint failed: articles.refnumber (kept by a deleted article)'`;
const TAKEN_DOI = `'UNIQUE constraint failed: articles.doi (kept by a deleted article)'`;
const sqliteCheck = `
  SELECT RAISE(ABORT, ${TAKEN_REFNUMBER}) WHERE EXISTS (SELECT 1 FROM article_tombstones t
    WHERE t.journal_id = NEW.journal_id AND t.refnumber = NEW.refnumber);
  SELECT RAISE(ABORT, ${TAKEN_DOI}) WHERE NEW.doi <> '' AND EXISTS (SELECT 1 FROM article_tombstones t
    WHERE t.doi = NEW.doi);`;
const SQLITE_TRIGGERS = [
  sql.raw(`CREATE TRIGGER articles_keep_tombstone_numbers_insert AFTER INSERT ON articles BEGIN ${sqliteCheck} END`),
  sql.raw(
    `CREATE TRIGGER articles_keep_tombstone_numbers_update AFTER UPDATE OF refnumber, doi ON articles BEGIN ${sqliteCheck} END`,
  ),
];

// AFTER, not BEFORE: the row's unique index entry waits for a concurrent delete to commit, and the check then reads
// (in a statement snapshot of its own) the tombstone that delete left.
const POSTGRES_TRIGGERS = [
  sql`CREATE FUNCTION articles_keep_tombstone_numbers() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM article_tombstones t WHERE t.journal_id = NEW.journal_id AND t.refnumber = NEW.refnumber) THEN
        RAISE EXCEPTION 'duplicate key value violates unique constraint "articles_refnumber_key" (kept by a deleted article)'
          USING ERRCODE = 'unique_violation', CONSTRAINT = 'articles_refnumber_key';
      END IF;
      IF NEW.doi <> '' AND EXISTS (SELECT 1 FROM article_tombstones t WHERE t.doi = NEW.doi) THEN
        RAISE EXCEPTION 'duplicate key value violates unique constraint "articles_doi" (kept by a deleted article)'
          USING ERRCODE = 'unique_violation', CONSTRAINT = 'articles_doi';
      END IF;
      RETURN NULL;
    END $$`,
  sql`CREATE TRIGGER articles_keep_tombstone_numbers AFTER INSERT OR UPDATE OF refnumber, doi ON articles
    FOR EACH ROW EXECUTE FUNCTION articles_keep_tombstone_numbers()`,
];
