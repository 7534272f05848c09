import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { JournalScope, scopedDb } from './journal-scope.js';

interface TestDb {
  issues: { id: Generated<number>; journal_id: Generated<number>; year: number; volume: number; issue: number };
  articles: {
    id: Generated<number>;
    journal_id: Generated<number>;
    refnumber: string;
    year: number;
    volume: number;
    issue: number;
    title: string;
  };
  content_pages: { journal_id: Generated<number>; slug: string; content: string };
  users: { id: Generated<number>; username: string };
}

/** scopedDb on this file's small schema: its types take the installation's handle of the real one. */
const scopedTo = (db: Kysely<TestDb>, journalId: number): Kysely<TestDb> =>
  scopedDb(db as never, journalId) as unknown as Kysely<TestDb>;

const dbs: Kysely<TestDb>[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.destroy()));
});

async function open(): Promise<{ db: Kysely<TestDb>; j1: Kysely<TestDb>; j2: Kysely<TestDb> }> {
  const db = new Kysely<TestDb>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  dbs.push(db);
  await sql`create table issues (id integer primary key, journal_id integer not null default 1,
    year integer not null, volume integer not null, issue integer not null,
    unique (journal_id, year, volume, issue))`.execute(db);
  await sql`create table articles (id integer primary key, journal_id integer not null default 1,
    refnumber text not null, year integer not null, volume integer not null, issue integer not null,
    title text not null)`.execute(db);
  await sql`create table content_pages (journal_id integer not null default 1, slug text not null,
    content text not null, primary key (journal_id, slug))`.execute(db);
  await sql`create table users (id integer primary key, username text not null)`.execute(db);
  return { db, j1: scopedTo(db, 1), j2: scopedTo(db, 2) };
}

/** Compiles only: no database is opened. */
const unscoped = new Kysely<TestDb>({ dialect: new SqliteDialect({ database: async () => new SQLite(':memory:') }) });
const scoped = scopedTo(unscoped, 2);

function article(refnumber: string, issue = 1) {
  return { refnumber, year: 2024, volume: 5, issue, title: `Title ${refnumber}` };
}

