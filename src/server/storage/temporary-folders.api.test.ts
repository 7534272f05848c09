import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createContext } from '../bootstrap.js';
import { journalFilesRoot } from '../journals/journal-files.js';
import { scopedDb } from '../journals/journal-scope.js';
import { createTestApp, testEngine, type TestApp } from '../test/test-app.js';
import { checkFiles, disagreementCount } from './file-repair.js';
import { FileStore } from './file-store.js';
import { makeTemporaryFolder } from './temporary-folders.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * What another process leaves while it imports or exports: an import form's folder and an export's in the system's
 * temporary folder, a journal import's folder in DATA_DIR, and one renamed for the journal `journalId` once it was
 * made, holding a site picture. The process stays alive until it is killed.
 */
const STEPS = `
const fs = await import('node:fs');
const m = await import(process.env.MODULE);
const folders = [
  await m.makeTemporaryFolder('journal-import-'),
  await m.makeTemporaryFolder('journal-export-'),
  await m.makeTemporaryFolder('.journal-import-', process.env.DIR),
];
const cut = await m.makeTemporaryFolder('.journal-import-', process.env.DIR);
fs.mkdirSync(cut + '/site');
fs.writeFileSync(cut + '/site/cut-short.png', 'cut short');
folders.push(await m.nameJournalOfFolder(cut, Number(process.env.JOURNAL)));
console.log(JSON.stringify(folders));
setInterval(() => {}, 60_000);
`;

interface Other {
  child: ChildProcess;
  folders: string[];
  kill(): Promise<void>;
}

const others: Other[] = [];

async function otherProcess(dataDir: string, journalId: number): Promise<Other> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', STEPS], {
    cwd: root,
    env: {
      ...process.env,
      MODULE: path.join(import.meta.dirname, 'temporary-folders.ts'),
      DIR: dataDir,
      JOURNAL: String(journalId),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  const other = {
    child,
    folders: JSON.parse(line.toString()) as string[],
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
    },
  };
  others.push(other);
  return other;
}

let t: TestApp;
let own: string;

afterAll(async () => {
  for (const other of others) {
    await other.kill();
    for (const folder of other.folders) fs.rmSync(folder, { recursive: true, force: true });
  }
  if (own) fs.rmSync(own, { recursive: true, force: true });
  await t?.close();
});

const exists = (folder: string) => fs.existsSync(folder);

describe(`temporary folders of imports and exports (${testEngine})`, () => {
  it('a start clears those a killed process left, and keeps those of processes alive', async () => {
    let killed!: Other;
    let alive!: Other;
    t = await createTestApp({
      async before(_database, dataDir) {
        killed = await otherProcess(dataDir, 99);
        await killed.kill();
        alive = await otherProcess(dataDir, 99);
        own = await makeTemporaryFolder('journal-export-');
      },
    });
    expect(killed.folders.filter(exists)).toEqual([]);
    expect(alive.folders.filter(exists)).toEqual(alive.folders);
    expect(exists(own)).toBe(true);
    // Nothing was made of the folder for journal 99, which does not exist.
    expect(exists(journalFilesRoot(t.dataDir, 99))).toBe(false);
  }, 60_000);

  it("a start moves the files of a journal import cut short after its journal was made into the journal's folder", async () => {
    const journalId = await t.ctx.journalList.create({ name: 'Cut short', hosts: ['cut-short.test'] });
    const journal = scopedDb(t.ctx.db, journalId);
    await journal
      .insertInto('site_pictures')
      .values({ kind: 'logo', file: 'cut-short.png', updated_at: new Date().toISOString() })
      .execute();
    const killed = await otherProcess(t.dataDir, journalId);
    await killed.kill();

    const restarted = await createContext(t.ctx.config, pino({ level: 'silent' }), t.ctx.databaseOptions);
    try {
      expect(killed.folders.filter(exists)).toEqual([]);
      const files = journalFilesRoot(t.dataDir, journalId);
      expect(fs.readFileSync(path.join(files, 'site', 'cut-short.png'), 'utf8')).toBe('cut short');
      expect(disagreementCount(await checkFiles(journal, new FileStore(files)))).toBe(0);
    } finally {
      await restarted.usage.close();
      await restarted.db.destroy();
    }
  }, 60_000);
});
