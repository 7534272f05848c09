import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../database.js';

/**
 * Issues are prepared in private and published in one step (decision 098):
 * - `issues.state` is draft, scheduled or published; `publish_at` is when a scheduled issue publishes itself (an
 *   ISO instant); `publication_date` is the date its publication set (kept when it goes back to draft).
 * - Each article mirrors its issue's state in `issue_published`, so that "published" stays a condition on one row
 *   (the search index, the partial indexes and every query read it as before), and `issue_ever_published`
 *   remembers that it was once public, so that OAI-PMH keeps answering its identifier (as a deleted record while
 *   its issue is a draft again).
 * - Each article carries its own licence (`licence_name`, `licence_url`), taken from the journal's settings when it
 *   is added: a later change of the journal's licence does not re-license the archive.
 * - `settings.journal_abbreviation` is the journal's abbreviated title for citation metadata.
 * Every issue and article made before is published, so existing sites change nothing.
 */
export function issueStatesMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`ALTER TABLE issues ADD COLUMN state text NOT NULL DEFAULT 'published'
        CONSTRAINT issues_state CHECK (state IN ('draft', 'scheduled', 'published'))`.execute(db);
      await sql`ALTER TABLE issues ADD COLUMN publish_at text NOT NULL DEFAULT ''`.execute(db);
      await sql`ALTER TABLE issues ADD COLUMN publication_date text NOT NULL DEFAULT ''`.execute(db);
      await sql`UPDATE issues SET publication_date = coalesce(
        (SELECT min(a.publishdate) FROM articles a WHERE a.journal_id = issues.journal_id AND a.year = issues.year
          AND a.volume = issues.volume AND a.issue = issues.issue),
        substr(creation, 1, 10))`.execute(db);
      await sql`CREATE INDEX issues_scheduled ON issues (publish_at) WHERE state = 'scheduled'`.execute(db);

      await sql`ALTER TABLE articles ADD COLUMN issue_published integer NOT NULL DEFAULT 1`.execute(db);
      await sql`ALTER TABLE articles ADD COLUMN issue_ever_published integer NOT NULL DEFAULT 1`.execute(db);
      await sql`ALTER TABLE articles ADD COLUMN licence_name text NOT NULL DEFAULT ''`.execute(db);
      await sql`ALTER TABLE articles ADD COLUMN licence_url text NOT NULL DEFAULT ''`.execute(db);
      await sql`UPDATE articles SET
        licence_name = (SELECT s.licence_name FROM settings s WHERE s.journal_id = articles.journal_id),
        licence_url = (SELECT s.licence_url FROM settings s WHERE s.journal_id = articles.journal_id)
        WHERE EXISTS (SELECT 1 FROM settings s WHERE s.journal_id = articles.journal_id)`.execute(db);

      await sql`ALTER TABLE settings ADD COLUMN journal_abbreviation text NOT NULL DEFAULT ''`.execute(db);

      await publishedIndexes(db);
      if (engine === 'sqlite') for (const statement of SEARCH_INDEX_TRIGGERS) await statement.execute(db);
    },
  };
}

/** The partial indexes of migrations 005, 006 and 012 with the new conditions, so the planner still reads them alone. */
async function publishedIndexes(db: Kysely<unknown>) {
  for (const index of ['articles_oai_datestamps', 'articles_oai_volume_datestamps', 'articles_published_changes']) {
    await sql`DROP INDEX ${sql.ref(index)}`.execute(db);
  }
  await sql`CREATE INDEX articles_oai_datestamps ON articles (journal_id, modification, id)
    WHERE refnumber <> '' AND issue_ever_published = 1`.execute(db);
  await sql`CREATE INDEX articles_oai_volume_datestamps ON articles (journal_id, volume, modification, id)
    WHERE refnumber <> '' AND issue_ever_published = 1`.execute(db);
  await sql`CREATE INDEX articles_published_changes ON articles (journal_id, year, volume, issue, modification, creation, refnumber)
    WHERE status = 'enabled' AND refnumber <> '' AND issue_published = 1`.execute(db);
}

// The full-text index's triggers of migration 012 with the new published condition; what it holds is unchanged,
// since every article is published in the sense it had before.
const INDEXED = 'title, authorname, keywords, abstract_text, journal_id';
const indexedOf = (row: string) =>
  INDEXED.split(', ')
    .map((column) => `${row}.${column}`)
    .join(', ');
const published = (row: string) =>
  `${row}.status = 'enabled' AND ${row}.refnumber <> '' AND ${row}.issue_published = 1`;
const add = (row: string) =>
  `INSERT INTO articles_fts(rowid, ${INDEXED}) SELECT ${row}.id, ${indexedOf(row)} WHERE ${published(row)};`;
const remove = (row: string) =>
  `INSERT INTO articles_fts(articles_fts, rowid, ${INDEXED}) SELECT 'delete', ${row}.id, ${indexedOf(row)} WHERE ${published(row)};`;
const SEARCH_INDEX_TRIGGERS = [
  sql`DROP TRIGGER articles_fts_insert`,
  sql`DROP TRIGGER articles_fts_delete`,
  sql`DROP TRIGGER articles_fts_update`,
  sql.raw(`CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN ${add('new')} END`),
  sql.raw(`CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN ${remove('old')} END`),
  sql.raw(`CREATE TRIGGER articles_fts_update AFTER UPDATE ON articles BEGIN ${remove('old')} ${add('new')} END`),
];