describe('JournalScope: compiled SQL', () => {
  it('scopes a plain select, with and without a where', () => {
    expect(scoped.selectFrom('articles').select('id').compile()).toMatchObject({
      sql: 'select "id" from "articles" where "articles"."journal_id" = ?',
      parameters: [2],
    });
    expect(scoped.selectFrom('articles').select('id').where('year', '=', 2024).compile()).toMatchObject({
      sql: 'select "id" from "articles" where "year" = ? and "articles"."journal_id" = ?',
      parameters: [2024, 2],
    });
  });

  it('qualifies an aliased table by its alias and a schema-qualified one by its full name', () => {
    expect(scoped.selectFrom('articles as a').select('a.id').compile().sql).toBe(
      'select "a"."id" from "articles" as "a" where "a"."journal_id" = ?',
    );
    expect(scoped.withSchema('main').selectFrom('articles').select('id').compile().sql).toBe(
      'select "id" from "main"."articles" where "main"."articles"."journal_id" = ?',
    );
  });

  it('puts a joined journal table in the ON of its join', () => {
    const query = scoped
      .selectFrom('issues')
      .leftJoin('articles as a', (join) => join.onRef('a.issue', '=', 'issues.issue').on('a.year', '=', 2024))
      .innerJoin('users', 'users.id', 'issues.id')
      .select(['issues.id', 'a.title'])
      .compile();
    expect(query.sql).toBe(
      'select "issues"."id", "a"."title" from "issues"' +
        ' left join "articles" as "a" on "a"."issue" = "issues"."issue" and "a"."year" = ? and "a"."journal_id" = ?' +
        ' inner join "users" on "users"."id" = "issues"."id"' +
        ' where "issues"."journal_id" = ?',
    );
    expect(query.parameters).toEqual([2024, 2, 2]);
  });

  it('puts a cross-joined journal table in WHERE', () => {
    expect(scoped.selectFrom('users').crossJoin('issues').select('users.id').compile().sql).toBe(
      'select "users"."id" from "users" cross join "issues" where "issues"."journal_id" = ?',
    );
  });

  it('scopes subqueries, exists and CTEs', () => {
    const inSubquery = scoped
      .selectFrom('issues')
      .select('id')
      .where('issue', 'in', (eb) => eb.selectFrom('articles').select('issue').where('year', '=', 2024))
      .compile();
    expect(inSubquery.sql).toBe(
      'select "id" from "issues" where "issue" in' +
        ' (select "issue" from "articles" where "year" = ? and "articles"."journal_id" = ?)' +
        ' and "issues"."journal_id" = ?',
    );
    expect(inSubquery.parameters).toEqual([2024, 2, 2]);

    const exists = scoped
      .selectFrom('users')
      .select('id')
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('articles').select('id').whereRef('articles.id', '=', 'users.id')),
      )
      .compile();
    expect(exists.sql).toBe(
      'select "id" from "users" where exists (select "id" from "articles"' +
        ' where "articles"."id" = "users"."id" and "articles"."journal_id" = ?)',
    );

    const cte = scoped
      .with('recent', (db) => db.selectFrom('articles').select('id').where('year', '>', 2020))
      .selectFrom('recent')
      .select('id')
      .compile();
    expect(cte.sql).toBe(
      'with "recent" as (select "id" from "articles" where "year" > ? and "articles"."journal_id" = ?)' +
        ' select "id" from "recent"',
    );
  });

  it('parenthesizes an OR or raw WHERE before adding the scope', () => {
    const or = scoped
      .selectFrom('articles')
      .select('id')
      .where((eb) => eb.or([eb('year', '=', 2023), eb('year', '=', 2024)]))
      .compile();
    expect(or.sql).toBe('select "id" from "articles" where ("year" = ? or "year" = ?) and "articles"."journal_id" = ?');
    const raw = scoped
      .selectFrom('articles')
      .select('id')
      .where(sql<boolean>`year = 2023 or year = 2024`)
      .compile();
    expect(raw.sql).toBe(
      'select "id" from "articles" where (year = 2023 or year = 2024) and "articles"."journal_id" = ?',
    );
  });

  it('scopes update and delete', () => {
    expect(scoped.updateTable('articles').set({ title: 'T' }).where('id', '=', 7).compile()).toMatchObject({
      sql: 'update "articles" set "title" = ? where "id" = ? and "articles"."journal_id" = ?',
      parameters: ['T', 7, 2],
    });
    expect(scoped.deleteFrom('articles as a').where('a.id', '=', 7).compile()).toMatchObject({
      sql: 'delete from "articles" as "a" where "a"."id" = ? and "a"."journal_id" = ?',
      parameters: [7, 2],
    });
    expect(
      scoped
        .updateTable('articles')
        .from('issues')
        .set((eb) => ({ year: eb.ref('issues.year') }))
        .whereRef('issues.issue', '=', 'articles.issue')
        .compile().sql,
    ).toBe(
      'update "articles" set "year" = "issues"."year" from "issues" where "issues"."issue" = "articles"."issue"' +
        ' and "articles"."journal_id" = ? and "issues"."journal_id" = ?',
    );
    expect(scoped.deleteFrom('articles').using('issues').whereRef('issues.id', '=', 'articles.id').compile().sql).toBe(
      'delete from "articles" using "issues" where "issues"."id" = "articles"."id"' +
        ' and "articles"."journal_id" = ? and "issues"."journal_id" = ?',
    );
    expect(scoped.deleteFrom('content_pages').compile().sql).toBe(
      'delete from "content_pages" where "content_pages"."journal_id" = ?',
    );
  });

  it('adds journal_id to every inserted row', () => {
    expect(scoped.insertInto('articles').values(article('A1')).compile()).toMatchObject({
      sql: 'insert into "articles" ("refnumber", "year", "volume", "issue", "title", "journal_id") values (?, ?, ?, ?, ?, ?)',
      parameters: ['A1', 2024, 5, 1, 'Title A1', 2],
    });
    const multi = scoped
      .insertInto('content_pages')
      .values([
        { slug: 'a', content: 'A' },
        { slug: 'b', content: sql<string>`upper('b')` },
      ])
      .compile();
    expect(multi.sql).toBe(
      'insert into "content_pages" ("slug", "content", "journal_id") values (?, ?, ?), (?, upper(\'b\'), ?)',
    );
    expect(multi.parameters).toEqual(['a', 'A', 2, 'b', 2]);
    expect(scoped.insertInto('issues').defaultValues().compile().sql).toBe(
      'insert into "issues" ("journal_id") values (?)',
    );
  });

  it("accepts journal_id when it is the handle's own, filling rows that leave it out", () => {
    const query = scoped
      .insertInto('content_pages')
      .values([
        { journal_id: 2, slug: 'a', content: 'A' },
        { slug: 'b', content: 'B' },
      ])
      .compile();
    expect(query.sql).toBe('insert into "content_pages" ("journal_id", "slug", "content") values (?, ?, ?), (?, ?, ?)');
    expect(query.parameters).toEqual([2, 'a', 'A', 2, 'b', 'B']);
  });

  it('adds journal_id to the ON CONFLICT target', () => {
    const query = scoped
      .insertInto('content_pages')
      .values({ slug: 'about', content: 'x' })
      .onConflict((oc) => oc.column('slug').doUpdateSet((eb) => ({ content: eb.ref('excluded.content') })))
      .compile();
    expect(query.sql).toBe(
      'insert into "content_pages" ("slug", "content", "journal_id") values (?, ?, ?)' +
        ' on conflict ("slug", "journal_id") do update set "content" = "excluded"."content"',
    );
    const named = scoped
      .insertInto('content_pages')
      .values({ journal_id: 2, slug: 'about', content: 'x' })
      .onConflict((oc) => oc.columns(['journal_id', 'slug']).doNothing())
      .compile();
    expect(named.sql).toContain('on conflict ("journal_id", "slug") do nothing');
  });

  it('scopes insert ... select and adds the id as a literal column', () => {
    const query = scoped
      .insertInto('issues')
      .columns(['year', 'volume', 'issue'])
      .expression((eb) => eb.selectFrom('articles').select(['year', 'volume', 'issue']).distinct())
      .compile();
    expect(query.sql).toBe(
      'insert into "issues" ("year", "volume", "issue", "journal_id")' +
        ' select distinct "year", "volume", "issue", 2 as "journal_id" from "articles" where "articles"."journal_id" = ?',
    );
    expect(() =>
      scoped
        .insertInto('issues')
        .expression((eb) => eb.selectFrom('articles').selectAll())
        .compile(),
    ).toThrow(/not supported/);
  });

  it('leaves tables outside JOURNAL_TABLES and raw SQL untouched', () => {
    const queries = (db: Kysely<TestDb>) => [
      db.selectFrom('users').selectAll().where('id', '=', 1),
      db.insertInto('users').values({ username: 'u' }),
      db.updateTable('users').set({ username: 'v' }).where('id', '=', 1),
      db.deleteFrom('users').where('id', '=', 1),
    ];
    const plain = queries(unscoped).map((query) => query.compile());
    expect(queries(scoped).map((query) => query.compile())).toEqual(
      plain.map((query) => expect.objectContaining({ sql: query.sql, parameters: query.parameters })),
    );
    expect(sql`select * from articles`.compile(scoped).sql).toBe('select * from articles');
  });

  it('refuses what would write another journal', () => {
    expect(() =>
      scoped
        .insertInto('articles')
        .values({ ...article('X'), journal_id: 1 })
        .compile(),
    ).toThrow(/journal 2 may not write journal_id/);
    expect(() => scoped.updateTable('articles').set({ journal_id: 1 }).compile()).toThrow(/may not set journal_id/);
    // A row written back as it was read names its own journal: allowed, it stays where it is.
    expect(scoped.updateTable('articles').set({ title: 'T', journal_id: 2 }).compile().parameters).toEqual(['T', 2, 2]);
    expect(() =>
      scoped
        .insertInto('content_pages')
        .values({ slug: 'a', content: 'A' })
        .onConflict((oc) => oc.column('slug').doUpdateSet({ journal_id: 1 }))
        .compile(),
    ).toThrow(/may not set journal_id/);
    expect(() => scoped.replaceInto('articles').values(article('X')).compile()).toThrow(/may not replace/);
    expect(() => scoped.insertInto('articles').orReplace().values(article('X')).compile()).toThrow(/may not replace/);
    // Other tables are not the scope's business.
    expect(() => scoped.replaceInto('users').values({ id: 1, username: 'u' }).compile()).not.toThrow();
  });

  it('rejects an invalid journal id and reads the id back from a handle', async () => {
    expect(() => new JournalScope(0)).toThrow(/Invalid journal id/);
    expect(() => new JournalScope(1.5)).toThrow(/Invalid journal id/);
    expect(JournalScope.of(scoped)).toBe(2);
    expect(() => JournalScope.of(unscoped)).toThrow(/not journal-scoped/);
    // A handle keeps its journal: scoping it again to another is refused, to its own changes nothing.
    expect(() => scopedTo(scoped, 1)).toThrow(/scoped to journal 2 cannot be scoped to journal 1/);
    expect(JournalScope.of(scopedTo(scoped, 2))).toBe(2);
    const { j1 } = await open();
    expect(await j1.transaction().execute(async (trx) => JournalScope.of(trx))).toBe(1);
  });
});

