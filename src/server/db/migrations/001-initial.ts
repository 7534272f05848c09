import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../database.js';

/**
 * The whole data model of the journal (specification: Entities and their fields), written once for SQLite and
 * PostgreSQL.
 */
export function initialMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const id = engine === 'postgres' ? 'serial' : 'integer';
      const autoId = (col: ColumnDefinitionBuilder) =>
        engine === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey();
      const text = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo('');

      await db.schema
        .createTable('settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('websitename', 'text', text)
        .addColumn('domain', 'text', text)
        .addColumn('formatted_journal_name', 'text', text)
        .addColumn('websiteemail', 'text', text)
        .addColumn('whatsup_number', 'text', text)
        .addColumn('journal_essn', 'text', text)
        .addColumn('issn', 'text', text)
        .addColumn('year_started', 'text', text)
        .addColumn('journal_frequency', 'text', text)
        .addColumn('journal_type', 'text', text)
        .addColumn('journal_language', 'text', text)
        .addColumn('nassScore', 'text', text)
        .addColumn('nassScoreYear', 'text', text)
        .addColumn('impactfactor', 'text', text)
        .addColumn('fee_rupee', 'text', text)
        .addColumn('fee_dollar', 'text', text)
        .addColumn('home_content', 'text', text)
        .addColumn('google_review_link', 'text', text)
        .addColumn('publisher_name', 'text', text)
        .addColumn('publisher_address', 'text', text)
        .addColumn('publisher_head', 'text', text)
        .addColumn('publisher_url', 'text', text)
        .addColumn('journal_list_url', 'text', text)
        .addColumn('show_editor_contacts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('show_subject_column', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('show_publisher_link', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('show_journal_list_link', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('header_style', 'text', (c) => c.notNull().defaultTo('image'))
        .addColumn('cover_page_variant', 'text', (c) => c.notNull().defaultTo('classic'))
        .addColumn('admin_ip_allowlist', 'text', text)
        .addColumn('updated_at', 'text', text)
        .addCheckConstraint('settings_single_row', sql`id = 1`)
        .execute();

      await db.schema
        .createTable('editors')
        .addColumn('id', id, autoId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('post', 'text', text)
        .addColumn('degree', 'text', text)
        .addColumn('content', 'text', text)
        .addColumn('email', 'text', text)
        .addColumn('phone', 'text', text)
        .addColumn('country', 'text', text)
        .addColumn('editor_website', 'text', text)
        .addColumn('picture', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('enabled'))
        .addColumn('is_pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('creation', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addCheckConstraint(
          'editors_category',
          sql`category in ('chief editor', 'associate editor', 'assistant editor')`,
        )
        .addCheckConstraint('editors_status', sql`status in ('enabled', 'disabled')`)
        .execute();
      await db.schema.createIndex('editors_listing').on('editors').columns(['status', 'is_pinned', 'id']).execute();

      await db.schema
        .createTable('indexing')
        .addColumn('id', id, autoId)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('link', 'text', text)
        .addColumn('image', 'text', (c) => c.notNull())
        .addColumn('sortnumber', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('enabled'))
        .execute();

      await db.schema
        .createTable('issues')
        .addColumn('id', id, autoId)
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('volume', 'integer', (c) => c.notNull())
        .addColumn('issue', 'integer', (c) => c.notNull())
        .addColumn('frequency', 'text', (c) => c.notNull())
        .addColumn('creation', 'text', (c) => c.notNull())
        .addUniqueConstraint('issues_year_volume_issue', ['year', 'volume', 'issue'])
        .addCheckConstraint('issues_non_negative', sql`volume >= 0 and issue >= 0 and year > 0`)
        .execute();

      await db.schema
        .createTable('articles')
        .addColumn('id', id, autoId)
        .addColumn('refnumber', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_key', 'text', (c) => c.notNull().unique())
        .addColumn('authorname', 'text', (c) => c.notNull())
        .addColumn('abstract', 'text', (c) => c.notNull())
        .addColumn('abstract_text', 'text', text)
        .addColumn('keywords', 'text', text)
        .addColumn('description', 'text', text)
        .addColumn('subject', 'text', text)
        .addColumn('country', 'text', text)
        .addColumn('email', 'text', text)
        .addColumn('mobile', 'text', text)
        .addColumn('pagenumber', 'text', (c) => c.notNull())
        .addColumn('first_page', 'integer', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('volume', 'integer', (c) => c.notNull())
        .addColumn('issue', 'integer', (c) => c.notNull())
        .addColumn('frequency', 'text', text)
        .addColumn('txnid', 'text', (c) => c.notNull().unique())
        .addColumn('ptype', 'text', (c) => c.notNull().defaultTo('paid'))
        .addColumn('publishdate', 'text', (c) => c.notNull())
        .addColumn('file', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('enabled'))
        .addColumn('createdby', 'text', text)
        .addColumn('creation', 'text', (c) => c.notNull())
        .addColumn('modifiedby', 'text', text)
        .addColumn('modification', 'text', text)
        .addForeignKeyConstraint('articles_issue', ['year', 'volume', 'issue'], 'issues', ['year', 'volume', 'issue'])
        .addCheckConstraint('articles_ptype', sql`ptype in ('paid', 'free')`)
        .addCheckConstraint('articles_status', sql`status in ('enabled', 'disabled')`)
        .execute();
      await db.schema
        .createIndex('articles_by_issue')
        .on('articles')
        .columns(['year', 'volume', 'issue', 'status', 'first_page'])
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', id, autoId)
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('creation', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('worklog_entries')
        .addColumn('id', id, autoId)
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('createdby', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint(
          'worklog_status',
          sql`status in ('pending', 'working', 'completed', 'info', 'last-work', 'journal', 'urgent', 'cancelled')`,
        )
        .execute();
      await db.schema.createIndex('worklog_by_status').on('worklog_entries').columns(['status', 'id']).execute();

      await createArticleSearch(db, engine);
    },
  };
}

/** Ranked full-text search over title, authors, keywords and abstract. */
async function createArticleSearch(db: Kysely<unknown>, engine: Engine) {
  if (engine === 'postgres') {
    await sql`
      ALTER TABLE articles ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(authorname, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(keywords, '')), 'B') ||
        setweight(to_tsvector('english', coalesce(abstract_text, '')), 'C')
      ) STORED`.execute(db);
    await sql`CREATE INDEX articles_search ON articles USING GIN (search_vector)`.execute(db);
    return;
  }
  await sql`
    CREATE VIRTUAL TABLE articles_fts USING fts5(
      title, authorname, keywords, abstract_text,
      content='articles', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
    )`.execute(db);
  await sql`
    CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
      INSERT INTO articles_fts(rowid, title, authorname, keywords, abstract_text)
      VALUES (new.id, new.title, new.authorname, new.keywords, new.abstract_text);
    END`.execute(db);
  await sql`
    CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
      INSERT INTO articles_fts(articles_fts, rowid, title, authorname, keywords, abstract_text)
      VALUES ('delete', old.id, old.title, old.authorname, old.keywords, old.abstract_text);
    END`.execute(db);
  await sql`
    CREATE TRIGGER articles_fts_update AFTER UPDATE ON articles BEGIN
      INSERT INTO articles_fts(articles_fts, rowid, title, authorname, keywords, abstract_text)
      VALUES ('delete', old.id, old.title, old.authorname, old.keywords, old.abstract_text);
      INSERT INTO articles_fts(rowid, title, authorname, keywords, abstract_text)
      VALUES (new.id, new.title, new.authorname, new.keywords, new.abstract_text);
    END`.execute(db);
}
