import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../test/test-app.js';
import { chooseJournal } from './journal-choice.js';
import { JournalMoveRefused } from './journal-move-format.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const SECOND = { name: 'Second Journal', hosts: ['second.test', 'www.second.test'] };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const chosenId = async (named: string | undefined) => (await chooseJournal(t.ctx.db, named)).id;

async function refusal(named: string | undefined): Promise<string> {
  const error = await chooseJournal(t.ctx.db, named).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(JournalMoveRefused);
  return (error as Error).message;
}

/** A script of scripts/ on the test's DATA_DIR and database (its schema on PostgreSQL): exit code and output. */
async function script(name: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const url = process.env.TEST_DATABASE_URL;
  const options = encodeURIComponent(`-c search_path=${t.ctx.databaseOptions.pgSchema}`);
  const env = {
    ...process.env,
    DATA_DIR: t.dataDir,
    DATABASE_URL: url ? `${url}${url.includes('?') ? '&' : '?'}options=${options}` : '',
    SEED_DEMO: '0',
  };
  return run(process.execPath, ['--import', 'tsx', path.join('scripts', name), ...args], { cwd: root, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe(`naming a journal on the command line (${testEngine})`, () => {
  it('takes the only journal of an installation of one, when none is named', async () => {
    expect(await chosenId(undefined)).toBe(1);
    const out = path.join(t.dataDir, 'only.zip');
    const exported = await script('export-journal.ts', ['--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/^journal 1 \(/);
    expect(fs.existsSync(out)).toBe(true);
  }, 60_000);

  it('names every journal by its id or any of its hosts, and the one without a host by its id', async () => {
    expect(await t.ctx.journalList.create(SECOND)).toBe(2);
    expect(await chosenId('1')).toBe(1);
    expect(await chosenId('2')).toBe(2);
    expect(await chosenId('second.test')).toBe(2);
    expect(await chosenId('WWW.Second.Test:8080')).toBe(2);

    const listing =
      /Its journals: 1 "[^"]+" \(no host of its own\), 2 "Second Journal" \(second\.test, www\.second\.test\)$/;
    const unnamed = await refusal(undefined);
    expect(unnamed).toMatch(/^This installation has 2 journals: name one with --journal <id\|host>/);
    expect(unnamed).toMatch(listing);
    // The host-less journal answers 127.0.0.1 in the browser; the message says how to name it.
    const unclaimed = await refusal('127.0.0.1');
    expect(unclaimed).toMatch(
      /^No journal of this installation has the host 127\.0\.0\.1 \(the server answers it with journal 1, which has no host: --journal 1\)/,
    );
    expect(unclaimed).toMatch(listing);
    expect(await refusal('9')).toMatch(/^There is no journal 9 in this installation\. Its journals: 1 /);
  });

  it('runs from the command line with every spelling, and says the spellings in its usage', async () => {
    const spreadsheet = path.join(t.dataDir, 'first.csv');
    const pdfs = path.join(t.dataDir, 'first.zip');
    const first = await script('import.ts', ['--export', spreadsheet, '--pdfs', pdfs, '--journal', '1']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^journal 1 \(/);
    expect(fs.existsSync(spreadsheet)).toBe(true);

    const byHost = path.join(t.dataDir, 'second.zip');
    const second = await script('export-journal.ts', ['--journal', 'www.second.test', '--out', byHost]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/^journal 2 \(Second Journal\)/);

    const unclaimed = await script('import.ts', ['--export', spreadsheet, '--pdfs', pdfs, '--journal', 'localhost']);
    expect(unclaimed.code).toBe(2);
    expect(unclaimed.stderr).toMatch(
      /^Refused: No journal of this installation has the host localhost .*--journal 1\)/,
    );
    expect(unclaimed.stderr).toMatch(/1 "[^"]+" \(no host of its own\), 2 "Second Journal"/);

    const usage = await script('import.ts', []);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/\[--journal <id\|host>\]/);
    expect(usage.stderr).toMatch(/a journal without a host of its own by its id/);
  }, 60_000);
});
