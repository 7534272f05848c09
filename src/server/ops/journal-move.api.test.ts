import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import archiver from 'archiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFilesRoot } from '../journals/journal-files.js';
import { scopedDb } from '../journals/journal-scope.js';
import { SECOND_DEMO_HOST } from '../seed/second-demo-journal.js';
import { checkFiles, disagreementCount } from '../storage/file-repair.js';
import { FileStore } from '../storage/file-store.js';
import { createTestApp, testEngine, type TestApp } from '../test/test-app.js';
import { exportJournal } from './journal-export.js';
import { importJournal } from './journal-import.js';
import { JournalMoveRefused, MANIFEST_ENTRY, parseManifest, type Installation } from './journal-move-format.js';
import { ZipReader } from '../storage/zip-reader.js';
import { acrossJournals } from '../db/installation-scope.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const pgUrl = process.env.TEST_DATABASE_URL;
const MOVED_HOST = 'moved.test';
const COPY_HOST = 'copy.test';

let source: TestApp;
let target: TestApp;
let work: string;
let archive: string;
let auth: { authorization: string };
/** The issue of journal 2 renumbered before the export: its old address answers 301 (issue_moves). */
let renumbered: { id: number; from: { year: number; volume: number; issue: number } };
let movedId: number;
/** A published article of journal 2 deleted before the export: its notice moves with the journal (decision 099). */
let deletedRef: string;
/** A COUNTER API customer of journal 2, whose key must keep working after the move. */
let harvester: { customer_id: string; api_key: string };
const USAGE_DAY = '2026-03-04';

/** A COUNTER report of the journal at `host` for March 2026, as its harvester gets it, without when it was made. */
async function counterReport(t: TestApp, host: string, report: string) {
  const query = new URLSearchParams({ ...harvester, begin_date: '2026-03', end_date: '2026-03' });
  const response = await get(t, host, `/api/counter/r51/reports/${report}?${query}`);
  expect(response.statusCode, `${report}: ${response.body}`).toBe(200);
  const { Report_Header: header, Report_Items: items } = response.json();
  const { Created: _created, ...rest } = header as Record<string, unknown>;
  // Items in the order of their text: COUNTER gives them no order, and ids differ between installations.
  const sorted = (list: unknown[]): unknown[] =>
    list
      .map((item) => {
        const nested = (item as { Items?: unknown[] }).Items;
        return nested ? { ...(item as object), Items: sorted(nested) } : item;
      })
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return { header: rest, items: sorted(items as unknown[]) };
}

const installation = (t: TestApp): Installation => ({ dataDir: t.dataDir, database: t.ctx.databaseOptions });

const get = (t: TestApp, host: string, url: string) => t.app.inject({ url, headers: { host } });

async function json(t: TestApp, host: string, url: string): Promise<unknown> {
  const response = await get(t, host, url);
  expect(response.statusCode, `${host}${url}`).toBe(200);
  return response.json();
}

/** The journals and their hosts of an installation, to show that a refused import changed nothing. */
async function journalsOf(t: TestApp) {
  const journals = await t.ctx.db.selectFrom('journals').select(['id', 'name']).orderBy('id').execute();
  const hosts = await t.ctx.db.selectFrom('journal_hosts').selectAll().orderBy('host').execute();
  // Every journal's: a refused import left no article anywhere.
  const articles = await acrossJournals(t.ctx.db)
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const leftovers = fs.readdirSync(t.dataDir).filter((name) => name.startsWith('.journal-import-'));
  return { journals, hosts, articles: Number(articles.n), leftovers };
}

/** Every published article of journal 2 as its public API answers at `host`, by reference number. */
async function publishedArticles(t: TestApp, host: string) {
  const groups = (await json(t, host, '/api/archives/')) as { year: number; volume: number; issues: number[] }[];
  const articles: Record<string, unknown>[] = [];
  for (const group of groups) {
    for (const issue of group.issues) {
      const list = (await json(t, host, `/api/archives/${group.year}/${group.volume}/${issue}`)) as {
        refnumber: string;
      }[];
      for (const { refnumber } of list) {
        articles.push((await json(t, host, `/api/archives/ref/${refnumber}`)) as Record<string, unknown>);
      }
    }
  }
  return articles;
}

