import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type JournalDb } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { addArticle, addIssue } from '../test/archive-fixtures.js';
import { addEditor } from '../test/editor-fixtures.js';
import { FileJournal } from './file-journal.js';
import { checkFiles, disagreementCount, logRepair, repairFiles } from './file-repair.js';
import { FileStore } from './file-store.js';
import { PROCESS_OWNER } from './process-owner.js';
import { insertPendingMoves, listPendingMoves } from './pending-moves.repository.js';
import { scopedDb } from '../journals/journal-scope.js';

const DIR = 'archives/2025/vol4issue1';
const MACHINE = PROCESS_OWNER.split('-')[1]!;
/** A staged file's name as `owner` ({pid}-{machine}-{token}) wrote it. */
const stagedBy = (owner: string, file: string) => `${file}.${owner}-0a1b2c3d4e5f.tmp`;
/** As an earlier process with this process's id left it (another token). */
const leftBehind = (file: string) => stagedBy(PROCESS_OWNER.replace(/[0-9a-f]{8}$/, '00000000'), file);
const AN_HOUR_AGO = new Date(Date.now() - 61 * 60 * 1000);
const ISSUE = { year: 2025, volume: 4, issue: 1 };

let db: JournalDb;
let files: FileStore;
let root: string;

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-repair-'));
  files = new FileStore(path.join(root, 'files'));
  const handle = openDatabase({ sqliteFile: ':memory:' });
  await migrate(handle);
  db = scopedDb(handle.db, 1);
  await addIssue(db, ISSUE.year, ISSUE.volume, ISSUE.issue);
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(root, { recursive: true, force: true });
});

const put = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(files.resolve(file)), { recursive: true });
  fs.writeFileSync(files.resolve(file), text);
};
const read = (file: string) => (files.exists(file) ? fs.readFileSync(files.resolve(file), 'utf8') : null);
const storedFiles = async () =>
  (await Promise.all(['archives', 'editors', 'indexing', 'other'].map((folder) => files.list(folder)))).flat().sort();
const articleFile = async (id: number) =>
  (await db.selectFrom('articles').select('file').where('id', '=', id).executeTakeFirstOrThrow()).file;
const addPictured = (picture: string) => addEditor(db, 'Meera', { picture });

