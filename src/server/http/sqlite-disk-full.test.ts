import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFiles, disagreementCount } from '../storage/file-repair.js';
import { SPACE_RESERVE_BYTES, SPACE_RESERVE_FILE } from '../storage/space-reserve.js';
import { addIssue } from '../test/archive-fixtures.js';
import { articleFields, issueFields, multipartForm, testPdf } from '../test/article-form.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

// A real full disk under SQLite (decision 091): DATA_DIR lies on a small tmpfs filled up to its last 4 KB. Only the
// SQLite pass runs this file (its name has no "api.test"); CI runs as root, which mounting needs.

const DISK_BYTES = 16 * 1024 * 1024;
const LEFT_FREE = 4096;
const ISSUE = { year: 2026, volume: 4, issue: 2 };
const STORAGE_FULL = { error: 'storage_full', message: "The server's storage is full; nothing was saved." };
/** Large enough that removing it shows as freed space. */
const PDF = Buffer.concat([testPdf('a long paper'), Buffer.alloc(256 * 1024, '%')]);
/** A whole 1 × 1 picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const disk = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-small-disk-'));
let mounted = false;
let t: TestApp | undefined;
let auth: { authorization: string };
let articleId: number;

const app = () => t!;
const freeBytes = () => {
  const { bavail, bsize } = fs.statfsSync(disk);
  return bavail * bsize;
};
const filler = () => path.join(disk, 'filler');
const reserve = () => path.join(app().dataDir, SPACE_RESERVE_FILE);

/**
 * Leaves `bytes` of the disk free, with the write-ahead log emptied into the database first: the worst case, a log
 * with no room of its own to reuse, so that every write must grow it.
 */
async function fillDisk(bytes = LEFT_FREE): Promise<void> {
  fs.rmSync(filler(), { force: true });
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(app().ctx.db);
  expect(rows[0]!.busy).toBe(0);
  fs.writeFileSync(filler(), Buffer.alloc(freeBytes() - bytes, 1));
  expect(freeBytes()).toBe(bytes);
}

const request = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: FormData | object) =>
  app().app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

async function saveWebsiteName(websitename: string) {
  const { message: _message, ...settings } = (await request('GET', '/api/settings/')).json();
  return request('POST', '/api/settings', { ...settings, websitename });
}
const websiteName = async (): Promise<string> => (await request('GET', '/api/settings/')).json().websitename;

function indexingForm(title: string): FormData {
  const form = new FormData();
  form.append('title', title);
  form.append('link', 'https://index.example');
  form.append('imgFile', new Blob([new Uint8Array(PNG)]), 'logo.png');
  return form;
}
const indexingTitles = async () =>
  (await app().journal.db.selectFrom('indexing').select('title').execute()).map((row) => row.title);

/** Every file under DATA_DIR/files, temporary ones included. */
const storedFiles = () =>
  fs
    .readdirSync(app().journal.files.root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(app().journal.files.root, path.join(entry.parentPath, entry.name)))
    .sort();

const filesAgreeWithRows = async () => disagreementCount(await checkFiles(app().journal.db, app().journal.files));

beforeAll(async () => {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES}`, 'tmpfs', disk]);
  mounted = true;
  t = await createTestApp({ parentDir: disk });
  expect(t.ctx.engine).toBe('sqlite');
  auth = await t.authHeader();
  await addIssue(t.journal.db, ISSUE.year, ISSUE.volume, ISSUE.issue, 'jan-feb');
  const fields = { ...articleFields(1, { refnumber: '9101' }), ...issueFields(ISSUE) };
  const added = await request('POST', '/api/admin/archives/', multipartForm(fields, PDF));
  expect(added.statusCode, added.body).toBe(201);
  articleId = added.json().id;
});

afterAll(async () => {
  try {
    await t?.close();
  } finally {
    if (mounted) execFileSync('umount', ['-l', disk]);
    fs.rmdirSync(disk);
  }
});

describe('SQLite on a full disk', () => {
  it('keeps a space reserve beside the database', () => {
    expect(fs.statSync(reserve()).size).toBe(SPACE_RESERVE_BYTES);
  });

  it('answers a settings save with 507 storage_full and keeps the settings', async () => {
    const before = await websiteName();
    await fillDisk();
    const refused = await saveWebsiteName('Full Disk Journal');
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual(STORAGE_FULL);
    expect(await websiteName()).toBe(before);
  });

  // With no room the logo cannot be written; with 4 KB it can, and the database then meets the full disk.
  it.each([0, LEFT_FREE])(
    'answers an upload with 507 storage_full and keeps neither a file, a temporary file nor a row (%i bytes free)',
    async (free) => {
      const filesBefore = storedFiles();
      await fillDisk(free);
      const refused = await request('POST', '/api/admin/indexing', indexingForm('Full Index'));
      expect(refused.statusCode).toBe(507);
      expect(refused.json()).toEqual(STORAGE_FULL);
      expect(storedFiles()).toEqual(filesBefore);
      expect(await indexingTitles()).not.toContain('Full Index');
      expect(await filesAgreeWithRows()).toBe(0);
    },
  );

  it('deletes an article with its PDF, which frees the space', async () => {
    const pdf = storedFiles().find((file) => file.endsWith('9101.pdf'))!;
    expect(pdf).toBeDefined();
    await fillDisk();

    const deleted = await request('DELETE', `/api/archives/${articleId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const row = await app()
      .journal.db.selectFrom('articles')
      .select('id')
      .where('id', '=', articleId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(storedFiles()).not.toContain(pdf);
    // All the delete wrote went to the log, empty before it: the space taken by the log and the space now free
    // make up the 4 KB that were free, the reserve given up and the PDF removed.
    const logBytes = fs.statSync(path.join(app().dataDir, 'journal.sqlite-wal')).blocks * 512;
    expect(freeBytes() + logBytes).toBeGreaterThanOrEqual(LEFT_FREE + SPACE_RESERVE_BYTES + PDF.length);
    // The reserve was given up for the delete, and is not written again into a disk with so little room.
    expect(fs.existsSync(reserve())).toBe(false);
    expect(await filesAgreeWithRows()).toBe(0);
  });

  it('saves again once space is freed, without a restart, and writes the reserve again', async () => {
    fs.rmSync(filler());
    const saved = await saveWebsiteName('Roomy Journal');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await websiteName()).toBe('Roomy Journal');

    const added = await request('POST', '/api/admin/indexing', indexingForm('Roomy Index'));
    expect(added.statusCode, added.body).toBe(201);
    expect(await indexingTitles()).toContain('Roomy Index');
    expect(fs.statSync(reserve()).size).toBe(SPACE_RESERVE_BYTES);
    expect(await filesAgreeWithRows()).toBe(0);
  });

  it('deletes through the written-again reserve when the disk fills once more', async () => {
    const entry = await app()
      .journal.db.selectFrom('indexing')
      .select(['id', 'image'])
      .where('title', '=', 'Roomy Index');
    const { id, image } = await entry.executeTakeFirstOrThrow();
    await fillDisk();

    const deleted = await request('DELETE', `/api/admin/indexing/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await indexingTitles()).not.toContain('Roomy Index');
    expect(storedFiles()).not.toContain(`indexing/${image}`);
    expect(fs.existsSync(reserve())).toBe(false);
    expect(await filesAgreeWithRows()).toBe(0);
  });
});
