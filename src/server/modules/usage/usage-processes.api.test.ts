import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';
import { createTestApp, testEngine, type TestApp } from '../../test/test-app.js';

// Decisions 101 and 116: processes (and instances) counting on one database add up exactly, by upserts, and one
// reader's click seen by several of them within 30 seconds counts once.

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'usage-counting-process.ts');
const READERS = 1000;
let t: TestApp;
let articleId: number;

beforeAll(async () => {
  t = await createTestApp();
  await addIssue(t.journal.db, 2025, 4, 1);
  articleId = await addArticle(t.journal.db, { year: 2025, volume: 4, issue: 1 });
});
afterAll(() => t.close());

/** The child's database: the test's SQLite file (in its DATA_DIR), or its PostgreSQL schema. */
function databaseEnv(): Record<string, string> {
  const { url, pgSchema } = t.ctx.databaseOptions;
  if (testEngine === 'sqlite') return {};
  const schemaUrl = new URL(url!);
  schemaUrl.searchParams.set('options', `-c search_path=${pgSchema}`);
  return { DATABASE_URL: schemaUrl.toString() };
}

function countInChild(kind = ''): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      ...databaseEnv(),
      DATA_DIR: t.dataDir,
      SEED_DEMO: '0',
      ADMIN_PASSWORD: 'correct-horse-battery',
      LOG_LEVEL: 'error',
      USAGE_ARTICLE: String(articleId),
      USAGE_READERS: String(READERS),
      USAGE_KIND: kind,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`exit ${code}: ${output}`)))),
  );
}

/** The article's counts as stored, and forgets them for the next test. */
async function takeTotals() {
  const totals = await t.journal.db
    .selectFrom('usage_events')
    .select((eb) => [
      eb.fn.countAll<number>().as('sessions'),
      eb.fn.sum<number>('investigations').as('investigations'),
      eb.fn.sum<number>('requests').as('requests'),
    ])
    .where('article_id', '=', articleId)
    .executeTakeFirstOrThrow();
  await t.journal.db.deleteFrom('usage_events').execute();
  await t.ctx.db.deleteFrom('usage_clicks').execute();
  return Object.fromEntries(Object.entries(totals).map(([key, value]) => [key, Number(value)]));
}

it(`two processes counting different uses by the same ${READERS} readers at once add up exactly`, async () => {
  const outputs = await Promise.all([countInChild('investigation'), countInChild('request')]);
  expect(outputs.map((output) => output.trim())).toEqual(['counted', 'counted']);
  // Each reader is one user-session in both processes (the keys come from the installation's secret).
  expect(await takeTotals()).toEqual({ sessions: READERS, investigations: 2 * READERS, requests: READERS });
}, 60_000);

it(`two processes seeing the same click of each of ${READERS} readers at once count it once`, async () => {
  const outputs = await Promise.all([countInChild(), countInChild()]);
  expect(outputs.map((output) => output.trim())).toEqual(['counted', 'counted']);
  expect(await takeTotals()).toEqual({ sessions: READERS, investigations: READERS, requests: READERS / 2 });
}, 60_000);
