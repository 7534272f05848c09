import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from '../../common/schemas/text-characters.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { exportJournal } from './journal-export.js';
import { importJournal } from './journal-import.js';
import { JournalMoveRefused, MANIFEST_ENTRY, type Installation, type JournalManifest } from './journal-move-format.js';
import { acrossJournals } from '../db/installation-scope.js';

/**
 * `npm run import-journal` holds a journal's text to the rule typed text keeps (no NUL, no lone surrogate): an
 * installation on SQLite may have stored a title an older import let in, which PostgreSQL cannot store (issue 47).
 */
let source: TestApp;
let target: TestApp;
let work: string;
let archive: string;

const installation = (t: TestApp): Installation => ({ dataDir: t.dataDir, database: t.ctx.databaseOptions });

beforeAll(async () => {
  source = await createTestApp({ seedDemo: true });
  target = await createTestApp();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-import-text-'));
  archive = path.join(work, 'journal.zip');
  await exportJournal(installation(source), '1', archive);
});
afterAll(async () => {
  await Promise.all([source.close(), target.close()]);
  fs.rmSync(work, { recursive: true, force: true });
});

/** The export with its journal.json changed by `change`, written beside it. */
function changedExport(change: (manifest: JournalManifest) => void): string {
  const entries = unzipSync(new Uint8Array(fs.readFileSync(archive)));
  const manifest = JSON.parse(strFromU8(entries[MANIFEST_ENTRY]!)) as JournalManifest;
  change(manifest);
  entries[MANIFEST_ENTRY] = strToU8(JSON.stringify(manifest));
  const file = path.join(work, `changed-${Object.keys(entries).length}-${Date.now()}.zip`);
  fs.writeFileSync(file, zipSync(entries));
  return file;
}

async function refusalOf(file: string): Promise<string> {
  const error: unknown = await importJournal(installation(target), file, { hosts: ['moved.test'] }).catch(
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(JournalMoveRefused);
  return (error as Error).message;
}

const AFTER = 'Correct it in the installation the file comes from and export again.';

const journalsOf = async (t: TestApp) => ({
  journals: await t.ctx.db.selectFrom('journals').select(['id', 'name']).execute(),
  hosts: await t.ctx.db.selectFrom('journal_hosts').select('host').execute(),
  articles: await acrossJournals(t.ctx.db).selectFrom('articles').select('id').execute(),
});

describe('a journal export holding text no form takes', () => {
  it('is refused before anything is written, naming the row and column of a NUL', async () => {
    const before = await journalsOf(target);
    let named = '';
    const file = changedExport((manifest) => {
      const article = manifest.tables.articles![2]!;
      article.title = `${String(article.title)}\u0000`;
      named = `table articles, row ${String(article.id)} (refnumber ${String(article.refnumber)}), title`;
    });
    expect(await refusalOf(file)).toBe(`${MANIFEST_ENTRY}: ${named}: ${NUL_MESSAGE}. ${AFTER}`);
    expect(await journalsOf(target)).toEqual(before);
  });

  it('is refused naming a lone surrogate in an editor, and in the journal itself', async () => {
    let named = '';
    const inEditor = changedExport((manifest) => {
      const editor = manifest.tables.editors![0]!;
      editor.content = 'University of \ud800';
      named = `table editors, row ${String(editor.id)}, content`;
    });
    expect(await refusalOf(inEditor)).toBe(`${MANIFEST_ENTRY}: ${named}: ${LONE_SURROGATE_MESSAGE}. ${AFTER}`);
    const inName = changedExport((manifest) => {
      manifest.journal.name = 'Journal of \udfff';
    });
    expect(await refusalOf(inName)).toBe(`${MANIFEST_ENTRY}: the journal's name: ${LONE_SURROGATE_MESSAGE}. ${AFTER}`);
    expect((await journalsOf(target)).articles).toEqual([]);
  });
});
