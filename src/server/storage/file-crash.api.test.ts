import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_FREQUENCIES } from '../../common/constants.js';
import { CrashHarness } from '../test/crash-harness.js';
import { waitUntil } from '../test/wait-until.js';
import { articleFields, multipartForm, testPdf } from '../test/article-form.js';

/**
 * kill -9 at random moments while two clients add articles and change their reference numbers and PDFs;
 * after every restart the rows and the files agree and every write a client saw answered 2xx is there.
 */
const KILLS = 10;
const WRITERS = 2;
const VOLUME = { year: 2026, volume: 31 };

interface ArticleState {
  /** The number the article was added with: its title, transaction id and pages. */
  n: number;
  refnumber: string;
  pdf: Buffer;
}
interface Write {
  id: number | null;
  state: ArticleState;
}
/**
 * What one client knows: its articles as last acknowledged, and the write it had in flight when the server
 * died. Each client adds to an issue of its own, so their page ranges do not race.
 */
interface Writer {
  issue: number;
  acknowledged: Map<number, ArticleState>;
  inFlight: Write | null;
}

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const harness = new CrashHarness();

let serial = 0;
const writers: Writer[] = Array.from({ length: WRITERS }, (_, index) => ({
  issue: index + 1,
  acknowledged: new Map(),
  inFlight: null,
}));
const refused: string[] = [];
let acknowledgedWrites = 0;

beforeAll(async () => {
  await harness.start();
  for (const { issue } of writers) {
    const created = await harness.json('POST', '/api/admin/create-issue', {
      ...VOLUME,
      issue,
      frequency: ISSUE_FREQUENCIES[0],
    });
    expect(created.status).toBe(201);
  }
}, 120_000);

afterAll(() => harness.stop());

/** A PDF of 64-320 KB, so that kills land while files are being written as well as between. */
const randomPdf = () => testPdf('crash', crypto.randomBytes(65_536 + crypto.randomInt(262_144)));

function articleForm({ n, ...state }: ArticleState, withPdf: boolean, extra: Record<string, string>): FormData {
  const fields = articleFields(n, {
    refnumber: state.refnumber,
    title: `Crash test article ${n}`,
    txnid: `TXN-CRASH-${n}`,
    ...extra,
  });
  return multipartForm(fields, withPdf ? state.pdf : undefined);
}

/** Adds an article or changes one's reference number (with a new PDF, mostly) until the server dies. */
async function writeUntilKilled(writer: Writer): Promise<void> {
  for (;;) {
    const ids = [...writer.acknowledged.keys()];
    const refnumber = String(700_000 + ++serial);
    const id = ids.length < 2 || Math.random() < 0.25 ? null : ids[crypto.randomInt(ids.length)]!;
    const current = id === null ? null : writer.acknowledged.get(id)!;
    const withPdf = !current || Math.random() < 0.75;
    const state = { n: current?.n ?? serial, refnumber, pdf: withPdf ? randomPdf() : current!.pdf };
    writer.inFlight = { id, state };
    const request =
      id === null
        ? {
            url: '/api/admin/archives/',
            form: articleForm(state, true, {
              year: `${VOLUME.year}`,
              volume: `${VOLUME.volume}`,
              issue: `${writer.issue}`,
            }),
          }
        : { url: `/api/archives/${id}`, form: articleForm(state, withPdf, { status: 'enabled' }) };
    let response: Response;
    try {
      response = await harness.fetch(request.url, { method: 'POST', headers: harness.auth, body: request.form });
    } catch {
      return; // the server died with this write in flight
    }
    if (!response.ok) {
      refused.push(`${request.url}: ${response.status} ${await response.text()}`);
      return;
    }
    const saved = (await response.json()) as { id: number };
    writer.acknowledged.set(saved.id, state);
    writer.inFlight = null;
    acknowledgedWrites += 1;
  }
}

interface StoredArticle {
  id: number;
  refnumber: string;
  file: string | null;
}

async function storedPdf(issue: number, article: StoredArticle): Promise<Buffer | null> {
  const response = await harness.fetch(
    `/assets/archives/${VOLUME.year}/vol${VOLUME.volume}issue${issue}/${article.file}`,
  );
  return response.ok ? Buffer.from(await response.arrayBuffer()) : null;
}

/** The article as one of `states` left it: reference number, file name and PDF bytes. */
async function expectOneOf(
  issue: number,
  article: StoredArticle | undefined,
  states: ArticleState[],
): Promise<ArticleState> {
  const pdf = article?.file ? await storedPdf(issue, article) : null;
  const matching = states.find(
    (state) =>
      article?.refnumber === state.refnumber && article.file === `${state.refnumber}.pdf` && pdf?.equals(state.pdf),
  );
  expect(matching, `article ${JSON.stringify(article)} is as a write left it`).toBeDefined();
  return matching!;
}

/**
 * Every article is as its last acknowledged write left it, or as the write in flight when the server died
 * made it (which then counts as acknowledged); there is no other article.
 */
async function expectAcknowledgedWritesKept(): Promise<void> {
  for (const writer of writers) {
    const response = await harness.json('GET', `/api/admin/archives/${VOLUME.year}/${VOLUME.volume}/${writer.issue}`);
    const articles = ((await response.json()) as { articles: StoredArticle[] }).articles;
    const { inFlight } = writer;
    for (const [id, acknowledged] of writer.acknowledged) {
      const states = inFlight?.id === id ? [acknowledged, inFlight.state] : [acknowledged];
      writer.acknowledged.set(
        id,
        await expectOneOf(
          writer.issue,
          articles.find((article) => article.id === id),
          states,
        ),
      );
    }
    const added =
      inFlight?.id === null ? articles.find((article) => article.refnumber === inFlight.state.refnumber) : undefined;
    if (added) writer.acknowledged.set(added.id, await expectOneOf(writer.issue, added, [inFlight!.state]));
    writer.inFlight = null;
    expect(articles.length).toBe(writer.acknowledged.size);
  }
}

describe('kill -9 during article writes that change reference numbers and PDFs', () => {
  it('leaves rows and files in agreement after every restart, with every acknowledged write in place', async () => {
    for (let kill = 0; kill < KILLS; kill++) {
      const writesBefore = acknowledgedWrites;
      let ended = false;
      const bursts = writers.map(writeUntilKilled);
      void Promise.allSettled(bursts).then(() => (ended = true));
      // The kill comes at a random moment after the bursts' first acknowledged write (or their end, which `bursts`
      // report).
      await waitUntil(() => acknowledgedWrites > writesBefore || ended, {
        message: 'a write of these bursts to be acknowledged',
      });
      await new Promise((resolve) => setTimeout(resolve, crypto.randomInt(700)));
      await harness.server.stop('SIGKILL');
      await Promise.all(bursts);
      await harness.restart();
      await harness.expectRowsAndFilesAgree();
      await expectAcknowledgedWritesKept();
    }
    expect(refused).toEqual([]);
    expect(acknowledgedWrites).toBeGreaterThanOrEqual(KILLS);

    // The operator's command agrees (run with the server stopped, as its help says).
    await harness.server.stop('SIGTERM');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/ops/check-data.ts'], {
      cwd: root,
      env: { ...process.env, ...harness.env },
    });
    expect(stdout.trim().split('\n')).toEqual([expect.stringMatching(/^Journal 1 \(/), 'Rows and files agree.']);
  }, 300_000);
});