describe('JournalScope: two journals on one database', () => {
  it('keeps rows inserted through one journal invisible to the other', async () => {
    const { db, j1, j2 } = await open();
    await j1
      .insertInto('articles')
      .values([article('A1'), article('A2')])
      .execute();
    await j2.insertInto('articles').values(article('B1')).execute();

    expect(
      (await j1.selectFrom('articles').select('refnumber').orderBy('id').execute()).map((r) => r.refnumber),
    ).toEqual(['A1', 'A2']);
    expect((await j2.selectFrom('articles').selectAll().execute()).map((r) => [r.refnumber, r.journal_id])).toEqual([
      ['B1', 2],
    ]);
    expect(await db.selectFrom('articles').select(['refnumber', 'journal_id']).orderBy('id').execute()).toEqual([
      { refnumber: 'A1', journal_id: 1 },
      { refnumber: 'A2', journal_id: 1 },
      { refnumber: 'B1', journal_id: 2 },
    ]);
  });

  it('lets no update or delete through journal 2 touch a journal 1 row by id', async () => {
    const { db, j1, j2 } = await open();
    const { id } = await j1.insertInto('articles').values(article('A1')).returning('id').executeTakeFirstOrThrow();

    const updated = await j2.updateTable('articles').set({ title: 'hijacked' }).where('id', '=', id).executeTakeFirst();
    const deleted = await j2.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(0n);
    expect(deleted.numDeletedRows).toBe(0n);
    expect(await j2.selectFrom('articles').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('articles').select('title').where('id', '=', id).executeTakeFirst()).toEqual({
      title: 'Title A1',
    });

    const own = await j1.updateTable('articles').set({ title: 'edited' }).where('id', '=', id).executeTakeFirst();
    expect(own.numUpdatedRows).toBe(1n);
  });

  it('keeps the rows of a LEFT JOIN without a match in the journal', async () => {
    const { j1, j2 } = await open();
    await j1.insertInto('issues').values({ year: 2024, volume: 5, issue: 1 }).execute();
    await j1.insertInto('issues').values({ year: 2024, volume: 5, issue: 2 }).execute();
    await j1.insertInto('articles').values(article('A1', 1)).execute();
    // Journal 2's article in issue 2 must not show up as a match for journal 1's issue 2.
    await j2.insertInto('articles').values(article('B1', 2)).execute();

    const rows = await j1
      .selectFrom('issues')
      .leftJoin('articles', (join) =>
        join.onRef('articles.year', '=', 'issues.year').onRef('articles.issue', '=', 'issues.issue'),
      )
      .select(['issues.issue', 'articles.refnumber'])
      .orderBy('issues.issue')
      .execute();
    expect(rows).toEqual([
      { issue: 1, refnumber: 'A1' },
      { issue: 2, refnumber: null },
    ]);
  });

  it('counts only the own journal rows', async () => {
    const { db, j1, j2 } = await open();
    await j1
      .insertInto('articles')
      .values([article('A1'), article('A2'), article('A3')])
      .execute();
    await j2.insertInto('articles').values(article('B1')).execute();
    const count = (handle: Kysely<TestDb>) =>
      handle
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    expect(await count(j1)).toEqual({ n: 3 });
    expect(await count(j2)).toEqual({ n: 1 });
    expect(await count(db)).toEqual({ n: 4 });
  });

  it('upserts the same slug once per journal', async () => {
    const { db, j1, j2 } = await open();
    const upsert = (handle: Kysely<TestDb>, content: string) =>
      handle
        .insertInto('content_pages')
        .values({ slug: 'about', content })
        .onConflict((oc) => oc.column('slug').doUpdateSet((eb) => ({ content: eb.ref('excluded.content') })))
        .execute();
    await upsert(j1, 'one');
    await upsert(j2, 'two');
    await upsert(j1, 'one, again');
    expect(await db.selectFrom('content_pages').selectAll().orderBy('journal_id').execute()).toEqual([
      { journal_id: 1, slug: 'about', content: 'one, again' },
      { journal_id: 2, slug: 'about', content: 'two' },
    ]);
  });

  it('copies with insert ... select only within the journal', async () => {
    const { db, j1, j2 } = await open();
    await j1.insertInto('articles').values(article('A1', 1)).execute();
    await j2
      .insertInto('articles')
      .values([article('B1', 2), article('B2', 3)])
      .execute();
    await j2
      .insertInto('issues')
      .columns(['year', 'volume', 'issue'])
      .expression((eb) => eb.selectFrom('articles').select(['year', 'volume', 'issue']))
      .execute();
    expect(await db.selectFrom('issues').select(['journal_id', 'issue']).orderBy('issue').execute()).toEqual([
      { journal_id: 2, issue: 2 },
      { journal_id: 2, issue: 3 },
    ]);
  });

  it('throws on an explicit other journal_id or on moving a row, and writes nothing', async () => {
    const { db, j1, j2 } = await open();
    await expect(
      j2
        .insertInto('articles')
        .values({ ...article('X'), journal_id: 1 })
        .execute(),
    ).rejects.toThrow(/may not write journal_id/);
    await j1.insertInto('articles').values(article('A1')).execute();
    await expect(j1.updateTable('articles').set({ journal_id: 2 }).execute()).rejects.toThrow(/may not set journal_id/);
    expect(await db.selectFrom('articles').select(['refnumber', 'journal_id']).execute()).toEqual([
      { refnumber: 'A1', journal_id: 1 },
    ]);
  });

  it('scopes transactions begun from a scoped handle', async () => {
    const { j1, j2 } = await open();
    await j1.insertInto('articles').values(article('A1')).execute();
    const seen = await j2.transaction().execute(async (trx) => {
      await trx.insertInto('articles').values(article('B1')).execute();
      await trx.updateTable('articles').set({ title: 'changed in 2' }).execute();
      return trx.selectFrom('articles').select(['refnumber', 'journal_id', 'title']).execute();
    });
    expect(seen).toEqual([{ refnumber: 'B1', journal_id: 2, title: 'changed in 2' }]);
    expect(await j1.selectFrom('articles').select('title').execute()).toEqual([{ title: 'Title A1' }]);
  });
});
