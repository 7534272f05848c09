import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorsFromLine } from '../../common/authors.js';
import { openDatabase, type DatabaseOptions } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { listTables, restoreLastId, type AnyDb } from '../ops/database-tables.js';
import { createTestApp, testEngine, type TestApp } from '../test/test-app.js';
import { acrossJournals } from '../db/installation-scope.js';

/** A site made by the release before journals (its README says how), as rows and the files they name. */
const FIXTURE = path.resolve(import.meta.dirname, '../db/fixtures/before-journals');
const { rows: FIXTURE_ROWS } = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'rows.json'), 'utf8')) as {
  rows: Record<string, Record<string, unknown>[]>;
};
const OLD_PASSWORD = 'before-journals-1';
const LAST_MIGRATION_BEFORE_JOURNALS = '011-article-files-index';

/** Every file under `dir`, as relative path -> bytes. */
function filesUnder(dir: string): Map<string, Buffer> {
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(
    entries.map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [path.relative(dir, file), fs.readFileSync(file)];
    }),
  );
}

/** The database and DATA_DIR as that release left them: its schema, its rows with their ids, its files. */
async function siteBeforeJournals(database: DatabaseOptions, dataDir: string) {
  const handle = openDatabase(database);
  try {
    await migrate(handle, LAST_MIGRATION_BEFORE_JOURNALS);
    const db: AnyDb = acrossJournals(handle.db);
    // The migrations seed some rows (the content pages); the fixture holds what that site had instead.
    for (const [table, rows] of Object.entries(FIXTURE_ROWS)) {
      await db.deleteFrom(table).execute();
      if (rows.length) await db.insertInto(table).values(rows).execute();
    }
    for (const table of await listTables(db, handle.engine)) {
      const ids = (FIXTURE_ROWS[table.name] ?? []).map((row) => Number(row.id)).filter(Number.isFinite);
      if (ids.length) await restoreLastId(db, handle.engine, table, Math.max(...ids));
    }
  } finally {
    await handle.db.destroy();
  }
  fs.cpSync(path.join(FIXTURE, 'files'), path.join(dataDir, 'files'), { recursive: true });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ before: siteBeforeJournals, env: { ADMIN_PASSWORD: 'not-the-old-one' } });
});
afterAll(() => t?.close());