describe('repair of what a crash left', () => {
  it('finishes a move committed before the crash: the staged PDF takes its place and the old one goes', async () => {
    await addArticle(db, { ...ISSUE, refnumber: '602' });
    put(`${DIR}/601.pdf`, 'old');
    put(`${DIR}/602.pdf.0a1b2c.tmp`, 'new');
    await insertPendingMoves(db, [
      { source: `${DIR}/602.pdf.0a1b2c.tmp`, target: `${DIR}/602.pdf`, remove: `${DIR}/601.pdf` },
    ]);

    const before = await checkFiles(db, files);
    expect(before.pendingMoves.map(({ source, target, remove }) => ({ source, target, remove }))).toEqual([
      { source: `${DIR}/602.pdf.0a1b2c.tmp`, target: `${DIR}/602.pdf`, remove: `${DIR}/601.pdf` },
    ]);
    expect(disagreementCount(before)).toBe(1);

    const repair = await repairFiles(db, files, { clearMissingArticleFiles: false });
    expect(repair.moves).toEqual({ finished: 1, cleared: 0, lost: [] });
    expect(await storedFiles()).toEqual([`${DIR}/602.pdf`]);
    expect(read(`${DIR}/602.pdf`)).toBe('new');
    expect(await listPendingMoves(db)).toEqual([]);
    expect(disagreementCount(await checkFiles(db, files))).toBe(0);
  });

  it('only clears the entry when the crash came after the rename, and still removes the old file', async () => {
    await addArticle(db, { ...ISSUE, refnumber: '602' });
    put(`${DIR}/601.pdf`, 'old');
    put(`${DIR}/602.pdf`, 'new');
    await insertPendingMoves(db, [
      { source: `${DIR}/602.pdf.0a1b2c.tmp`, target: `${DIR}/602.pdf`, remove: `${DIR}/601.pdf` },
    ]);

    const repair = await repairFiles(db, files, { clearMissingArticleFiles: false });
    expect(repair.moves).toEqual({ finished: 0, cleared: 1, lost: [] });
    expect(await storedFiles()).toEqual([`${DIR}/602.pdf`]);
    expect(read(`${DIR}/602.pdf`)).toBe('new');
  });

  it('carries out moves in journal order: a renamed file can be renamed again', async () => {
    await addArticle(db, { ...ISSUE, refnumber: '603' });
    put(`${DIR}/601.pdf`, 'paper');
    await insertPendingMoves(db, [{ source: `${DIR}/601.pdf`, target: `${DIR}/602.pdf`, remove: null }]);
    await insertPendingMoves(db, [{ source: `${DIR}/602.pdf`, target: `${DIR}/603.pdf`, remove: null }]);

    expect((await new FileJournal(db, files).carryOut()).finished).toBe(2);
    expect(await storedFiles()).toEqual([`${DIR}/603.pdf`]);
    expect(read(`${DIR}/603.pdf`)).toBe('paper');
  });

  it('keeps the old file when a pending move has lost its own, and reports the row', async () => {
    const id = await addArticle(db, { ...ISSUE, refnumber: '602' });
    put(`${DIR}/601.pdf`, 'old');
    await insertPendingMoves(db, [
      { source: `${DIR}/602.pdf.0a1b2c.tmp`, target: `${DIR}/602.pdf`, remove: `${DIR}/601.pdf` },
    ]);

    const repair = await repairFiles(db, files, { clearMissingArticleFiles: false });
    expect(repair.moves.lost.map((move) => move.target)).toEqual([`${DIR}/602.pdf`]);
    expect(repair.missingFiles).toEqual([{ table: 'articles', id, path: `${DIR}/602.pdf` }]);
  });

  it('removes temporary files no pending move names and files no row names, and nothing else', async () => {
    await addArticle(db, { ...ISSUE, refnumber: '610' });
    await addPictured('editor-aa.png');
    await db
      .insertInto('indexing')
      .values({ title: 'Index', link: '', image: 'index-1.svg', sortnumber: 1, status: 'enabled' })
      .execute();
    const named = [`${DIR}/610.pdf`, 'editors/editor-aa.png', 'indexing/index-1.svg'];
    const temporary = [leftBehind(`${DIR}/611.pdf`), leftBehind('editors/editor-bb.png')];
    const unnamed = [
      `${DIR}/609.pdf`,
      'archives/2024/vol3issue6/500.pdf',
      'editors/editor-cc.png',
      'indexing/index-2.svg',
    ];
    for (const file of [...named, ...temporary, ...unnamed, 'other/notes.txt']) put(file, file);

    const check = await checkFiles(db, files);
    expect(check.tempFiles.sort()).toEqual([...temporary].sort());
    expect(check.unnamedFiles.sort()).toEqual([...unnamed].sort());
    expect(check.missingFiles).toEqual([]);

    const repair = await repairFiles(db, files, { clearMissingArticleFiles: false });
    expect(repair.tempFilesRemoved.sort()).toEqual([...temporary].sort());
    expect(repair.unnamedFilesRemoved.sort()).toEqual([...unnamed].sort());
    expect(await storedFiles()).toEqual([...named, 'other/notes.txt'].sort());
  });

  it('leaves the temporary files of writes in flight, and removes those of gone processes and those untouched for an hour', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const inFlight = [
      (await files.stage(`${DIR}/640.pdf`, Buffer.from('staged here'))).temp,
      stagedBy(`1-${MACHINE === '00000000' ? '11111111' : '00000000'}-0a0b0c0d`, `${DIR}/641.pdf`),
      `${DIR}/642.pdf.ab12cd.tmp`,
    ];
    const gone = [stagedBy(`${dead}-${MACHINE}-0a0b0c0d`, `${DIR}/643.pdf`), leftBehind(`${DIR}/644.pdf`)];
    for (const file of [...inFlight.slice(1), ...gone]) put(file, 'x');
    expect(await storedFiles()).toEqual([...inFlight, ...gone].sort());

    const repair = await repairFiles(db, files, { clearMissingArticleFiles: false });
    expect(repair.tempFilesRemoved.sort()).toEqual(gone.sort());
    expect(await storedFiles()).toEqual([...inFlight].sort());
    expect((await checkFiles(db, files)).tempFiles).toEqual([]);

    for (const file of inFlight) fs.utimesSync(files.resolve(file), AN_HOUR_AGO, AN_HOUR_AGO);
    const later = await repairFiles(db, files, { clearMissingArticleFiles: false });
    expect(later.tempFilesRemoved.sort()).toEqual([...inFlight].sort());
    expect(await storedFiles()).toEqual([]);
  });

  it('reports rows naming a missing file, and clears an article’s file only when asked', async () => {
    const article = await addArticle(db, { ...ISSUE, refnumber: '620' });
    const editor = await addPictured('editor-gone.png');
    const missing = [
      { table: 'articles', id: article, path: `${DIR}/620.pdf` },
      { table: 'editors', id: editor, path: 'editors/editor-gone.png' },
    ];
    expect((await checkFiles(db, files)).missingFiles).toEqual(missing);

    const atStart = await repairFiles(db, files, { clearMissingArticleFiles: false });
    expect(atStart.missingFiles).toEqual(missing);
    expect(atStart.articleFilesCleared).toEqual([]);
    expect(await articleFile(article)).toBe('620.pdf');

    const asked = await repairFiles(db, files, { clearMissingArticleFiles: true });
    expect(asked.articleFilesCleared).toEqual([article]);
    expect(await articleFile(article)).toBeNull();
    expect((await checkFiles(db, files)).missingFiles).toEqual([missing[1]]);
  });

  it('logs one line per kind of repair with its count, and nothing when all agree', async () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    logRepair(log, await repairFiles(db, files, { clearMissingArticleFiles: false }));
    expect(log.info).not.toHaveBeenCalled();
    expect(log.warn).not.toHaveBeenCalled();

    await addArticle(db, { ...ISSUE, refnumber: '631' });
    put(`${DIR}/631.pdf.aaaaaa.tmp`, 'new');
    await insertPendingMoves(db, [{ source: `${DIR}/631.pdf.aaaaaa.tmp`, target: `${DIR}/631.pdf`, remove: null }]);
    for (const file of [leftBehind(`${DIR}/632.pdf`), leftBehind(`${DIR}/633.pdf`), `${DIR}/630.pdf`]) put(file, 'x');
    logRepair(log, await repairFiles(db, files, { clearMissingArticleFiles: false }));
    expect(log.info.mock.calls.map(([line]) => line)).toEqual([
      'Files: finished 1 file moves an interrupted write had committed',
      'Files: removed 2 temporary files of writes that never completed',
      'Files: removed 1 files no row names',
    ]);
  });
});
