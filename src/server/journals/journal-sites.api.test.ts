import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyContentPages } from '../modules/pages/pages.repository.js';
import { ensureDefaultSettings } from '../modules/settings/default-settings.js';
import { scopedDb } from './journal-scope.js';
import { createTestApp, testEngine, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Journal 1 claims a host, so that a host nobody claims is a 404 rather than journal 1's.
  await t.ctx.db.insertInto('journal_hosts').values({ host: 'first.test', journal_id: 1, is_primary: 1 }).execute();
  await t.ctx.journals.reload();
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

const home = (host: string) => t.app.inject({ url: '/', headers: { host } });

describe(`journals added by another process (${testEngine})`, () => {
  it('answer at their host once the journals are read again, a few seconds after a miss at most', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    await t.ctx.journals.reload();
    // What another worker process or instance does when a publisher admin adds a journal there.
    const { id } = await t.ctx.db
      .insertInto('journals')
      .values({ name: 'Elsewhere', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('journal_hosts')
      .values({ host: 'elsewhere.test', journal_id: id, is_primary: 1 })
      .execute();
    await ensureDefaultSettings(scopedDb(t.ctx.db, id), { websitename: 'Elsewhere' });
    await copyContentPages(t.journal.db, scopedDb(t.ctx.db, id));

    expect((await home('elsewhere.test')).statusCode).toBe(404);
    vi.setSystemTime(new Date('2026-11-26T12:00:06Z'));
    const found = await home('elsewhere.test');
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('<title>Elsewhere</title>');
    expect(t.ctx.journals.site(id).journal.name).toBe('Elsewhere');
    // A host that nobody claims stays a plain 404.
    expect((await home('nobody.test')).statusCode).toBe(404);
  });
});
