import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../database.js';

/**
 * One installation hosts several journals (decision 095). Every journal-owned row carries its journal; the rows
 * there were become journal 1's, which claims no host and so keeps answering every host as before. The rules the
 * specification states as unique (an issue's numbers, an article's reference number, transaction id and title)
 * hold per journal; a DOI stays unique everywhere. `journal_id` defaults to 1 so that an older script or fixture
 * writing without a journal keeps writing journal 1's rows; the server writes through a handle scoped to one
 * journal (JournalScope), which always sets it.
 */
export function journalsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createJournals(db, engine);
      if (engine === 'postgres') await perJournalKeysPostgres(db);
      else await perJournalKeysSqlite(db);
      await journalIndexes(db);
    },
  };
}

/** Tables whose keys do not change: their rows only gain the column. */
const GAINING_A_COLUMN = ['settings', 'editors', 'indexing', 'activity_log', 'issue_moves', 'pending_file_moves'];

/** Tables whose keys become per journal. */
const REKEYED = ['issues', 'articles', 'content_pages', 'site_pictures'];

const addJournalColumn = (db: Kysely<unknown>, table: string) =>
  sql`ALTER TABLE ${sql.table(table)} ADD COLUMN journal_id integer NOT NULL DEFAULT 1 REFERENCES journals (id)`.execute(
    db,
  );

async function createJournals(db: Kysely<unknown>, engine: Engine) {
  const id = engine === 'postgres' ? sql`serial PRIMARY KEY` : sql`integer PRIMARY KEY AUTOINCREMENT`;
  await sql`CREATE TABLE journals (
    id ${id},
    name text NOT NULL,
    short_name text NOT NULL DEFAULT '',
    public_origin text NOT NULL DEFAULT '',
    created_at text NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE journal_hosts (
    host text PRIMARY KEY,
    journal_id integer NOT NULL REFERENCES journals (id),
    is_primary integer NOT NULL DEFAULT 0
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX journal_hosts_primary ON journal_hosts (journal_id) WHERE is_primary = 1`.execute(db);
  await sql`INSERT INTO journals (id, name, created_at)
    SELECT 1, coalesce((SELECT nullif(websitename, '') FROM settings WHERE id = 1), 'Journal'), ${new Date().toISOString()}`.execute(
    db,
  );
  if (engine === 'postgres') await sql`SELECT setval(pg_get_serial_sequence('journals', 'id'), 1)`.execute(db);
}

/** Indexes that lead with the journal, since every read of these tables now names one. */
async function journalIndexes(db: Kysely<unknown>) {
  const replaced = [
    'articles_by_issue',
    'articles_oai_datestamps',
    'articles_oai_volume_datestamps',
    'articles_published_changes',
    'articles_files',
    'editors_listing',
    'issue_moves_address',
  ];
  for (const index of replaced) await sql`DROP INDEX IF EXISTS ${sql.ref(index)}`.execute(db);
  const indexes = [
    sql`CREATE INDEX articles_by_issue ON articles (journal_id, year, volume, issue, status, first_page)`,
    sql`CREATE INDEX articles_oai_datestamps ON articles (journal_id, modification, id) WHERE refnumber <> ''`,
    sql`CREATE INDEX articles_oai_volume_datestamps ON articles (journal_id, volume, modification, id) WHERE refnumber <> ''`,
    sql`CREATE INDEX articles_published_changes ON articles (journal_id, year, volume, issue, modification, creation, refnumber)
      WHERE status = 'enabled' AND refnumber <> ''`,
    sql`CREATE INDEX articles_files ON articles (journal_id, file, year, volume, issue) WHERE file IS NOT NULL AND file <> ''`,
    sql`CREATE INDEX editors_listing ON editors (journal_id, status, is_pinned, id)`,
    sql`CREATE INDEX issue_moves_address ON issue_moves (journal_id, year, volume, issue)`,
    sql`CREATE INDEX activity_log_journal ON activity_log (journal_id, id)`,
  ];
  for (const index of indexes) await index.execute(db);
}

