import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listTables,
  loadOrder,
  readLastIds,
  restoreLastId,
  type AnyDb,
  type TableInfo,
} from '../../ops/database-tables.js';
import { createTestApp, testEngine, type TestApp } from '../../test/test-app.js';
import { openDatabase, type DatabaseOptions, type Engine } from '../database.js';
import { acrossJournals } from '../installation-scope.js';
import { JOURNAL_TABLES } from '../table-owners.js';
import { migrate } from '../migrate.js';
import { tablesWithDefaultJournal } from './019-journal-without-default.js';

// Decision 121: the demo publisher's two journals, with a row in every journal table, written into the schema of
// migration 018 and migrated from there, come out row for row and id for id.

const USAGE_DAY = '2026-11-02';
const AUTHOR = {
  given_name: 'Asha',
  family_name: 'Rao',
  affiliation: '',
  country: '',
  orcid: '',
  email: '',
  corresponding: 1,
};
const isJournalTable = (name: string) => (JOURNAL_TABLES as readonly string[]).includes(name);

/** What the demo seed leaves empty, so that every journal table has rows in both journals. */
async function fillTheRest(t: TestApp) {
  for (const site of t.ctx.journals.all()) {
    const db = site.db;
    const [article] = await db.selectFrom('articles').select(['id', 'year', 'volume', 'issue']).limit(1).execute();
    const { id, year, volume, issue } = article!;
    await db
      .insertInto('usage_events')
      .values({ article_id: id, day: USAGE_DAY, session: 's1', investigations: 2, requests: 1 })
      .execute();
    await db
      .insertInto('article_authors')
      .values({ ...AUTHOR, article_id: id, position: 0 })
      .execute();
    await db.insertInto('site_pictures').values({ kind: 'logo', file: 'logo.png', updated_at: USAGE_DAY }).execute();
    await db.insertInto('usage_searches').values({ day: USAGE_DAY, searches: 3 }).execute();
    const key = { customer_id: 'library', requestor_id: '', institution_name: 'Library', key_hash: 'h', key_hint: 'k' };
    await db
      .insertInto('counter_api_keys')
      .values({ ...key, created_at: new Date().toISOString() })
      .execute();
    const issueId = (await db.selectFrom('issues').select('id').limit(1).executeTakeFirstOrThrow()).id;
    await db
      .insertInto('issue_moves')
      .values({ year, volume, issue: issue + 90, issue_id: issueId })
      .execute();
    const when = new Date().toISOString();
    const entry = { user_id: 1, username: 'admin', action: 'update', object_type: 'settings', summary: 'Saved' };
    await db
      .insertInto('activity_log')
      .values({ ...entry, created_at: when })
      .execute();
    const tombstone = {
      refnumber: `gone-${site.journal.id}`,
      year,
      volume,
      issue,
      title: 'Gone',
      authorname: 'A',
      doi: '',
    };
    await db
      .insertInto('article_tombstones')
      .values({ ...tombstone, publishdate: '2020-01-01', pagenumber: '1', removed_at: when, article_id: 99_999 })
      .execute();
    await db
      .insertInto('journal_members')
      .values({ user_id: 1, role: 'staff' })
      .onConflict((oc) => oc.columns(['user_id']).doNothing())
      .execute();
  }
}

/** Deletes the newest article of the installation, whose id then stays handed out; resolves to that id. */
async function deleteNewestArticle(t: TestApp): Promise<number> {
  const newest = await acrossJournals(t.ctx.db)
    .selectFrom('articles')
    .select(['id', 'journal_id' as never])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const { id, journal_id } = newest as { id: number; journal_id: number };
  await t.ctx.journals.site(journal_id).db.deleteFrom('articles').where('id', '=', id).execute();
  return id;
}

