import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_FREQUENCIES } from '../../common/constants.js';
import { articleFields, multipartForm, testPdf } from '../test/article-form.js';
import type { ChildServer } from '../test/child-server.js';
import { CrashHarness } from '../test/crash-harness.js';
import { testEngine } from '../test/test-app.js';
import { waitUntil } from '../test/wait-until.js';

/**
 * Three instances on one database and one DATA_DIR (on PostgreSQL the documented way to outgrow one machine; on
 * SQLite the worker processes of one installation): two take uploads without pause while the third, uploading too,
 * is stopped (kill -9, or SIGTERM) and started again. Every start succeeds, every upload answered 2xx keeps its
 * PDF, no answer is an error, and the rows and files agree at the end.
 */
const RESTARTS = 5;
/** Uploads the others have answered between two restarts of the third. */
const UPLOADS_PER_ROUND = 30;
const VOLUME = { year: 2026, volume: 41 };

interface Upload {
  refnumber: string;
  issue: number;
  pdf: Buffer;
}

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const harness = new CrashHarness();
const steady: ChildServer[] = [];
let restarting: ChildServer | null = null;

let serial = 0;
const acknowledged: Upload[] = [];
/** Uploads to the restarting instance cut short by its stop: saved whole, or not at all. */
const cutShort: Upload[] = [];
const refused: string[] = [];
let stopping = false;

beforeAll(async () => {
  await harness.start();
  for (let issue = 1; issue <= 3; issue++) {
    const created = await harness.json('POST', '/api/admin/create-issue', {
      ...VOLUME,
      issue,
      frequency: ISSUE_FREQUENCIES[0],
    });
    expect(created.status).toBe(201);
  }
  steady.push(harness.server, await harness.startInstance());
  restarting = await harness.startInstance();
}, 120_000);

afterAll(async () => {
  await Promise.all([...steady.slice(1), restarting].map((server) => server?.stop('SIGKILL')));
  await harness.stop();
});

/** Sends one new article with a PDF of 8-40 KB to `server`, in an issue of the writer's own (page ranges follow). */
async function upload(server: ChildServer, issue: number): Promise<{ upload: Upload; response: Response | null }> {
  const n = ++serial;
  const upload = {
    refnumber: String(800_000 + n),
    issue,
    pdf: testPdf(`instances ${n}`, crypto.randomBytes(8192 + crypto.randomInt(32_768))),
  };
  const fields = articleFields(n, {
    refnumber: upload.refnumber,
    title: `Several instances article ${n}`,
    txnid: `TXN-INSTANCES-${n}`,
    year: `${VOLUME.year}`,
    volume: `${VOLUME.volume}`,
    issue: `${issue}`,
  });
  const response = await fetch(`${server.baseUrl}/api/admin/archives/`, {
    method: 'POST',
    headers: harness.auth,
    body: multipartForm(fields, upload.pdf),
  }).catch(() => null);
  return { upload, response };
}

async function settle({ upload, response }: { upload: Upload; response: Response | null }): Promise<boolean> {
  if (response?.ok) {
    acknowledged.push(upload);
    return true;
  }
  refused.push(`${upload.refnumber}: ${response ? `${response.status} ${await response.text()}` : 'no answer'}`);
  return false;
}

/** A steady instance's uploads, until the test has done its restarts. */
async function uploadSteadily(server: ChildServer, issue: number): Promise<void> {
  while (!stopping) await settle(await upload(server, issue));
}

/** The restarting instance's uploads, until it is stopped under one of them (which then may or may not be saved). */
async function uploadUntilStopped(server: ChildServer): Promise<void> {
  for (;;) {
    const sent = await upload(server, 3);
    if (!sent.response) {
      cutShort.push(sent.upload);
      return;
    }
    if (!(await settle(sent))) return;
  }
}

interface StoredArticle {
  refnumber: string;
  file: string | null;
}

async function storedArticles(issue: number): Promise<StoredArticle[]> {
  const response = await harness.json('GET', `/api/admin/archives/${VOLUME.year}/${VOLUME.volume}/${issue}`);
  return ((await response.json()) as { articles: StoredArticle[] }).articles;
}

/** The PDF the site serves for `upload`'s article, or the answer it gives instead. */
async function servedPdf(upload: Upload, article: StoredArticle | undefined): Promise<Buffer | string | null> {
  if (!article?.file) return null;
  const response = await harness.fetch(
    `/assets/archives/${VOLUME.year}/vol${VOLUME.volume}issue${upload.issue}/${article.file}`,
  );
  if (response.ok) return Buffer.from(await response.arrayBuffer());
  // An error's cause is in the server's log.
  const logged = harness.server
    .output()
    .split('\n')
    .findLast((line) => line.includes('"level":50'));
  return `${response.status} ${await response.text()} ${logged ?? ''}`;
}

/** Each acknowledged upload is there with its PDF; a cut-short one is there whole or not at all; nothing else is. */
async function expectEveryUploadKept(): Promise<void> {
  const stored = new Map<string, StoredArticle>();
  for (let issue = 1; issue <= 3; issue++)
    for (const article of await storedArticles(issue)) stored.set(article.refnumber, article);
  const lost: string[] = [];
  for (const upload of acknowledged) {
    const pdf = await servedPdf(upload, stored.get(upload.refnumber));
    if (!(pdf instanceof Buffer && pdf.equals(upload.pdf))) lost.push(`${upload.refnumber}: ${String(pdf)}`);
  }
  const saved = cutShort.filter((upload) => stored.has(upload.refnumber));
  for (const upload of saved) expect(await servedPdf(upload, stored.get(upload.refnumber))).toEqual(upload.pdf);
  expect(lost).toEqual([]);
  expect(stored.size).toBe(acknowledged.length + saved.length);
}

describe(`three instances on one ${testEngine === 'postgres' ? 'PostgreSQL database' : 'SQLite database'} and one files folder`, () => {
  it('lose no acknowledged upload and answer no false error while one of them restarts', async () => {
    const uploads = steady.map((server, index) => uploadSteadily(server, index + 1));
    for (let round = 0; round < RESTARTS; round++) {
      const before = acknowledged.length;
      const cut = uploadUntilStopped(restarting!);
      await waitUntil(() => acknowledged.length >= before + UPLOADS_PER_ROUND || refused.length > 0, {
        message: 'the instances to answer uploads',
        timeoutMs: 30_000,
      });
      const stopped = restarting!;
      restarting = null;
      await stopped.stop(round % 2 ? 'SIGTERM' : 'SIGKILL');
      await cut;
      // Starts while the others upload: a start that fails throws here.
      restarting = await harness.startInstance();
    }
    stopping = true;
    await Promise.all(uploads);

    expect(refused).toEqual([]);
    await expectEveryUploadKept();

    // The operator's command, with every instance stopped as its help says.
    await Promise.all([...steady, restarting!].map((server) => server.stop('SIGTERM')));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/ops/check-data.ts'], {
      cwd: root,
      env: { ...process.env, ...harness.env },
    });
    expect(stdout.trim().split('\n')).toEqual([expect.stringMatching(/^Journal 1 \(/), 'Rows and files agree.']);
  }, 180_000);
});
