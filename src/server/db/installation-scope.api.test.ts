import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, testEngine, type TestApp } from '../test/test-app.js';
import { acrossJournals, NoJournalInScopeError } from './installation-scope.js';

// Decision 121: a query on a journal's table through a handle that names no journal fails at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const memberships = () => acrossJournals(t.ctx.db).selectFrom('journal_members').selectAll().execute();

describe(`the installation's database handle (${testEngine})`, () => {
  it("refuses a read or write of a journal's table, naming it, and writes nothing", async () => {
    const db = t.ctx.db;
    const before = await memberships();
    const refused: [string, Promise<unknown>][] = [
      ['articles', db.selectFrom('articles').selectAll().execute()],
      ['journal_members', db.insertInto('journal_members').values({ user_id: 1, role: 'staff' }).execute()],
      ['settings', db.updateTable('settings').set({ websitename: 'Anywhere' }).execute()],
      ['issues', db.deleteFrom('issues').execute()],
      // A journal table anywhere in the query: a join, a subquery.
      [
        'journal_members',
        db.selectFrom('users').innerJoin('journal_members', 'user_id', 'users.id').selectAll().execute(),
      ],
      [
        'counter_api_keys',
        db
          .selectFrom('users')
          .select('id')
          .where('id', 'in', (eb) => eb.selectFrom('counter_api_keys').select('id'))
          .execute(),
      ],
    ];
    for (const [table, query] of refused) {
      const error = await query.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, table).toBeInstanceOf(NoJournalInScopeError);
      expect((error as Error).message).toContain(`The table ${table} holds one journal's rows`);
    }
    expect(await memberships()).toEqual(before);
  });

  it("reads and writes the installation's own tables", async () => {
    const users = await t.ctx.db.selectFrom('users').select('username').execute();
    expect(users).toEqual([{ username: TEST_ADMIN.username }]);
    expect(await t.ctx.db.selectFrom('journals').select('id').execute()).toEqual([{ id: t.journal.journal.id }]);
  });

  it('gives the first admin a membership of the first journal, named by the write', async () => {
    expect(await memberships()).toEqual([{ user_id: 1, journal_id: t.journal.journal.id, role: 'admin' }]);
  });

  it('leaves a row written without its journal to the database, which refuses it: no journal by default', async () => {
    const everyJournal = acrossJournals(t.ctx.db);
    const page = { slug: 'no-journal', content: '', updated_at: new Date().toISOString() };
    await expect(everyJournal.insertInto('content_pages').values(page).execute()).rejects.toThrow(/journal_id/);
    const written = await everyJournal
      .selectFrom('content_pages')
      .select('slug')
      .where('slug', '=', page.slug)
      .execute();
    expect(written).toEqual([]);
  });
});
