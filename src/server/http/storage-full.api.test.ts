import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addIssue } from '../test/archive-fixtures.js';
import { articleFields, issueFields, multipartForm, testPdf } from '../test/article-form.js';
import { createTestApp, testEngine, type TestApp } from '../test/test-app.js';

let t: TestApp;
let auth: { authorization: string };

const ISSUE = { year: 2026, volume: 3, issue: 1 };
const STORAGE_FULL = { error: 'storage_full', message: "The server's storage is full; nothing was saved." };

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  await addIssue(t.journal.db, ISSUE.year, ISSUE.volume, ISSUE.issue, 'jan-feb');
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => t.close());

let nextPage = 1;

/** Adds an article with its PDF; a long abstract makes the row need new database pages. */
function addArticle(refnumber: string) {
  const first = nextPage;
  nextPage += 10;
  const fields = articleFields(first, {
    refnumber,
    abstract: `<p>${'We sampled soils across the plateau. '.repeat(2000)}</p>`,
    pagenumber: `${first}-${first + 5}`,
    txnid: `TXN${refnumber}`,
    ...issueFields(ISSUE),
  });
  const form = multipartForm(fields, testPdf(`article ${refnumber}`));
  return t.app.inject({ method: 'POST', url: '/api/admin/archives/', headers: auth, payload: form });
}

/** Every file under DATA_DIR/files, temporary ones included. */
const storedFiles = () =>
  fs
    .readdirSync(t.journal.files.root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(t.journal.files.root, path.join(entry.parentPath, entry.name)))
    .sort();

const refnumbers = async () =>
  (await t.journal.db.selectFrom('articles').select('refnumber').orderBy('refnumber').execute()).map(
    (row) => row.refnumber,
  );

const articlePdf = (refnumber: string) =>
  path.join('archives', `${ISSUE.year}`, `vol${ISSUE.volume}issue${ISSUE.issue}`, `${refnumber}.pdf`);

/** Writes under DATA_DIR/files stop part-way with ENOSPC, as on a full disk; other writes go through. */
function runOutOfDiskSpace(): void {
  const writeFile = fs.promises.writeFile;
  vi.spyOn(fs.promises, 'writeFile').mockImplementation(async (file, data, options) => {
    if (typeof file !== 'string' || !file.startsWith(t.journal.files.root)) return writeFile(file, data, options);
    await writeFile(file, Buffer.isBuffer(data) ? data.subarray(0, 8) : '');
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
    });
  });
}

/** Makes the database refuse to grow; the returned function gives it room again. */
async function fillDatabase(): Promise<() => Promise<unknown>> {
  if (testEngine === 'sqlite') {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.journal.db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(t.journal.db);
    return () => sql`pragma max_page_count = 1073741823`.execute(t.journal.db);
  }
  // What PostgreSQL reports when it cannot extend a table's file.
  await sql`
    create function refuse_for_lack_of_space() returns trigger language plpgsql as $$
    begin
      raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
    end $$`.execute(t.journal.db);
  await sql`create trigger disk_full before insert on articles for each row execute function refuse_for_lack_of_space()`.execute(
    t.journal.db,
  );
  return () => sql`drop function refuse_for_lack_of_space() cascade`.execute(t.journal.db);
}

describe('a full disk', () => {
  it('answers 507 storage_full when an uploaded PDF cannot be written, keeps nothing, and saves once there is room', async () => {
    const filesBefore = storedFiles();
    const articlesBefore = await refnumbers();
    runOutOfDiskSpace();

    const refused = await addArticle('7001');
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual(STORAGE_FULL);
    expect(storedFiles()).toEqual(filesBefore);
    expect(await refnumbers()).toEqual(articlesBefore);

    vi.restoreAllMocks();
    expect((await addArticle('7001')).statusCode).toBe(201);
    expect(storedFiles()).toEqual([...filesBefore, articlePdf('7001')].sort());
    expect(await refnumbers()).toEqual([...articlesBefore, '7001'].sort());
  });

  it('answers 507 storage_full when the database cannot grow, keeps nothing, and saves once it can', async () => {
    const filesBefore = storedFiles();
    const articlesBefore = await refnumbers();
    const makeRoom = await fillDatabase();

    const refused = await addArticle('7002');
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual(STORAGE_FULL);
    expect(storedFiles()).toEqual(filesBefore);
    expect(await refnumbers()).toEqual(articlesBefore);

    await makeRoom();
    expect((await addArticle('7002')).statusCode).toBe(201);
    expect(storedFiles()).toEqual([...filesBefore, articlePdf('7002')].sort());
    expect(await refnumbers()).toEqual([...articlesBefore, '7002'].sort());
  });
});