describe(`a site made before journals, upgraded in place (${testEngine})`, () => {
  it('keeps every row as it was, each now journal 1’s', async () => {
    const db: AnyDb = acrossJournals(t.ctx.db);
    for (const [table, rows] of Object.entries(FIXTURE_ROWS)) {
      const now = await db.selectFrom(table).selectAll().execute();
      const key = Object.keys(rows[0] ?? now[0] ?? {}).includes('id') ? 'id' : Object.keys(rows[0] ?? {})[0]!;
      const sorted = (list: Record<string, unknown>[]) =>
        [...list].sort((a, b) => String(a[key]).localeCompare(String(b[key]), 'en', { numeric: true }));
      // Columns added since (the journal, PostgreSQL's computed search vector, those of later migrations) are left
      // out here and checked below.
      const columns = Object.keys(rows[0] ?? {});
      const withoutJournal = now.map(({ journal_id: journal, ...row }) => {
        if (journal !== undefined) expect(Number(journal), table).toBe(1);
        return Object.fromEntries(columns.map((column) => [column, row[column]]));
      });
      expect(sorted(withoutJournal), table).toEqual(sorted(rows));
    }
    // Each user is a member of journal 1 with the role they had; its admins run the installation.
    const members = await db.selectFrom('journal_members').selectAll().orderBy('user_id').execute();
    expect(members).toEqual(FIXTURE_ROWS.users!.map((user) => ({ user_id: user.id, journal_id: 1, role: user.role })));
    const publishers = await t.ctx.db.selectFrom('users').select('id').where('publisher', '=', 1).execute();
    expect(publishers.map((user) => user.id)).toEqual(
      FIXTURE_ROWS.users!.filter((user) => user.role === 'admin').map((user) => user.id),
    );
    const journals = await t.ctx.db.selectFrom('journals').selectAll().execute();
    expect(journals.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 1, name: FIXTURE_ROWS.settings![0]!.websitename },
    ]);
  });

  it('publishes every issue and article it had, each article under the licence of the day (migration 014)', async () => {
    const issues = await t.journal.db.selectFrom('issues').select(['state', 'publication_date']).execute();
    expect(issues.length).toBe(FIXTURE_ROWS.issues!.length);
    for (const issue of issues) expect(issue.state).toBe('published');
    for (const issue of issues) expect(issue.publication_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const settings = FIXTURE_ROWS.settings![0]!;
    const articles = await t.journal.db
      .selectFrom('articles')
      .select(['issue_published', 'issue_ever_published', 'licence_name', 'licence_url'])
      .execute();
    expect(articles.length).toBe(FIXTURE_ROWS.articles!.length);
    const licence = { licence_name: settings.licence_name, licence_url: settings.licence_url };
    for (const article of articles)
      expect(article).toEqual({ issue_published: 1, issue_ever_published: 1, ...licence });
    expect(await t.journal.db.selectFrom('settings').select('journal_abbreviation').executeTakeFirst()).toEqual({
      journal_abbreviation: '',
    });
  });

  it('splits every author line into structured authors with the name parser (migration 016)', async () => {
    const rows = await t.journal.db
      .selectFrom('article_authors')
      .select(['article_id', 'position', 'given_name', 'family_name', 'email', 'country', 'corresponding'])
      .orderBy('article_id')
      .orderBy('position')
      .execute();
    const expected = FIXTURE_ROWS.articles!.flatMap((article) =>
      authorsFromLine(String(article.authorname), String(article.email)).map((author, position) => ({
        article_id: article.id,
        position,
        given_name: author.given_name,
        family_name: author.family_name,
        email: author.email,
        country: position === 0 ? article.country : '',
        corresponding: position === 0 ? 1 : 0,
      })),
    );
    expect(expected.length).toBeGreaterThan(FIXTURE_ROWS.articles!.length);
    expect(rows).toEqual(expected.sort((a, b) => Number(a.article_id) - Number(b.article_id)));
  });

  it("moves every file into journal 1's folder, byte for byte", () => {
    const before = filesUnder(path.join(FIXTURE, 'files'));
    const after = filesUnder(t.journal.files.root);
    expect([...after.keys()].filter((file) => !file.startsWith('.')).sort()).toEqual([...before.keys()].sort());
    for (const [file, bytes] of before) expect(after.get(file)?.equals(bytes), file).toBe(true);
    expect(fs.readdirSync(path.join(t.dataDir, 'files'))).toEqual(['1']);
  });

  it('answers at every address it had: pages, the article PDF, pictures and the search', async () => {
    const article = FIXTURE_ROWS.articles![0]!;
    const { year, volume, issue, refnumber, file } = article as Record<string, string>;
    const page = await t.app.inject({ url: `/archives/${year}/vol${volume}/issue${issue}/${refnumber}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(String(article.title).slice(0, 30));
    const pdf = await t.app.inject({ url: `/assets/archives/${year}/vol${volume}issue${issue}/${file}` });
    expect(pdf.statusCode).toBe(200);
    expect(
      pdf.rawPayload.equals(
        fs.readFileSync(path.join(FIXTURE, 'files/archives', String(year), `vol${volume}issue${issue}`, file)),
      ),
    ).toBe(true);
    const editor = FIXTURE_ROWS.editors!.find((row) => row.picture)!;
    expect((await t.app.inject({ url: `/assets/editors/${editor.picture}` })).statusCode).toBe(200);
    const word = String(article.title)
      .split(' ')
      .find((w) => w.length > 6)!;
    const found = await t.app.inject({ url: `/api/search?keyword=${encodeURIComponent(word)}` });
    expect(found.json().results.map((row: { refnumber: string }) => row.refnumber)).toContain(refnumber);
  });

  it('signs the admin in with the password they had, and keeps their tokens valid', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'admin', password: OLD_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const user = FIXTURE_ROWS.users![0]!;
    const token = await t.ctx.tokens.sign({
      userId: Number(user.id),
      username: String(user.username),
      name: String(user.name),
    });
    const issues = await t.app.inject({ url: '/api/admin/archives/', headers: { authorization: `Bearer ${token}` } });
    expect(issues.statusCode).toBe(200);
    expect(issues.json()).toHaveLength(FIXTURE_ROWS.issues!.length);
  });

  it('goes on numbering rows after the ones it had', async () => {
    const { rows } = await sql<{ n: number }>`select max(id) as n from articles`.execute(t.ctx.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/create-issue',
      headers: await t.authHeader(),
      payload: { year: 2027, volume: 13, issue: 1, frequency: 'jan-feb' },
    });
    expect(created.statusCode).toBe(201);
    const lastIssueId = Math.max(...FIXTURE_ROWS.issues!.map((row) => Number(row.id)));
    expect(created.json().id).toBeGreaterThan(lastIssueId);
    expect(Number(rows[0]!.n)).toBe(Math.max(...FIXTURE_ROWS.articles!.map((row) => Number(row.id))));
  });
});