const withoutId = ({ id: _id, ...rest }: Record<string, unknown>) => rest;

async function writeZip(file: string, entries: { name: string; content: string | Buffer }[]): Promise<void> {
  const zip = archiver('zip');
  const written = pipeline(zip, fs.createWriteStream(file));
  for (const entry of entries) zip.append(entry.content, { name: entry.name });
  await zip.finalize();
  await written;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(JournalMoveRefused);
  return (error as Error).message;
}

beforeAll(async () => {
  source = await createTestApp({ seedDemo: true });
  target = await createTestApp();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-move-test-'));
  archive = path.join(work, 'journal-2.zip');
  auth = await source.authHeader();
  // Journal 2's first issue with articles gets a new number: an issue move and activity entries naming the issue.
  const issues = await source.app.inject({
    url: '/api/admin/archives/',
    headers: { host: SECOND_DEMO_HOST, ...auth },
  });
  expect(issues.statusCode).toBe(200);
  const issue = (
    issues.json() as { id: number; year: number; volume: number; issue: number; frequency: string; articles: number }[]
  ).find((row) => row.articles > 0)!;
  const renumber = await source.app.inject({
    method: 'PUT',
    url: `/api/admin/issues/${issue.id}`,
    headers: { host: SECOND_DEMO_HOST, ...auth },
    payload: { year: issue.year, volume: issue.volume, issue: issue.issue + 40, frequency: issue.frequency },
  });
  expect(renumber.statusCode).toBe(200);
  renumbered = { id: issue.id, from: { year: issue.year, volume: issue.volume, issue: issue.issue } };
  const withDoi = await scopedDb(source.ctx.db, 2)
    .selectFrom('articles')
    .select(['id', 'refnumber'])
    .where('doi', '<>', '')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  // Usage of journal 2 (the article about to be deleted too) and a harvester's COUNTER API key.
  const used = await scopedDb(source.ctx.db, 2).selectFrom('articles').select('id').orderBy('id').limit(2).execute();
  await scopedDb(source.ctx.db, 2)
    .insertInto('usage_events')
    .values(
      [...used.map((row) => row.id), withDoi.id].map((articleId, i) => ({
        article_id: articleId,
        day: USAGE_DAY,
        session: `session-${i}`,
        investigations: 3 + i,
        requests: 1 + i,
      })),
    )
    .execute();
  await scopedDb(source.ctx.db, 2).insertInto('usage_searches').values({ day: USAGE_DAY, searches: 7 }).execute();
  const key = await source.app.inject({
    method: 'POST',
    url: '/api/admin/counter-keys',
    headers: { host: SECOND_DEMO_HOST, ...auth },
    payload: { customer_id: 'harbour-library', institution_name: 'Harbour Library' },
  });
  expect(key.statusCode, key.body).toBe(201);
  harvester = { customer_id: 'harbour-library', api_key: key.json().api_key };
  const removal = await source.app.inject({
    method: 'DELETE',
    url: `/api/archives/${withDoi.id}`,
    headers: { host: SECOND_DEMO_HOST, ...auth },
  });
  expect(removal.statusCode).toBe(200);
  deletedRef = withDoi.refnumber;
}, 120_000);