/** PostgreSQL changes keys in place (its DDL runs in the migration's transaction). */
async function perJournalKeysPostgres(db: Kysely<unknown>) {
  for (const table of [...GAINING_A_COLUMN, ...REKEYED]) await addJournalColumn(db, table);
  const statements = [
    sql`ALTER TABLE articles DROP CONSTRAINT articles_issue`,
    sql`ALTER TABLE issues DROP CONSTRAINT issues_year_volume_issue`,
    sql`ALTER TABLE issues ADD CONSTRAINT issues_year_volume_issue UNIQUE (journal_id, year, volume, issue)`,
    sql`ALTER TABLE articles DROP CONSTRAINT articles_refnumber_key`,
    sql`ALTER TABLE articles DROP CONSTRAINT articles_title_key_key`,
    sql`ALTER TABLE articles DROP CONSTRAINT articles_txnid_key`,
    sql`ALTER TABLE articles ADD CONSTRAINT articles_refnumber_key UNIQUE (journal_id, refnumber)`,
    sql`ALTER TABLE articles ADD CONSTRAINT articles_title_key_key UNIQUE (journal_id, title_key)`,
    sql`ALTER TABLE articles ADD CONSTRAINT articles_txnid_key UNIQUE (journal_id, txnid)`,
    sql`ALTER TABLE articles ADD CONSTRAINT articles_issue FOREIGN KEY (journal_id, year, volume, issue)
      REFERENCES issues (journal_id, year, volume, issue)`,
    sql`ALTER TABLE settings DROP CONSTRAINT settings_single_row`,
    sql`ALTER TABLE settings ADD CONSTRAINT settings_one_row_per_journal CHECK (id = journal_id)`,
    sql`ALTER TABLE content_pages DROP CONSTRAINT content_pages_pkey`,
    sql`ALTER TABLE content_pages ADD PRIMARY KEY (journal_id, slug)`,
    sql`ALTER TABLE site_pictures DROP CONSTRAINT site_pictures_pkey`,
    sql`ALTER TABLE site_pictures ADD PRIMARY KEY (journal_id, kind)`,
  ];
  for (const statement of statements) await statement.execute(db);
}

/**
 * SQLite cannot change a table's keys: the four tables are made again with them and their rows copied, ids kept
 * (SQLite's documented way, with foreign keys off while the tables are swapped, and checked before the commit).
 * The full-text index keeps pointing at the same article ids; its triggers go with the old table and are made again.
 */
async function perJournalKeysSqlite(db: Kysely<unknown>) {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      // SQLite adds a column that references another table only while foreign keys are off.
      for (const table of GAINING_A_COLUMN) await addJournalColumn(trx, table);
      for (const [table, create] of Object.entries(REKEYED_SQLITE)) {
        await create.execute(trx);
        await sql`INSERT INTO ${sql.table(`${table}_new`)} SELECT *, 1 FROM ${sql.table(table)}`.execute(trx);
      }
      for (const table of Object.keys(REKEYED_SQLITE).reverse()) await sql`DROP TABLE ${sql.table(table)}`.execute(trx);
      for (const table of Object.keys(REKEYED_SQLITE)) {
        await sql`ALTER TABLE ${sql.table(`${table}_new`)} RENAME TO ${sql.table(table)}`.execute(trx);
      }
      await sql`CREATE UNIQUE INDEX articles_doi ON articles (doi) WHERE doi <> ''`.execute(trx);
      await settingsRowPerJournalSqlite(trx);
      for (const statement of SEARCH_INDEX) await statement.execute(trx);
      const { rows } = await sql`PRAGMA foreign_key_check`.execute(trx);
      if (rows.length) throw new Error(`Foreign keys broken while adding journals: ${JSON.stringify(rows)}`);
    });
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

/**
 * The settings table was one row (`CHECK (id = 1)`); now one row per journal, its id the journal's. Its columns were
 * added by several migrations, so it is made again from its own stored definition with that check replaced.
 */