/** Every row of `tables`, by table, in primary-key order. */
async function allRows(db: AnyDb, tables: TableInfo[]): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    const order = sql.join(table.primaryKey.map((column) => sql.id(column)));
    const columns = sql.join(table.columns.map((column) => sql.id(column)));
    result[table.name] = (await sql`select ${columns} from ${sql.id(table.name)} order by ${order}`.execute(db)).rows;
  }
  return result;
}

const dataTables = async (db: AnyDb, engine: Engine): Promise<TableInfo[]> =>
  (await listTables(db, engine)).filter((table) => !table.name.startsWith('kysely_'));

let source: TestApp;
let target: TestApp;
let deletedArticleId: number;
let rowsBefore: Record<string, unknown[]>;
/** The tables and columns of migration 018: what a site of that release held, and what is compared. */
let tablesAt018: TableInfo[];
let lastIdsBefore: Map<string, number>;
let defaultsAt018: string[];

/** Writes the source's rows into a database of migration 018, as a site of that release would hold them. */
async function releaseBefore(database: DatabaseOptions) {
  const handle = openDatabase(database);
  const db: AnyDb = acrossJournals(handle.db);
  try {
    await migrate(handle, '018-shared-limits');
    defaultsAt018 = await tablesWithDefaultJournal(db, handle.engine);
    tablesAt018 = loadOrder(await dataTables(db, handle.engine));
    // The migrations' own rows (journal 1, its settings and pages) give way to the source's.
    for (const table of [...tablesAt018].reverse()) await db.deleteFrom(table.name).execute();
    const rows = await allRows(acrossJournals(source.ctx.db), tablesAt018);
    for (const table of tablesAt018) {
      if (rows[table.name]!.length) await db.insertInto(table.name).values(rows[table.name]!).execute();
      const lastId = lastIdsBefore.get(table.name);
      if (lastId !== undefined) await restoreLastId(db, handle.engine, table, lastId);
    }
  } finally {
    await handle.db.destroy();
  }
}

beforeAll(async () => {
  source = await createTestApp({ seedDemo: true });
  await fillTheRest(source);
  deletedArticleId = await deleteNewestArticle(source);
  const db: AnyDb = acrossJournals(source.ctx.db);
  lastIdsBefore = await readLastIds(db, source.ctx.engine, await dataTables(db, source.ctx.engine));
  target = await createTestApp({ before: releaseBefore });
  rowsBefore = await allRows(db, tablesAt018);
}, 120_000);
afterAll(async () => {
  await target?.close();
  await source?.close();
});

describe(`migration 019: no journal by default (${testEngine})`, () => {
  it('keeps every row of every table, in both journals', async () => {
    // Rows of both journals in every journal table, but the file moves in flight, which a start carries out.
    const journalTables = tablesAt018.filter(({ name }) => isJournalTable(name) && name !== 'pending_file_moves');
    expect(journalTables).toHaveLength(15);
    for (const { name } of journalTables) {
      const journals = new Set(rowsBefore[name]!.map((row) => Number((row as { journal_id: unknown }).journal_id)));
      expect([...journals].sort(), name).toEqual([1, 2]);
    }
    expect(await allRows(acrossJournals(target.ctx.db), tablesAt018)).toEqual(rowsBefore);
  });

  it('goes on with each table’s ids where they were: a deleted article’s id is not handed out again', async () => {
    const db: AnyDb = acrossJournals(target.ctx.db);
    const lastIds = await readLastIds(db, target.ctx.engine, tablesAt018);
    for (const table of tablesAt018) expect(lastIds.get(table.name), table.name).toBe(lastIdsBefore.get(table.name));
    expect(lastIdsBefore.get('articles')).toBe(deletedArticleId);
  });

  it('leaves no journal_id with a default, where migration 018 gave every journal table one', async () => {
    expect(defaultsAt018.length).toBeGreaterThanOrEqual(16);
    const db: AnyDb = acrossJournals(target.ctx.db);
    expect(await tablesWithDefaultJournal(db, target.ctx.engine)).toEqual([]);
  });
});
