import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../database.js';

type Row = 'new.' | 'old.' | '';

/**
 * Published (specification: States and transitions): enabled and carrying a reference number; `row` names the
 * trigger's row.
 */
const published = (row: Row) => sql.raw(`${row}status = 'enabled' AND ${row}refnumber <> ''`);
const indexed = (row: Row) =>
  sql.raw(['title', 'authorname', 'keywords', 'abstract_text'].map((column) => row + column).join(', '));

const add = (row: Row) =>
  sql`INSERT INTO articles_fts(rowid, ${indexed('')}) SELECT ${sql.raw(`${row}id`)}, ${indexed(row)} WHERE ${published(row)};`;
const remove = (row: Row) =>
  sql`INSERT INTO articles_fts(articles_fts, rowid, ${indexed('')}) SELECT 'delete', ${sql.raw(`${row}id`)}, ${indexed(row)} WHERE ${published(row)};`;

/**
 * SQLite's full-text index keeps only published articles, so a search counts and ranks its matches
 * without reading each matching article to filter it: at 100,000 articles that reading was most of a
 * search's time. The update trigger removes what was indexed before, then adds what is published now.
 * PostgreSQL filters in the query instead (its search vector is a column of articles).
 */
export function searchIndexPublishedMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'sqlite') return;
      for (const trigger of ['articles_fts_insert', 'articles_fts_delete', 'articles_fts_update']) {
        await sql`DROP TRIGGER ${sql.ref(trigger)}`.execute(db);
      }
      await sql`CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN ${add('new.')} END`.execute(db);
      await sql`CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN ${remove('old.')} END`.execute(db);
      await sql`CREATE TRIGGER articles_fts_update AFTER UPDATE ON articles BEGIN ${remove('old.')} ${add('new.')} END`.execute(
        db,
      );
      await sql`INSERT INTO articles_fts(articles_fts) VALUES ('delete-all')`.execute(db);
      await sql`INSERT INTO articles_fts(rowid, ${indexed('')}) SELECT id, ${indexed('')} FROM articles WHERE ${published('')}`.execute(
        db,
      );
    },
  };
}
