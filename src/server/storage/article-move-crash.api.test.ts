import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, issueFields, multipartForm, testPdf } from '../test/article-form.js';
import { CrashHarness } from '../test/crash-harness.js';
import { waitUntil } from '../test/wait-until.js';

/**
 * kill -9 at random moments while articles are moved between two issues (half of the moves with a new PDF);
 * after every restart each article's row and PDF agree: the row names an issue and the PDF is in that issue's
 * folder, with the bytes of the last acknowledged write or of the one in flight.
 */
const KILLS = 6;
const ARTICLES = 4;
const ISSUES = [
  { year: 2026, volume: 41, issue: 1 },
  { year: 2026, volume: 41, issue: 2 },
];

interface Placement {
  issueIndex: number;
  pdf: Buffer;
}
interface Article {
  id: number;
  n: number;
  acknowledged: Placement;
  inFlight: Placement | null;
}

const harness = new CrashHarness();
const issueIds: number[] = [];
const articles: Article[] = [];
let moves = 0;

const randomPdf = () => testPdf('move', crypto.randomBytes(65_536 + crypto.randomInt(196_608)));

beforeAll(async () => {
  await harness.start();
  for (const numbers of ISSUES)
    issueIds.push(
      (await (await harness.json('POST', '/api/admin/create-issue', { ...numbers, frequency: 'jan-feb' })).json()).id,
    );
  for (let n = 1; n <= ARTICLES; n++) {
    const pdf = randomPdf();
    const form = multipartForm(
      { ...articleFields(n, { refnumber: String(810_000 + n) }), ...issueFields(ISSUES[0]!) },
      pdf,
    );
    const response = await harness.fetch('/api/admin/archives/', { method: 'POST', headers: harness.auth, body: form });
    expect(response.status).toBe(201);
    articles.push({ id: (await response.json()).id, n, acknowledged: { issueIndex: 0, pdf }, inFlight: null });
  }
}, 120_000);

afterAll(() => harness.stop());

/** Moves one article after another to the other issue until the server dies. */
async function moveUntilKilled(): Promise<void> {
  for (;;) {
    const article = articles[crypto.randomInt(articles.length)]!;
    const withPdf = Math.random() < 0.5;
    const next = {
      issueIndex: 1 - article.acknowledged.issueIndex,
      pdf: withPdf ? randomPdf() : article.acknowledged.pdf,
    };
    article.inFlight = next;
    const form = multipartForm(
      {
        ...articleFields(article.n, { refnumber: String(810_000 + article.n) }),
        issue_id: String(issueIds[next.issueIndex]),
      },
      withPdf ? next.pdf : undefined,
    );
    let response: Response;
    try {
      response = await harness.fetch(`/api/archives/${article.id}`, {
        method: 'POST',
        headers: harness.auth,
        body: form,
      });
    } catch {
      return; // the server died with this move in flight
    }
    expect(response.status, await response.clone().text()).toBe(200);
    article.acknowledged = next;
    article.inFlight = null;
    moves += 1;
  }
}

/** Each article is in the issue, with the PDF, of its last acknowledged move or of the one in flight. */
async function expectEveryArticlePlaced(): Promise<void> {
  for (const article of articles) {
    const row = await (await harness.json('GET', `/api/archives/${article.id}`)).json();
    const issueIndex = ISSUES.findIndex((numbers) => numbers.volume === row.volume && numbers.issue === row.issue);
    const file = await harness.fetch(`/assets/archives/${row.year}/vol${row.volume}issue${row.issue}/${row.file}`);
    expect(file.status).toBe(200);
    const pdf = Buffer.from(await file.arrayBuffer());
    const states = [article.acknowledged, ...(article.inFlight ? [article.inFlight] : [])];
    const matching = states.find((state) => state.issueIndex === issueIndex && state.pdf.equals(pdf));
    expect(matching, `article ${article.id} in issue ${issueIndex} has the PDF of a write`).toBeDefined();
    article.acknowledged = matching!;
    article.inFlight = null;
  }
}

describe('kill -9 while articles move between issues', () => {
  it('leaves every article row and its PDF in the same issue after every restart', async () => {
    for (let kill = 0; kill < KILLS; kill++) {
      const movesBefore = moves;
      let ended = false;
      const burst = moveUntilKilled().finally(() => (ended = true));
      // The kill comes at a random moment after the burst's first acknowledged move (or its end, which `burst` reports).
      await waitUntil(() => moves > movesBefore || ended, { message: 'a move of this burst to be acknowledged' });
      await new Promise((resolve) => setTimeout(resolve, crypto.randomInt(600)));
      await harness.server.stop('SIGKILL');
      await burst;
      await harness.restart();
      await harness.expectRowsAndFilesAgree();
      await expectEveryArticlePlaced();
    }
    expect(moves).toBeGreaterThanOrEqual(KILLS);
  }, 180_000);
});
