// `npx tsx scripts/bench-memory.ts`: the server's memory on PostgreSQL (docs/quality-bars.md: 256 MB RSS) while an
// admin uploads a 300 MB Open Journal Systems export to /api/admin/import/check (decision 113), and under 150
// connections of page load while admins write. Runs the built site (`npm run build`) as `npm start` runs it, on a
// database of its own made and dropped in BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/
// postgres), seeded with the demo journals; needs wrk. BENCH_OJS_MB sets the export's size (default 300);
// BENCH_ONLY=import or BENCH_ONLY=load measures one of the two. The admins' writes are article edits, each admin saving
// one every EDIT_PAUSE_MS; BENCH_WRITES=settings makes them the heavier load measured first (settings saves and
// work-log entries back to back, each save emptying the rendered-page cache).
import { execSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { ISSUE_FREQUENCIES } from '../src/common/constants.js';
import { articleFields, issueFields, multipartForm, testPdf } from '../src/server/test/article-form.js';
import { ojsExport } from '../src/server/modules/imports/ojs/fixtures/ojs-export.js';
import { freePort } from './free-port.mjs';
import { rssMb, sampleMemory } from './process-memory.mjs';
import { spawnBuiltServer } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const EXPORT_MB = Number(process.env.BENCH_OJS_MB ?? 300);
/** Each article's PDF: a journal article of some pages of scans. */
const PDF_BYTES = 6 * 1_048_576;
const LOAD = { threads: 2, connections: 150, seconds: 20 };
const WRITERS = 4;
/** An editor saving an article, reading it back and saving again: about two saves a second among the four. */
const EDIT_PAUSE_MS = 2000;
const SETTINGS_WRITES = process.env.BENCH_WRITES === 'settings';
const PASSWORD = 'bench-password';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (value: number) => `${Math.round(value)} MB`;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
const database = `bench_memory_${process.pid}`;
const figures: string[] = [];
const note = (line: string) => {
  figures.push(line);
  console.log(line);
};

async function onAdminDatabase(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function startServer(): Promise<{ url: string; server: ChildProcess }> {
  if (!fs.existsSync(path.join(root, 'dist', 'server', 'main.js'))) execSync('npm run build', { cwd: root });
  const port = await freePort();
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  const server = spawnBuiltServer(root, port, {
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: databaseUrl.href,
    LOG_LEVEL: 'error',
    SEED_DEMO: '1',
    ADMIN_PASSWORD: PASSWORD,
    WEB_CONCURRENCY: '1',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 600; tries++) {
    if (
      await fetch(`${url}/healthz`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return { url, server };
    await sleep(100);
  }
  throw new Error('The server did not answer');
}

async function signIn(url: string): Promise<string> {
  const answer = await fetch(`${url}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (!answer.ok) throw new Error(`Sign-in: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { token: string }).token;
}

// ---------------------------------------------------------------------------------------------------------------
// The import

const EMBED_MARK = 'EMBEDDED-PDF';

/**
 * An export of one-article issues, each article's galley an embedded PDF of PDF_BYTES, to `megabytes` in all, written
 * a piece at a time as OJS writes base64: in lines of 76 characters. Each issue is the fixture's second issue
 * (ojs-export.ts) with a volume, ids and a title of its own.
 */
async function writeExport(file: string, megabytes: number): Promise<number> {
  const fixture = ojsExport({ format: 'main', article103Embed: EMBED_MARK });
  const issueStart = fixture.indexOf('  <issue published="0"');
  const issue = fixture.slice(issueStart, fixture.indexOf('</issue>', issueStart) + '</issue>'.length);
  const base64Bytes = Math.ceil(PDF_BYTES / 3) * 4;
  const issues = Math.max(1, Math.round((megabytes * 1_048_576) / base64Bytes));
  const out = fs.createWriteStream(file);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await write(`${fixture.slice(0, fixture.indexOf('<issue '))}\n`);
  for (let n = 1; n <= issues; n++) {
    const [before, after] = issue
      .replace('<volume>5</volume>', `<volume>${100 + n}</volume>`)
      .replaceAll('>103</id>', `>${5000 + n}</id>`)
      .replace('Rain and erosion', `Rain and erosion, part ${n}`)
      .split(EMBED_MARK) as [string, string];
    await write(before);
    const lines = testPdf(`Article ${n}`, crypto.randomBytes(PDF_BYTES))
      .toString('base64')
      .match(/.{1,76}/g)!;
    for (let at = 0; at < lines.length; at += 10_000) await write(`${lines.slice(at, at + 10_000).join('\n')}\n`);
    await write(`${after}\n`);
  }
  await write('</issues>\n');
  await new Promise((resolve) => out.end(resolve));
  return issues;
}

/** The export as the import screen sends it: a multipart form of source=ojs and the file, streamed from disk. */
function uploadBody(file: string, boundary: string): ReadableStream {
  const head =
    `--${boundary}\r\ncontent-disposition: form-data; name="source"\r\n\r\nojs\r\n` +
    `--${boundary}\r\ncontent-disposition: form-data; name="xml"; filename="issues.xml"\r\n` +
    'content-type: text/xml\r\n\r\n';
  async function* parts() {
    yield Buffer.from(head);
    yield* fs.createReadStream(file, { highWaterMark: 1_048_576 });
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return Readable.toWeb(Readable.from(parts())) as ReadableStream;
}

async function importFigures(url: string, pid: number, token: string) {
  const file = path.join(work, 'issues.xml');
  const issues = await writeExport(file, EXPORT_MB);
  const size = fs.statSync(file).size / 1_048_576;
  const before = rssMb(pid);
  const memory = sampleMemory(pid);
  const started = performance.now();
  const boundary = `bench${crypto.randomBytes(8).toString('hex')}`;
  const answer = await fetch(`${url}/api/admin/import/check`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: uploadBody(file, boundary),
    duplex: 'half',
  } as RequestInit);
  const report = (await answer.json()) as { create?: { articles: string[] }; problems?: { message: string }[] };
  const seconds = (performance.now() - started) / 1000;
  const peak = memory.stop();
  await sleep(5000);
  note(
    `import check of a ${mb(size)} OJS export (${issues} articles, each a ${mb(PDF_BYTES / 1_048_576)} PDF embedded): ` +
      `answered ${answer.status} in ${seconds.toFixed(1)} s, ${report.create?.articles.length ?? 0} articles to create, ` +
      `${report.problems?.length ?? 0} problems; server ${mb(before)} before, peak ${mb(peak)}, ` +
      `${mb(rssMb(pid))} 5 s after`,
  );
  fs.rmSync(file);
}

// ---------------------------------------------------------------------------------------------------------------
// Page load with admin writes

/** The demo journal's home, issue and article addresses, from its sitemap. */
async function pagePaths(url: string): Promise<string[]> {
  const locs = async (at: string) =>
    [...(await (await fetch(`${url}${at}`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1]!).pathname,
    );
  const top = await locs('/sitemap.xml');
  const paths = top.some((at) => at.endsWith('.xml')) ? (await Promise.all(top.map(locs))).flat() : top;
  return ['/', ...paths.filter((at) => at.startsWith('/archives/'))];
}

function wrk(url: string, paths: string[], unique: boolean): Promise<{ requests: number; notOk: number }> {
  const list = path.join(work, 'paths');
  fs.writeFileSync(list, `${paths.join('\n')}\n`);
  return new Promise((resolve, reject) => {
    const args = ['-t', String(LOAD.threads), '-c', String(LOAD.connections), '-d', `${LOAD.seconds}s`];
    const child = spawn('wrk', [...args, '-s', path.join(root, 'scripts', 'bench-wrk.lua'), url], {
      env: {
        ...process.env,
        BENCH_PATHS: list,
        BENCH_THREADS: String(LOAD.threads),
        BENCH_UNIQUE: unique ? '1' : '0',
        BENCH_RUN: String(Date.now()),
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      const json = /^BENCH_JSON (.*)$/m.exec(output)?.[1];
      if (!json) return reject(new Error(`wrk printed no figures: ${output}`));
      const totals = JSON.parse(json) as { requests: number; not_ok: number };
      resolve({ requests: totals.requests, notOk: totals.not_ok });
    });
  });
}

/** Each writer's article, added once to a published issue of its own, its id. */
async function writersArticles(url: string, token: string): Promise<string[]> {
  return Promise.all(
    Array.from({ length: WRITERS }, async (_, n) => {
      const issue = await fetch(`${url}/api/admin/create-issue`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ year: 2026, volume: 90, issue: n + 1, frequency: ISSUE_FREQUENCIES[0] }),
      });
      if (!issue.ok) throw new Error(`Adding an issue: ${issue.status} ${await issue.text()}`);
      const form = multipartForm(
        { ...articleFields(900 + n), ...issueFields({ year: 2026, volume: 90, issue: n + 1 }) },
        testPdf(`Writer ${n}`),
      );
      const answer = await fetch(`${url}/api/admin/archives/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (!answer.ok) throw new Error(`Adding an article: ${answer.status} ${await answer.text()}`);
      return String(((await answer.json()) as { id: number | string }).id);
    }),
  );
}

/**
 * Admins writing while `until` is pending: each of WRITERS saves an edit of its article (its abstract changed), which
 * empties the rendered-page cache, then pauses EDIT_PAUSE_MS; one signs in again every few seconds. With
 * BENCH_WRITES=settings each saves the settings and adds a work-log entry in turn, without pause. Resolves to the
 * time each write took, in ms.
 */
async function adminWrites(url: string, token: string, articles: string[], until: Promise<unknown>): Promise<number[]> {
  let running = true;
  void until.finally(() => (running = false));
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const settings = await (await fetch(`${url}/api/settings`, { headers })).json();
  const times: number[] = [];
  const timed = async (call: () => Promise<Response>) => {
    const started = performance.now();
    const answer = await call();
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`An admin write answered ${answer.status}`);
    times.push(performance.now() - started);
  };
  const edit = (n: number, round: number) => () =>
    fetch(`${url}/api/archives/${articles[n]}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: multipartForm(articleFields(900 + n, { abstract: `<p>Revision ${round}</p>` })),
    });
  const writer = async (n: number) => {
    for (let round = 0; running; round++) {
      if (!SETTINGS_WRITES) {
        await timed(edit(n, round));
        await sleep(EDIT_PAUSE_MS);
        continue;
      }
      await timed(() =>
        round % 2
          ? fetch(`${url}/api/webdata`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ status: 'info', content: `Writer ${n}, round ${round}` }),
            })
          : fetch(`${url}/api/settings`, { method: 'POST', headers, body: JSON.stringify(settings) }),
      );
    }
  };
  const signIns = async () => {
    while (running) {
      await signIn(url);
      await sleep(3000);
    }
  };
  await Promise.all([...Array.from({ length: WRITERS }, (_, n) => writer(n)), signIns()]);
  return times;
}

async function loadFigures(url: string, pid: number, token: string) {
  const paths = await pagePaths(url);
  const articles = SETTINGS_WRITES ? [] : await writersArticles(url, token);
  for (const unique of [false, true]) {
    const memory = sampleMemory(pid);
    const load = wrk(url, paths, unique);
    const times = (await adminWrites(url, token, articles, load)).sort((a, b) => a - b);
    const { requests, notOk } = await load;
    const peak = memory.stop();
    const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))]!;
    note(
      `${LOAD.connections} connections of ${unique ? 'first renders' : 'page views'} for ${LOAD.seconds} s ` +
        `(${requests} answers, ${notOk} not 200) with ${WRITERS} admins ` +
        `${SETTINGS_WRITES ? 'saving settings' : 'editing articles'} (${times.length} writes, ` +
        `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, slowest ${at(1).toFixed(0)} ms): ` +
        `server peak ${mb(peak)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------

if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is needed: apt-get install wrk');
await onAdminDatabase(`CREATE DATABASE ${database}`);
let server: ChildProcess | null = null;
try {
  const started = await startServer();
  server = started.server;
  const pid = server.pid!;
  const token = await signIn(started.url);
  note(`server on PostgreSQL, demo journals, signed in: ${mb(rssMb(pid))}`);
  if (process.env.BENCH_ONLY !== 'load') await importFigures(started.url, pid, token);
  if (process.env.BENCH_ONLY !== 'import') await loadFigures(started.url, pid, token);
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => (server ? server.once('exit', resolve) : resolve(null)));
  await onAdminDatabase(`DROP DATABASE IF EXISTS ${database}`);
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`\n${figures.map((line) => `- ${line}`).join('\n')}`);