async function settingsRowPerJournalSqlite(db: Kysely<unknown>) {
  const { rows } = await sql<{
    sql: string;
  }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'settings'`.execute(db);
  const create = rows[0]!.sql;
  const oneRow = 'constraint "settings_single_row" check (id = 1)';
  if (!create.includes(oneRow)) throw new Error('The settings table is not as migration 011 left it');
  const perJournal = create
    .replace(oneRow, 'constraint "settings_one_row_per_journal" check (id = journal_id)')
    .replace('CREATE TABLE "settings"', 'CREATE TABLE "settings_new"');
  await sql.raw(perJournal).execute(db);
  await sql`INSERT INTO settings_new SELECT * FROM settings`.execute(db);
  await sql`DROP TABLE settings`.execute(db);
  await sql`ALTER TABLE settings_new RENAME TO settings`.execute(db);
}

/** The REKEYED tables, in that order, as migration 011 left them, with `journal_id` last (so `SELECT *, 1` fills them) and keys per journal. */
const REKEYED_SQLITE = {
  issues: sql`CREATE TABLE issues_new (
    id integer PRIMARY KEY AUTOINCREMENT, year integer NOT NULL, volume integer NOT NULL, issue integer NOT NULL,
    frequency text NOT NULL, creation text NOT NULL,
    journal_id integer NOT NULL DEFAULT 1 REFERENCES journals (id),
    CONSTRAINT issues_year_volume_issue UNIQUE (journal_id, year, volume, issue),
    CONSTRAINT issues_non_negative CHECK (volume >= 0 AND issue >= 0 AND year > 0))`,
  articles: sql`CREATE TABLE articles_new (
    id integer PRIMARY KEY AUTOINCREMENT, refnumber text NOT NULL, title text NOT NULL, title_key text NOT NULL,
    authorname text NOT NULL, abstract text NOT NULL, abstract_text text DEFAULT '' NOT NULL,
    keywords text DEFAULT '' NOT NULL, description text DEFAULT '' NOT NULL, subject text DEFAULT '' NOT NULL,
    country text DEFAULT '' NOT NULL, email text DEFAULT '' NOT NULL, mobile text DEFAULT '' NOT NULL,
    pagenumber text NOT NULL, first_page integer NOT NULL, year integer NOT NULL, volume integer NOT NULL,
    issue integer NOT NULL, frequency text DEFAULT '' NOT NULL, txnid text NOT NULL,
    ptype text DEFAULT 'paid' NOT NULL, publishdate text NOT NULL, file text, status text DEFAULT 'enabled' NOT NULL,
    createdby text DEFAULT '' NOT NULL, creation text NOT NULL, modifiedby text DEFAULT '' NOT NULL,
    modification text DEFAULT '' NOT NULL, doi text DEFAULT '' NOT NULL,
    journal_id integer NOT NULL DEFAULT 1 REFERENCES journals (id),
    CONSTRAINT articles_refnumber_key UNIQUE (journal_id, refnumber),
    CONSTRAINT articles_title_key_key UNIQUE (journal_id, title_key),
    CONSTRAINT articles_txnid_key UNIQUE (journal_id, txnid),
    CONSTRAINT articles_issue FOREIGN KEY (journal_id, year, volume, issue)
      REFERENCES issues (journal_id, year, volume, issue),
    CONSTRAINT articles_ptype CHECK (ptype IN ('paid', 'free')),
    CONSTRAINT articles_status CHECK (status IN ('enabled', 'disabled')))`,
  content_pages: sql`CREATE TABLE content_pages_new (
    slug text NOT NULL, content text NOT NULL, updated_at text NOT NULL,
    journal_id integer NOT NULL DEFAULT 1 REFERENCES journals (id),
    PRIMARY KEY (journal_id, slug))`,
  site_pictures: sql`CREATE TABLE site_pictures_new (
    kind text NOT NULL, file text NOT NULL, updated_at text NOT NULL,
    journal_id integer NOT NULL DEFAULT 1 REFERENCES journals (id),
    PRIMARY KEY (journal_id, kind))`,
};

// The full-text index of migration 002 with the journal as one more column: a search names its journal in the match,
// so it still counts and ranks from the index alone. The journal column weighs nothing in the ranking.
const INDEXED = 'title, authorname, keywords, abstract_text, journal_id';
const indexedOf = (row: string) =>
  INDEXED.split(', ')
    .map((column) => `${row}.${column}`)
    .join(', ');
const published = (row: string) => `${row}.status = 'enabled' AND ${row}.refnumber <> ''`;
const add = (row: string) =>
  `INSERT INTO articles_fts(rowid, ${INDEXED}) SELECT ${row}.id, ${indexedOf(row)} WHERE ${published(row)};`;
const remove = (row: string) =>
  `INSERT INTO articles_fts(articles_fts, rowid, ${INDEXED}) SELECT 'delete', ${row}.id, ${indexedOf(row)} WHERE ${published(row)};`;
const SEARCH_INDEX = [
  sql`DROP TABLE articles_fts`,
  sql.raw(`CREATE VIRTUAL TABLE articles_fts USING fts5(${INDEXED},
    content='articles', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')`),
  sql.raw(`INSERT INTO articles_fts(rowid, ${INDEXED}) SELECT id, ${INDEXED} FROM articles a WHERE ${published('a')}`),
  sql.raw(`CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN ${add('new')} END`),
  sql.raw(`CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN ${remove('old')} END`),
  sql.raw(`CREATE TRIGGER articles_fts_update AFTER UPDATE ON articles BEGIN ${remove('old')} ${add('new')} END`),
];
