import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFiles, repairFiles } from '../../storage/file-repair.js';
import { FileStore } from '../../storage/file-store.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { generatedImport, writeImportFiles } from './import-test-fixtures.js';
import { ImportService } from './import.service.js';
import { openSpreadsheetSource } from './spreadsheet-plan.js';

/**
 * kill -9 of `npm run import` (scripts/import.ts in a process of its own) at moments while it writes: after every
 * kill each issue of the spreadsheet is either absent or there with all its articles, and once the repair the
 * server's start makes has run, rows and files agree. Run again, the import completes what is missing.
 */
const YEAR = 2020;
const ISSUES = 12;
const ARTICLES = 36;
const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');

let t: TestApp;
let files: { spreadsheet: string; pdfs: string };
const generated = generatedImport(ARTICLES, { issues: ISSUES, year: YEAR, refBase: 330_000 });

beforeAll(async () => {
  t = await createTestApp();
  const folder = fs.mkdtempSync(path.join(t.dataDir, 'import-files-'));
  files = await writeImportFiles(folder, generated);
});
afterAll(() => t.close());

/** The server's configuration for the command: the test's DATA_DIR and database (its schema on PostgreSQL). */
function commandEnv(): Record<string, string> {
  const url = process.env.TEST_DATABASE_URL;
  const schema = t.ctx.databaseOptions.pgSchema;
  const options = encodeURIComponent(`-c search_path=${schema}`);
  return {
    DATA_DIR: t.dataDir,
    DATABASE_URL: url ? `${url}${url.includes('?') ? '&' : '?'}options=${options}` : '',
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
  };
}

function startImport(): { child: ChildProcess; output: () => string; exited: Promise<[number | null, string | null]> } {
  const script = path.join(root, 'scripts', 'import.ts');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, '--spreadsheet', files.spreadsheet, '--pdfs', files.pdfs],
    {
      cwd: root,
      env: { ...process.env, ...commandEnv() },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let printed = '';
  child.stdout!.on('data', (chunk) => (printed += chunk));
  child.stderr!.on('data', (chunk) => (printed += chunk));
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  return { child, output: () => printed, exited };
}

/** Articles of each issue of the spreadsheet's year that is here. */
async function articlesByIssue(): Promise<Map<number, number>> {
  const issues = await t.journal.db.selectFrom('issues').select('issue').where('year', '=', YEAR).execute();
  const counts = new Map(issues.map((row) => [row.issue, 0]));
  const articles = await t.journal.db.selectFrom('articles').select('issue').where('year', '=', YEAR).execute();
  for (const { issue } of articles) counts.set(issue, (counts.get(issue) ?? 0) + 1);
  return counts;
}

async function expectWholeIssues(): Promise<number> {
  const counts = await articlesByIssue();
  for (const [issue, articles] of counts) expect(articles, `articles of issue ${issue}`).toBe(ARTICLES / ISSUES);
  return counts.size;
}

/** What the server does at its start after a crash (decision 013), then the check of `npm run check-data`. */
async function repairAndCheck(): Promise<void> {
  await repairFiles(t.journal.db, t.journal.files, { clearMissingArticleFiles: false });
  expect(await checkFiles(t.journal.db, t.journal.files)).toEqual({
    pendingMoves: [],
    tempFiles: [],
    unnamedFiles: [],
    missingFiles: [],
  });
}

describe('kill -9 while a spreadsheet is imported', () => {
  it('leaves no half issue, and the import run again completes it', async () => {
    let killedHalfway = 0;
    let completed = false;
    for (let attempt = 0; attempt < 8 && !completed; attempt++) {
      const before = (await articlesByIssue()).size;
      const run = startImport();
      await waitUntil(async () => (await articlesByIssue()).size > before || run.child.exitCode !== null, {
        message: () => `an issue written by the import, or its end:\n${run.output()}`,
        timeoutMs: 180_000,
      });
      await new Promise((resolve) => setTimeout(resolve, crypto.randomInt(60)));
      run.child.kill('SIGKILL');
      const [code] = await run.exited;
      const whole = await expectWholeIssues();
      if (code === null && whole < ISSUES) killedHalfway += 1;
      completed = code === 0;
      if (code !== null) expect(code, run.output()).toBe(0);
      await repairAndCheck();
    }
    expect(killedHalfway).toBeGreaterThan(0);

    const last = startImport();
    const [code] = await last.exited;
    expect(code, last.output()).toBe(0);
    expect(await expectWholeIssues()).toBe(ISSUES);
    await repairAndCheck();
    for (const [name, pdf] of generated.pdfs) {
      const refnumber = name.replace('.pdf', '');
      const row = await t.journal.db
        .selectFrom('articles')
        .select(['issue', 'volume'])
        .where('refnumber', '=', refnumber)
        .executeTakeFirstOrThrow();
      expect(
        fs.readFileSync(t.journal.files.resolve(FileStore.articlePath(YEAR, row.volume, row.issue, refnumber))),
      ).toEqual(pdf);
    }
    // Each run's one activity entry says what that run saved; together they say the whole import.
    const summaries = await t.journal.db
      .selectFrom('activity_log')
      .select('summary')
      .where('action', '=', 'import')
      .execute();
    const total = (what: string) =>
      summaries.reduce((sum, { summary }) => sum + Number(new RegExp(`(\\d+) ${what}`).exec(summary)![1]), 0);
    expect([total('issues?'), total('articles?')]).toEqual([ISSUES, ARTICLES]);

    const source = await openSpreadsheetSource(files.spreadsheet, files.pdfs);
    try {
      const report = await new ImportService(t.journal.db, t.journal.files, t.journal.clock).dryRun(source.plan);
      expect(report.create.articles).toEqual([]);
      expect(report.conflicts).toEqual([]);
      expect(report.skipped).toHaveLength(ISSUES + ARTICLES);
    } finally {
      await source.close();
    }
  }, 600_000);
});
