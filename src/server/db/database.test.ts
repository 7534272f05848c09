import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findIssue, insertIssue } from '../modules/issues/issues.repository.js';
import { holdSqliteWriteLock } from '../test/sqlite-write-lock.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrate } from './migrate.js';

describe('a SQLite transaction while another connection writes', () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-lock-'));
    file = path.join(dir, 'journal.sqlite');
    handle = openDatabase({ sqliteFile: file });
    await migrate(handle);
  });
  afterEach(async () => {
    await handle.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('that reads before it writes waits for the other to finish, then commits', async () => {
    const lock = await holdSqliteWriteLock(file, 300);
    await handle.db.transaction().execute(async (trx) => {
      if (!(await findIssue(trx, 2026, 1, 1)))
        await insertIssue(trx, { year: 2026, volume: 1, issue: 1, frequency: 'jan-feb' });
    });
    await lock.release();
    expect(await findIssue(handle.db, 2026, 1, 1)).toMatchObject({ year: 2026, volume: 1, issue: 1 });
  });
});
