import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { addArticle, addIssue } from '../test/archive-fixtures.js';
import type { AcrossJournalsHandle } from './database.js';
import { migrate } from './migrate.js';
import { initialMigration } from './migrations/001-initial.js';
import { asFirstJournal, openEarlierDatabase } from '../test/earlier-database.js';

let handle: AcrossJournalsHandle | undefined;
afterEach(() => handle?.db.destroy());

const indexedIds = async ({ db }: AcrossJournalsHandle, word: string) =>
  (
    await sql<{
      id: number;
    }>`select rowid as id from articles_fts where articles_fts match ${word} order by rowid`.execute(db)
  ).rows.map((row) => row.id);

describe('migration 002 (SQLite search index of published articles)', () => {
  it('leaves the unpublished articles of an existing database out of the index', async () => {
    handle = openEarlierDatabase();
    const first = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => ({ '001-initial': initialMigration('sqlite') }) },
    });
    expect((await first.migrateToLatest()).error).toBeUndefined();
    await addIssue(asFirstJournal(handle.db), 2025, 3, 1);
    const issue = { year: 2025, volume: 3, issue: 1 };
    const enabled = await addArticle(asFirstJournal(handle.db), { ...issue, title: 'Estuary sediments' });
    const disabled = await addArticle(asFirstJournal(handle.db), {
      ...issue,
      title: 'Estuary salinity',
      status: 'disabled',
    });
    const unnumbered = await addArticle(asFirstJournal(handle.db), {
      ...issue,
      title: 'Estuary fisheries',
      refnumber: '',
    });
    expect(await indexedIds(handle, 'estuary')).toEqual([enabled, disabled, unnumbered]);

    await migrate(handle);
    expect(await indexedIds(handle, 'estuary')).toEqual([enabled]);
    await handle.db.updateTable('articles').set({ status: 'enabled' }).where('id', '=', disabled).execute();
    expect(await indexedIds(handle, 'estuary')).toEqual([enabled, disabled]);
  });
});

describe('migration 005 (OAI-PMH datestamps)', () => {
  it('gives articles without a last change their creation time as one', async () => {
    handle = openEarlierDatabase();
    const first = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => ({ '001-initial': initialMigration('sqlite') }) },
    });
    expect((await first.migrateToLatest()).error).toBeUndefined();
    await addIssue(asFirstJournal(handle.db), 2025, 3, 1);
    const issue = { year: 2025, volume: 3, issue: 1, creation: '2025-01-02T03:04:05.000Z' };
    const unchanged = await addArticle(asFirstJournal(handle.db), { ...issue, modification: '' });
    const changed = await addArticle(asFirstJournal(handle.db), { ...issue, modification: '2025-06-07T08:09:10.000Z' });

    await migrate(handle);
    const rows = await handle.db.selectFrom('articles').select(['id', 'modification']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: unchanged, modification: '2025-01-02T03:04:05.000Z' },
      { id: changed, modification: '2025-06-07T08:09:10.000Z' },
    ]);
  });
});
