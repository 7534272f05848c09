import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addIssue } from '../test/archive-fixtures.js';
import { openDatabase, preparedQuery, type DatabaseHandle, type JournalDb, type JournalExecutor } from './database.js';
import { migrate } from './migrate.js';
import { scopedDb } from '../journals/journal-scope.js';

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.db.destroy()));
});

/** A new database, and a handle on journal 1's rows. */
async function openMigrated(): Promise<{ db: JournalDb }> {
  const handle = openDatabase({ sqliteFile: ':memory:' });
  handles.push(handle);
  await migrate(handle);
  return { db: scopedDb(handle.db, 1) };
}

const issuesOfYear = preparedQuery((db: JournalExecutor, year: number, fromIssue: number) =>
  db
    .selectFrom('issues')
    .select('issue')
    .where('year', '=', year)
    .where('issue', '>=', fromIssue)
    .where('frequency', '!=', 'skipped')
    .orderBy('issue'),
);

describe('preparedQuery', () => {
  it('runs with each call its own arguments, keeping the values fixed in the shape', async () => {
    const { db } = await openMigrated();
    for (const issue of [1, 2, 3]) await addIssue(db, 2024, 5, issue);
    await addIssue(db, 2025, 6, 1);
    await db.updateTable('issues').set({ frequency: 'skipped' }).where('issue', '=', 2).execute();

    expect((await issuesOfYear(db, 2024, 1)).map((row) => row.issue)).toEqual([1, 3]);
    expect((await issuesOfYear(db, 2024, 3)).map((row) => row.issue)).toEqual([3]);
    expect((await issuesOfYear(db, 2025, 1)).map((row) => row.issue)).toEqual([1]);
  });

  it('keeps one compiled query per database', async () => {
    const [first, second] = [await openMigrated(), await openMigrated()];
    await addIssue(first.db, 2024, 5, 1);
    await addIssue(second.db, 2024, 5, 2);
    expect(await issuesOfYear(first.db, 2024, 1)).toEqual([{ issue: 1 }]);
    expect(await issuesOfYear(second.db, 2024, 1)).toEqual([{ issue: 2 }]);
  });

  it('refuses a query that does not bind an argument as a value', async () => {
    const { db } = await openMigrated();
    const unbound = preparedQuery((db: JournalExecutor, _year: number) => db.selectFrom('issues').select('issue'));
    await expect(unbound(db, 2024)).rejects.toThrow(/An argument is not a bound value of: select/);
  });
});

describe('a read-only SQLite connection', () => {
  it('reads the file and refuses writes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-only-'));
    const file = path.join(dir, 'journal.sqlite');
    try {
      const writer = openDatabase({ sqliteFile: file });
      handles.push(writer);
      await migrate(writer);
      await addIssue(scopedDb(writer.db, 1), 2024, 5, 1);
      const reader = openDatabase({ sqliteFile: file, readOnly: true });
      handles.push(reader);
      const journal = scopedDb(reader.db, 1);
      expect(await issuesOfYear(journal, 2024, 1)).toEqual([{ issue: 1 }]);
      await expect(journal.deleteFrom('issues').execute()).rejects.toThrow(/readonly/);
    } finally {
      await Promise.all(handles.splice(0).map((handle) => handle.db.destroy()));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