afterAll(async () => {
  await source?.close();
  await target?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe(`moving a journal to another installation (${testEngine})`, () => {
  it('refuses to export a journal that does not exist, or one with a file write in flight', async () => {
    expect(await refusal(exportJournal(installation(source), '999', archive))).toMatch(/no journal 999/);
    const journal2 = scopedDb(source.ctx.db, 2);
    await journal2
      .insertInto('pending_file_moves')
      .values({
        source: 'archives/x.pdf.tmp',
        target: 'archives/x.pdf',
        remove: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    try {
      const message = await refusal(exportJournal(installation(source), '2', archive));
      expect(message).toMatch(/pending file moves/);
      expect(message).toMatch(/check-data -- --repair/);
    } finally {
      await journal2.deleteFrom('pending_file_moves').execute();
    }
    expect(fs.existsSync(archive)).toBe(false);
  });

  it("exports journal 2's rows (only its own, without journal_id) and files to one zip", async () => {
    const lines: string[] = [];
    const summary = await exportJournal(installation(source), '2', archive, (line) => lines.push(line));
    expect(lines.join('\n')).toMatch(/articles: \d+ rows[\s\S]*files: \d+ \(\d+ bytes\)/);
    expect(summary.files).toBeGreaterThan(0);

    const zip = await ZipReader.open(archive);
    try {
      const manifest = parseManifest((await zip.read(zip.entry(MANIFEST_ENTRY)!, 1e9)).toString('utf8'));
      expect(manifest.journal).toMatchObject({ name: 'Journal of Coastal and Marine Ecology' });
      expect(manifest.journal).not.toHaveProperty('id');
      const own = await scopedDb(source.ctx.db, 2).selectFrom('articles').select('id').orderBy('id').execute();
      expect(manifest.tables.articles!.map((row) => row.id)).toEqual(own.map((row) => row.id));
      expect(manifest.tables.settings).toHaveLength(1);
      expect(manifest.tables.settings![0]).toMatchObject({ id: 2, issn: '2999-5678' });
      expect(manifest.tables.issue_moves!.length).toBeGreaterThan(0);
      for (const rows of Object.values(manifest.tables))
        for (const row of rows) expect(row).not.toHaveProperty('journal_id');
      expect(Object.keys(manifest.tables)).not.toContain('journal_members');
      expect(Object.keys(manifest.tables)).not.toContain('pending_file_moves');
      expect(zip.entries.filter((entry) => entry.name.startsWith('files/')).length).toBe(summary.files);
    } finally {
      await zip.close();
    }
  });

  it('imports it into another installation as a new journal that answers at its host as journal 2 did', async () => {
    const before = await journalsOf(target);
    const lines: string[] = [];
    const summary = await importJournal(installation(target), archive, { hosts: [MOVED_HOST] }, (line) =>
      lines.push(line),
    );
    movedId = summary.journalId;
    expect(movedId).toBeGreaterThan(1);
    expect(summary.hosts).toEqual([MOVED_HOST]);
    const report = lines.join('\n');
    expect(report).toMatch(new RegExp(`as journal ${movedId}`));
    expect(report).toMatch(/articles: \d+ rows/);
    expect(report).toMatch(/no members/);
    expect((await journalsOf(target)).journals).toHaveLength(before.journals.length + 1);
    // What a running server does within moments when another process added a journal.
    await target.ctx.journals.reload();

    expect(await json(target, MOVED_HOST, '/api/archives/')).toEqual(
      await json(source, SECOND_DEMO_HOST, '/api/archives/'),
    );
    const moved = await publishedArticles(target, MOVED_HOST);
    const original = await publishedArticles(source, SECOND_DEMO_HOST);
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.map(withoutId)).toEqual(original.map(withoutId));
    for (const [i, article] of moved.entries()) {
      for (const field of ['title', 'authorname', 'doi', 'pagenumber'])
        expect(article[field]).toBe(original[i]![field]);
    }
    expect(original.some((article) => article.doi)).toBe(true);

    const editors = (await json(target, MOVED_HOST, '/api/editors/')) as Record<string, unknown>[];
    const sourceEditors = (await json(source, SECOND_DEMO_HOST, '/api/editors/')) as Record<string, unknown>[];
    expect(editors.map(withoutId)).toEqual(sourceEditors.map(withoutId));
    const settings = (await json(target, MOVED_HOST, '/api/settings/')) as Record<string, unknown>;
    expect(settings).toMatchObject({ websitename: 'Journal of Coastal and Marine Ecology', issn: '2999-5678' });

    // The PDF at its address, byte for byte.
    const withFile = moved.find((article) => article.file)!;
    const pdfUrl = `/assets/archives/${withFile.year}/vol${withFile.volume}issue${withFile.issue}/${withFile.file}`;
    const pdf = await get(target, MOVED_HOST, pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals((await get(source, SECOND_DEMO_HOST, pdfUrl)).rawPayload)).toBe(true);
    // An editor's picture.
    const pictured = editors.find((editor) => editor.picture)!;
    const picture = await get(target, MOVED_HOST, `/assets/editors/${pictured.picture}`);
    expect(picture.statusCode).toBe(200);
    expect(
      picture.rawPayload.equals(
        (await get(source, SECOND_DEMO_HOST, `/assets/editors/${pictured.picture}`)).rawPayload,
      ),
    ).toBe(true);

    // The renumbered issue's old address still leads to it (issue_moves.issue_id remapped).
    const { year, volume, issue } = renumbered.from;
    expect(await json(target, MOVED_HOST, `/api/archives/moved/${year}/${volume}/${issue}`)).toEqual(
      await json(source, SECOND_DEMO_HOST, `/api/archives/moved/${year}/${volume}/${issue}`),
    );

    // Rows and files agree, as check-data would say; no members, activity names the new ids and no user.
    const db = scopedDb(target.ctx.db, movedId);
    expect(disagreementCount(await checkFiles(db, new FileStore(journalFilesRoot(target.dataDir, movedId))))).toBe(0);
    expect(await db.selectFrom('journal_members').selectAll().execute()).toEqual([]);
    const newIssue = await db
      .selectFrom('issues')
      .select('id')
      .where('year', '=', year)
      .where('volume', '=', volume)
      .where('issue', '=', issue + 40)
      .executeTakeFirstOrThrow();
    const activity = await db.selectFrom('activity_log').selectAll().where('object_type', '=', 'issue').execute();
    expect(activity.length).toBeGreaterThan(0);
    expect(activity.map((row) => row.object_id)).toContain(newIssue.id);
    expect(activity.every((row) => row.user_id === 0 && row.username === 'admin')).toBe(true);
    const moves = await db.selectFrom('issue_moves').selectAll().execute();
    expect(moves.map((row) => row.issue_id)).toEqual([newIssue.id]);

    const notice = (await json(target, MOVED_HOST, `/api/archives/removed/${deletedRef}`)) as { doi: string };
    expect(notice).toEqual(await json(source, SECOND_DEMO_HOST, `/api/archives/removed/${deletedRef}`));
    expect(notice.doi).not.toBe('');
  });

  it("moves the journal's usage and COUNTER keys: the harvester's key answers, and every report is the original's", async () => {
    for (const report of ['pr', 'tr_j3', 'ir_a1']) {
      // The same but for the journal's address, which the moved journal answers at its own host.
      const moved = JSON.stringify(await counterReport(target, MOVED_HOST, report)).replaceAll(MOVED_HOST, 'HOST');
      const original = JSON.stringify(await counterReport(source, SECOND_DEMO_HOST, report));
      expect(moved, report).toBe(original.replaceAll(SECOND_DEMO_HOST, 'HOST'));
    }
    // The deleted article's usage is still reported under its notice, as in the original.
    const items = JSON.stringify((await counterReport(target, MOVED_HOST, 'ir_a1')).items);
    expect(items).toContain(deletedRef);
    expect((await counterReport(target, MOVED_HOST, 'pr')).items.length).toBeGreaterThan(0);
  });

  it('refuses the same file again at the same host, and changes nothing', async () => {
    const before = await journalsOf(target);
    const message = await refusal(importJournal(installation(target), archive, { hosts: [MOVED_HOST] }));
    expect(message).toMatch(new RegExp(`${MOVED_HOST} already belongs to journal ${movedId}`));
    expect(await journalsOf(target)).toEqual(before);
  });

  it('makes a second copy at another host, with new ids, once its DOIs are left out', async () => {
    const before = await journalsOf(target);
    // A DOI names one article in the whole installation.
    expect(await refusal(importJournal(installation(target), archive, { hosts: [COPY_HOST] }))).toMatch(
      /DOIs are used here already.*--clear-dois/,
    );
    expect(await journalsOf(target)).toEqual(before);

    const copy = await importJournal(installation(target), archive, { hosts: [COPY_HOST], clearDois: true });
    expect(copy.journalId).not.toBe(movedId);
    await target.ctx.journals.reload();
    const first = await publishedArticles(target, MOVED_HOST);
    const second = await publishedArticles(target, COPY_HOST);
    expect(second.map(({ id: _id, doi: _doi, ...rest }) => rest)).toEqual(
      first.map(({ id: _id, doi: _doi, ...rest }) => rest),
    );
    expect(second.every((article) => article.doi === '')).toBe(true);
    expect(await json(target, COPY_HOST, `/api/archives/removed/${deletedRef}`)).toMatchObject({ doi: '' });
    for (const table of [
      'articles',
      'issues',
      'editors',
      'indexing',
      'activity_log',
      'issue_moves',
      'article_tombstones',
    ] as const) {
      const idsOf = async (journalId: number) =>
        (await scopedDb(target.ctx.db, journalId).selectFrom(table).select('id').execute()).map((row) => row.id);
      const copied = await idsOf(copy.journalId);
      expect(copied.length, table).toBeGreaterThan(0);
      const firstIds = new Set(await idsOf(movedId));
      expect(
        copied.filter((id) => firstIds.has(id)),
        table,
      ).toEqual([]);
    }
  });

  it('refuses a file that is not a journal export, or a damaged one, and writes nothing', async () => {
    const before = await journalsOf(target);
    const attempt = (file: string) =>
      refusal(importJournal(installation(target), file, { hosts: ['never.test'], clearDois: true }));

    const notZip = path.join(work, 'not-a-zip.zip');
    fs.writeFileSync(notZip, 'This is not a zip file at all, only some text.');
    expect(await attempt(notZip)).toMatch(/is not a journal export: it is not a zip file/);

    const noManifest = path.join(work, 'no-manifest.zip');
    await writeZip(noManifest, [{ name: 'hello.txt', content: 'hello' }]);
    expect(await attempt(noManifest)).toMatch(/is not a journal export: it has no journal\.json/);

    const foreign = path.join(work, 'foreign.zip');
    await writeZip(foreign, [
      { name: MANIFEST_ENTRY, content: JSON.stringify({ format: 'journal-backup', version: 1 }) },
    ]);
    expect(await attempt(foreign)).toMatch(/format "journal-backup", not "journal-export"/);

    const notJson = path.join(work, 'not-json.zip');
    await writeZip(notJson, [{ name: MANIFEST_ENTRY, content: '{ no' }]);
    expect(await attempt(notJson)).toMatch(/journal\.json is not JSON/);

    // The real export, but from a newer schema, or with one file's bytes damaged, or cut short.
    const zip = await ZipReader.open(archive);
    const manifestText = (await zip.read(zip.entry(MANIFEST_ENTRY)!, 1e9)).toString('utf8');
    const pdfEntry = zip.entries.find((entry) => entry.name.endsWith('.pdf'))!;
    await zip.close();
    const newer = path.join(work, 'newer.zip');
    await writeZip(newer, [
      {
        name: MANIFEST_ENTRY,
        content: JSON.stringify({ ...JSON.parse(manifestText), migration: '999-from-the-future', files: [] }),
      },
    ]);
    expect(await attempt(newer)).toMatch(/newer version.*999-from-the-future/);

    const damaged = path.join(work, 'damaged.zip');
    const bytes = fs.readFileSync(archive);
    // The middle of the PDF's data: after its local header (30 bytes, then its name and extra field).
    const { relativeOffsetOfLocalHeader: header, compressedSize } = pdfEntry.source;
    const headerEnd = header + 30 + bytes.readUInt16LE(header + 26);
    const at = headerEnd + bytes.readUInt16LE(header + 28) + Math.floor(compressedSize / 2);
    bytes[at] = bytes[at]! ^ 0xff;
    fs.writeFileSync(damaged, bytes);
    expect(await attempt(damaged)).toMatch(/damaged.*\.pdf.*checksum/);

    const cut = path.join(work, 'cut.zip');
    fs.writeFileSync(cut, fs.readFileSync(archive).subarray(0, Math.floor(bytes.length / 2)));
    expect(await attempt(cut)).toMatch(/is not a journal export/);

    expect(await journalsOf(target)).toEqual(before);
  });

  it("refuses rows that name a file outside the journal's folder, naming the row, and writes nothing", async () => {
    const before = await journalsOf(target);
    const zip = await ZipReader.open(archive);
    const text = (await zip.read(zip.entry(MANIFEST_ENTRY)!, 1e9)).toString('utf8');
    await zip.close();
    const unsafe: [table: string, column: string, value: string][] = [
      ['articles', 'file', '../../jwt-secret'],
      ['articles', 'file', '/etc/passwd'],
      ['articles', 'year', '../..'],
      ['editors', 'picture', '..\\..\\jwt-secret'],
      ['indexing', 'image', 'logo.png\0.txt'],
      ['indexing', 'image', 'logos/../../../jwt-secret'],
      ['site_pictures', 'file', '..'],
    ];
    for (const [table, column, value] of unsafe) {
      const manifest = JSON.parse(text);
      // The demo journal has no site picture: one is added.
      const rows = (manifest.tables[table] ??= []);
      if (rows.length === 0) rows.push({ kind: 'logo', file: 'logo.png', updated_at: new Date().toISOString() });
      const row = rows.at(-1);
      row[column] = value;
      manifest.files = [];
      const file = path.join(work, 'unsafe.zip');
      await writeZip(file, [{ name: MANIFEST_ENTRY, content: JSON.stringify(manifest) }]);
      const message = await refusal(
        importJournal(installation(target), file, { hosts: ['unsafe.test'], clearDois: true }),
      );
      expect(message).toContain(`table ${table}, row ${row.id ?? row.kind}`);
      expect(message).toContain(`${column}: ${JSON.stringify(value)}`);
    }
    expect(await journalsOf(target)).toEqual(before);
  });

  it('leaves nothing behind when writing the rows fails: the journal and its hosts go again', async () => {
    const before = await journalsOf(target);
    const folders = fs.readdirSync(path.join(target.dataDir, 'files')).sort();
    const zip = await ZipReader.open(archive);
    const manifest = JSON.parse((await zip.read(zip.entry(MANIFEST_ENTRY)!, 1e9)).toString('utf8'));
    await zip.close();
    // Passes every check, and breaks an issue's CHECK constraint in the middle of the transaction.
    manifest.tables.issues.at(-1).volume = -1;
    manifest.files = [];
    const broken = path.join(work, 'broken.zip');
    await writeZip(broken, [{ name: MANIFEST_ENTRY, content: JSON.stringify(manifest) }]);
    const failed = await importJournal(installation(target), broken, { hosts: ['broken.test'], clearDois: true }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(JournalMoveRefused);
    expect(await journalsOf(target)).toEqual(before);
    expect(fs.readdirSync(path.join(target.dataDir, 'files')).sort()).toEqual(folders);
  });

  it('runs from the command line: an export of a journal that does not exist exits with code 2 and names it', async () => {
    const env = {
      ...process.env,
      DATA_DIR: source.dataDir,
      DATABASE_URL: pgUrl
        ? `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${source.ctx.databaseOptions.pgSchema}`)}`
        : '',
      SEED_DEMO: '0',
    };
    const out = path.join(work, 'cli.zip');
    const failed = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/export-journal.ts', '--journal', '999', '--out', out],
      { cwd: root, env },
    ).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toMatch(/Refused: There is no journal 999/);
    expect(fs.existsSync(out)).toBe(false);

    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/export-journal.ts', '--journal', '2', '--out', out],
      { cwd: root, env },
    );
    expect(stdout).toMatch(/^journal 2 \(Journal of Coastal and Marine Ecology\)/);
    expect(stdout).toMatch(new RegExp(`wrote ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  }, 60_000);
});
