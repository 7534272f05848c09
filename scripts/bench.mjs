// `npm run bench`: measures the quality bars of docs/quality-bars.md against a built server on generated data
// sets (50,000 articles for pages, 100,000 for search and OAI-PMH) and prints each figure beside its bar.
// Data sets are kept in .bench/ between runs; delete that folder to regenerate them. BENCH_ARTICLES=5000 runs on
// smaller sets (5,000 and 10,000 articles), quick to make while the bench itself is being worked on; the bars are
// for the full sizes. BENCH_ONLY=pages measures the page figures and memory alone.
//
// Every throughput figure comes from wrk (scripts/bench-wrk.lua), a load generator that outruns nginx's one worker,
// so that nginx is measured rather than the client (the bench prints how busy nginx was); without wrk those figures
// are printed as not measured. First-render latency comes from an open-loop load at half the capacity wrk measured
// (scripts/bench-open-loop.mjs): at saturation a p99 measures the queue, not the page.
import { execSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort } from './free-port.mjs';
import { nginxInstalled, startNginx } from './nginx-proxy.mjs';
import { rssMb, sampleMemory } from './process-memory.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS, spawnBuiltServer } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, '.bench');
const distDir = path.join(root, 'dist');

/** What every load figure runs. wrk shares the machine's cores with the server, as readers' requests would not. */
const LOAD = { threads: 2, connections: 20, seconds: 8 };
/**
 * The open-loop load's keep-alive connections at most: more than a page rendered one at a time keeps busy at half
 * its capacity, so requests wait for the server, not for a connection.
 */
const OPEN_LOOP_CONNECTIONS = 32;
/** The open-loop load of a page's first renders, as a share of the capacity wrk measured for it just before. */
const OFFERED_SHARE = 0.5;
const PAGE_ARTICLES = articlesFromEnvironment();
const SEARCH_ARTICLES = PAGE_ARTICLES * 2;
/** BENCH_ONLY=pages: the page figures alone, quick to repeat while the render path is worked on. */
const PAGES_ONLY = process.env.BENCH_ONLY === 'pages';
/** BENCH_JOURNALS=10: the page figures on an installation of that many journals of PAGE_ARTICLES each. */
const JOURNALS = journalsFromEnvironment();
/**
 * BENCH_COMPARE=3 (with BENCH_JOURNALS): that many rounds, each measuring the page figures on one journal and then on
 * BENCH_JOURNALS journals, compared by their medians. Alternating on one machine in one run keeps the machine's
 * drift between runs out of the comparison.
 */
const COMPARE_ROUNDS = compareRoundsFromEnvironment();

/** Pages are asked for as a browser asks: it accepts every compression the site offers (the site prefers br). */
const BROWSER = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
/** The nginx comparison asks gzip on both sides: the compression nginx serves from a file, and one every browser asks. */
const GZIP = { accept: 'text/html', 'accept-encoding': 'gzip' };

const results = [];
/** The machine's yardstick, measured first: { rps, p50, p99 } or null without wrk. */
let baseline = null;

const count = (n) => Math.round(n).toLocaleString('en');
const share = (rps) => rps / baseline.rps;
const percent = (ratio) => `${(ratio * 100).toFixed(1)}%`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function articlesFromEnvironment() {
  const value = Number(process.env.BENCH_ARTICLES ?? 50_000);
  if (!Number.isInteger(value) || value < 1000) throw new Error('BENCH_ARTICLES must be a whole number from 1000');
  return value;
}

function compareRoundsFromEnvironment() {
  if (!process.env.BENCH_COMPARE) return 0;
  const value = Number(process.env.BENCH_COMPARE);
  if (!Number.isInteger(value) || value < 1 || value > 9)
    throw new Error('BENCH_COMPARE must be a whole number from 1 to 9');
  if (JOURNALS < 2) throw new Error('BENCH_COMPARE compares BENCH_JOURNALS journals with one: set BENCH_JOURNALS too');
  return value;
}

function journalsFromEnvironment() {
  const value = Number(process.env.BENCH_JOURNALS ?? 1);
  if (!Number.isInteger(value) || value < 1 || value > 20)
    throw new Error('BENCH_JOURNALS must be a whole number from 1 to 20');
  return value;
}

/** Journal n's host in a bench data set (scripts/seed-large.ts); journal 1 answers every other host, 127.0.0.1 included. */
const journalHost = (n) => (n === 1 ? null : `j${n}.bench.test`);

function record(name, value, bar, ok) {
  results.push({ name, value, bar, ok });
  console.log(`${ok ? 'ok  ' : 'MISS'} ${name}: ${value} (bar ${bar})`);
}

const notMeasured = (name, bar, why) => record(name, `not measured (${why})`, bar, false);

// ---------------------------------------------------------------------------------------------------------------
// The load generator

/** wrk's version, or null when it is not installed. */
function wrkVersion() {
  const run = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return run.error ? null : (/wrk\S* (\S+)/.exec(run.stdout)?.[1] ?? 'unknown version');
}

const WRK = wrkVersion();
const NO_WRK = 'no wrk: apt-get install wrk';

/** Runs a program to its end; resolves to its standard output. */
function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}: ${output}`)),
    );
  });
}

/** wrk runs so far: each names its query strings with its number. */
let loads = 0;

/**
 * One wrk run of LOAD against `url`: every request asks the URL's path, or, with `paths`, those paths in turn,
 * each with a query string of its own when `unique`. Resolves to requests a second, latency percentiles in ms and
 * bytes an answer (headers included).
 */
async function load(url, { headers, paths, unique = false, seconds = LOAD.seconds }) {
  loads += 1;
  const env = {
    ...process.env,
    BENCH_THREADS: String(LOAD.threads),
    BENCH_UNIQUE: unique ? '1' : '0',
    BENCH_RUN: String(loads),
  };
  delete env.BENCH_PATHS;
  let listDir;
  if (paths) {
    listDir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-bench-'));
    env.BENCH_PATHS = path.join(listDir, 'paths');
    fs.writeFileSync(env.BENCH_PATHS, `${paths.join('\n')}\n`);
  }
  const args = [
    ...['-t', String(LOAD.threads), '-c', String(LOAD.connections), '-d', `${seconds}s`, '--timeout', '5s'],
    ...['-s', path.join(root, 'scripts', 'bench-wrk.lua')],
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ];
  try {
    const json = /^BENCH_JSON (.*)$/m.exec(await run('wrk', args, env))?.[1];
    if (!json) throw new Error('wrk printed no figures: scripts/bench-wrk.lua did not run');
    return figuresOf(JSON.parse(json));
  } finally {
    if (listDir) fs.rmSync(listDir, { recursive: true, force: true });
  }
}

/**
 * An open-loop load (scripts/bench-open-loop.mjs) of `rate` requests a second for `seconds`, after `warmUpSeconds`
 * of the same load not counted: `paths` asked in turn, each with a query string of its own when `unique`. Resolves
 * to its latency percentiles in ms, timed from each request's due moment, and how it kept its schedule.
 */
async function openLoad(url, { headers, paths, unique, rate, seconds = LOAD.seconds, warmUpSeconds }) {
  loads += 1;
  const listDir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-bench-'));
  const pathsFile = path.join(listDir, 'paths');
  fs.writeFileSync(pathsFile, `${paths.join('\n')}\n`);
  const options = { url, rate, seconds, warmUpSeconds, connections: OPEN_LOOP_CONNECTIONS, headers, pathsFile };
  try {
    const output = await run(process.execPath, [
      path.join(root, 'scripts', 'bench-open-loop.mjs'),
      JSON.stringify({ ...options, unique, run: loads }),
    ]);
    const json = /^BENCH_OPEN_LOOP (.*)$/m.exec(output)?.[1];
    if (!json) throw new Error('scripts/bench-open-loop.mjs printed no figures');
    const figures = JSON.parse(json);
    if (figures.notOk > 0 || figures.errors > 0)
      console.warn(`  ${figures.notOk} answers other than 200, ${figures.errors} connection errors or timeouts`);
    return { ...figures, rate };
  } finally {
    fs.rmSync(listDir, { recursive: true, force: true });
  }
}

function figuresOf(totals) {
  if (totals.not_ok > 0 || totals.socket_errors > 0)
    console.warn(`  ${totals.not_ok} answers other than 200, ${totals.socket_errors} connection errors or timeouts`);
  return {
    rps: totals.requests / (totals.duration_us / 1e6),
    p50: totals.p50_us / 1000,
    p99: totals.p99_us / 1000,
    bytes: totals.requests ? totals.bytes / totals.requests : 0,
  };
}

const rate = (figures) => `${count(figures.rps)} req/s`;
const latency = (figures) => `p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms`;

// ---------------------------------------------------------------------------------------------------------------
// Servers and data sets

function ensureBuilt() {
  if (!fs.existsSync(path.join(distDir, 'server', 'main.js')))
    execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
}

/** `.bench/data-50k` for 50,000 articles: the folder name stays the same across versions of the bench. */
const dataSetName = (articles, journals) =>
  `data-${articles % 1000 === 0 ? `${articles / 1000}k` : articles}${journals > 1 ? `-x${journals}` : ''}`;

function ensureDataSet(articles, journals = 1) {
  const dataDir = path.join(benchDir, dataSetName(articles, journals));
  if (!fs.existsSync(path.join(dataDir, 'large-ready'))) {
    console.log(`Generating ${count(articles)} articles in ${dataDir}…`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    execSync(`npx tsx scripts/seed-large.ts --articles ${articles} --journals ${journals}`, {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'error',
        SEED_DEMO: '0',
        ADMIN_PASSWORD: 'bench-password',
      },
    });
    fs.writeFileSync(path.join(dataDir, 'large-ready'), new Date().toISOString());
  }
  return dataDir;
}

async function startServer(dataDir) {
  const port = await freePort();
  // One worker process, rendering in its default threads: wrk needs the machine's other core too. SITE_URL and
  // TRUST_PROXY as docs/deploy/nginx.conf asks: a page is then the same bytes, under the same page-cache key,
  // whether it is asked directly or through nginx.
  const server = spawnBuiltServer(root, port, {
    TRUST_PROXY: '1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'error',
    SEED_DEMO: '0',
    WEB_CONCURRENCY: '1',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/healthz`);
  return { url, server };
}

async function waitUntilAnswering(url) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`${url} did not answer`);
}

const CLOCK_TICKS = Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }));

/** CPU seconds a process and its children (nginx's worker, the server's workers) have used so far. */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const own = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  return children.reduce((sum, child) => sum + cpuSeconds(child), own);
}

/** Runs `work` and resolves to its result and the share of one core process `pid` used meanwhile. */
async function busyWhile(pid, work) {
  const [cpu, started] = [cpuSeconds(pid), performance.now()];
  const result = await work();
  return { result, busy: (cpuSeconds(pid) - cpu) / ((performance.now() - started) / 1000) };
}

/** How many pairs of short loads a comparison of two loads is made of, and how long each load runs. */
const COMPARED_PAIRS = 5;
const PAIR_SECONDS = 4;

/**
 * `measured` against `reference` as the median ratio of COMPARED_PAIRS pairs of short loads, every other pair in the
 * other order. On this kind of machine one 8 s load moves by 10-40% against the next, more than the bars these
 * comparisons check: one pair measured the machine's drift, and one order kept for every pair would let a machine
 * slowing down favour one side. Each side is called with the pair's number and resolves to figures with `rps`.
 */
async function pairedComparison(measured, reference) {
  const pairs = [];
  for (let round = 1; round <= COMPARED_PAIRS; round++) {
    const first = await (round % 2 ? reference : measured)(round);
    const second = await (round % 2 ? measured : reference)(round);
    const [ours, theirs] = round % 2 ? [second, first] : [first, second];
    pairs.push({ measured: ours, reference: theirs, ratio: ours.rps / theirs.rps });
  }
  const middle = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)];
  return { middle, pairs, ratios: pairs.map(({ ratio }) => percent(ratio)).join(' / ') };
}

// ---------------------------------------------------------------------------------------------------------------
// The baseline

/**
 * The baseline's server (scripts/bench-baseline-server.mjs): a plain Fastify route returning fixed bytes at /, or,
 * given `answers` ([{ path, headers, body }]), each answer at its path with its bytes and headers. Resolves to its
 * origin and a stop function.
 */
async function startBaselineServer(answers) {
  const port = await freePort();
  const answersDir = answers && fs.mkdtempSync(path.join(os.tmpdir(), 'journal-bench-'));
  const env = { ...process.env, PORT: String(port) };
  if (answersDir) {
    env.BENCH_ANSWERS = path.join(answersDir, 'answers.json');
    const asJson = answers.map(({ path: at, headers, body }) => ({ path: at, headers, body: body.toString('base64') }));
    fs.writeFileSync(env.BENCH_ANSWERS, JSON.stringify(asJson));
  }
  const server = spawn(process.execPath, [path.join(root, 'scripts', 'bench-baseline-server.mjs')], {
    env,
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    server.kill('SIGTERM');
    if (answersDir) fs.rmSync(answersDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(`${url}${answers?.[0].path ?? '/'}`);
  } catch (error) {
    stop();
    throw error;
  }
  return { url, stop };
}

/**
 * How fast this machine is: the baseline's server asked by the same load generator as the pages. The first-render
 * shares are ratios to it; repeat views are compared with it in pairs of their own (repeatViewFigures).
 */
async function baselineFigure() {
  const server = await startBaselineServer();
  try {
    baseline = await load(`${server.url}/`, { headers: BROWSER });
    console.log(`machine baseline, plain Fastify route returning fixed bytes: ${rate(baseline)}, ${latency(baseline)}`);
  } finally {
    server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Public pages

const pathOf = (loc) => new URL(loc).pathname;
const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

/** Every address a journal's sitemap lists, as a crawler finds them: the index's year files when it is an index. */
async function sitemapPaths(url, host) {
  const text = async (at) => (await expectPage(`${url}${at}`, host ? { host } : {})).body.toString();
  const top = await text('/sitemap.xml');
  if (!top.includes('<sitemapindex')) return locs(top).map(pathOf);
  const files = await Promise.all(locs(top).map((loc) => text(pathOf(loc))));
  return files.flatMap(locs).map(pathOf);
}

/** The lists' entries taken in turn (a0, b0, c0, a1, ...), so that consecutive requests ask different journals. */
const interleaved = (lists) =>
  Array.from({ length: Math.max(...lists.map((list) => list.length)) }, (_, i) =>
    lists.flatMap((list) => list[i] ?? []),
  ).flat();

/** A journal's addresses of each kind, as wrk's path lines: "host path" for a journal other than the first. */
async function journalPaths(url, n) {
  const host = journalHost(n);
  const paths = await sitemapPaths(url, host);
  const line = (at) => (host ? `${host} ${at}` : at);
  const issues = paths.filter((at) => /^\/archives\/\d{4}\/vol\d+\/issue\d+$/.test(at));
  const articles = paths.filter((at) => /^\/archives\/\d{4}\/vol\d+\/issue\d+\/[^/]+$/.test(at));
  if (!issues.length || !articles.length) throw new Error('the sitemap lists no issue or no article addresses');
  return { issues, articles, lines: { home: [line('/')], issue: issues.map(line), article: articles.map(line) } };
}

/**
 * The three kinds of page: each with the address its repeat views ask (the first journal's newest issue and its
 * first article) and every address of its kind in the data set (in every journal), which its first renders ask in
 * turn.
 */
async function pageKinds(url, journalCount = JOURNALS) {
  const journals = await Promise.all(Array.from({ length: journalCount }, (_, i) => journalPaths(url, i + 1)));
  const { issues, articles } = journals[0];
  const newestArticle = articles.find((at) => at.startsWith(`${issues[0]}/`)) ?? articles[0];
  const every = (kind) => interleaved(journals.map((journal) => journal.lines[kind]));
  return [
    { kind: 'home', path: '/', every: every('home') },
    { kind: 'issue', path: issues[0], every: every('issue') },
    { kind: 'article', path: newestArticle, every: every('article') },
  ];
}

/** One answer, its bytes as they came (not decompressed) and its headers. */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

async function expectPage(url, headers) {
  const answer = await get(url, headers);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}, not a page`);
  return answer;
}

/**
 * A page as its repeat views find it: asked twice, it is in the page cache, whose close compression for the
 * asked encoding runs in the background after the second request.
 */
async function warm(url, headers) {
  for (let i = 0; i < 3; i++) {
    await expectPage(url, headers);
    await sleep(300);
  }
}

const PAGE_BARS = {
  first: 'p99 <= 50 ms at half the capacity, open loop',
  repeat: '>= 50% of a plain route sending the same bytes and headers',
  nginx: '>= 75% of nginx serving the same bytes from disk',
  memory: JOURNALS > 1 ? '<= 384 MB RSS (several journals)' : '<= 256 MB RSS',
};
const MEMORY_BAR_MB = JOURNALS > 1 ? 384 : 256;

/**
 * Each first-render figure follows this much of the same load, not counted, so that it measures a running server
 * rather than its start: code not yet compiled, each journal's services made on their first request. The addresses
 * asked stay unique, so the page cache still holds none of them.
 */
const WARM_UP_SECONDS = 2;

/**
 * First renders. The page cache keys on the whole address, query string included, and keeps a page only from
 * its second request (src/server/render/page-cache.ts, page-routes.ts): every request here asks an address no
 * other request of the run asks, so every answer is rendered for it. The issue and article pages cycle through
 * every issue and article of the data set.
 *
 * Two figures: the capacity, pages a second with wrk's connections always waiting (a saturated server, whose p99 is
 * the queue's length times a render), and then the latency a reader meets, from an open-loop load offering half
 * that capacity at a fixed rate.
 */
async function firstRenders(url, { path: at, every }) {
  await expectPage(`${url}${at}?bench=check`, BROWSER);
  const asked = { headers: BROWSER, paths: every, unique: true };
  await load(url, { ...asked, seconds: WARM_UP_SECONDS });
  const capacity = await load(url, asked);
  const open = await openLoad(url, { ...asked, rate: capacity.rps * OFFERED_SHARE, warmUpSeconds: WARM_UP_SECONDS });
  return { capacity, open };
}

/** The open-loop figure kept its schedule and every request was answered 200: otherwise its p99 says nothing. */
const openLoadHeld = (open) => open.answered === open.offered && open.notOk === 0 && open.errors === 0;

/** One load of repeat views of the page at `at`, which must be in the page cache already (warm). */
const viewsOf = (url, at, seconds = LOAD.seconds) => load(`${url}${at}`, { headers: BROWSER, seconds });

async function repeatViews(url, at) {
  await warm(`${url}${at}`, BROWSER);
  return viewsOf(url, at);
}

async function firstRenderFigures(url, kinds) {
  console.log(
    `First renders: every request asks an address of its own; capacity with wrk's ${LOAD.connections} connections, ` +
      `then p99 at ${percent(OFFERED_SHARE)} of it, open loop (up to ${OPEN_LOOP_CONNECTIONS} connections)`,
  );
  for (const kind of kinds) {
    const { capacity, open } = await firstRenders(url, kind);
    console.log(
      `  ${kind.kind}: the open-loop generator used ${percent(open.generatorBusy)} of a core, sent its p99 request ` +
        `${open.sendLateP99.toFixed(1)} ms after it was due; p99 from the send ${open.p99FromSend.toFixed(1)} ms`,
    );
    record(
      `${kind.kind} page, first render`,
      `p99 ${open.p99.toFixed(1)} ms, p50 ${open.p50.toFixed(1)} ms at ${count(open.rate)} req/s offered; ` +
        `capacity ${rate(capacity)} (${percent(share(capacity.rps))} of the machine baseline)`,
      PAGE_BARS.first,
      open.p99 <= 50 && openLoadHeld(open),
    );
  }
}

/**
 * Each page's kept answer as a repeat view gets it: its path, the headers Node gives it (lower-case names) and its
 * bytes as sent.
 */
/** Header lines in an answer as Node gives its headers: a header sent more than once is an array. */
const headerLines = (headers) => Object.values(headers).reduce((sum, value) => sum + [value].flat().length, 0);

async function keptAnswers(url, kinds) {
  const answers = [];
  for (const { path: at } of kinds) {
    await warm(`${url}${at}`, BROWSER);
    const { headers, body } = await expectPage(`${url}${at}`, BROWSER);
    answers.push({ path: at, headers, body });
  }
  return answers;
}

/**
 * Warns when the plain route at `copyUrl` does not send the site's answer as it was kept: other bytes, or other
 * header names. Resolves to the header lines of each, as "site / copy".
 */
async function sameAnswerCheck(answer, copyUrl) {
  const copy = await expectPage(copyUrl, BROWSER);
  const names = (headers) => Object.keys(headers).sort().join(' ');
  if (!copy.body.equals(answer.body) || names(copy.headers) !== names(answer.headers))
    console.warn(`  the plain route's answer at ${copyUrl} differs from the site's: ${names(copy.headers)}`);
  return `${headerLines(answer.headers)} / ${headerLines(copy.headers)}`;
}

/**
 * Repeat views against a plain Fastify route sending the same answer (bytes and header lines), in pairs
 * (pairedComparison): what is left between them is the page cache's work. The machine's speed moves between the
 * baseline measured at the start and the repeat views minutes later by as much as the bar's margin.
 */
async function repeatViewFigures(url, kinds) {
  const answers = await keptAnswers(url, kinds);
  const baselineServer = await startBaselineServer(answers);
  try {
    for (const [i, { kind, path: at }] of kinds.entries()) {
      const lines = await sameAnswerCheck(answers[i], `${baselineServer.url}${at}`);
      await warm(`${url}${at}`, BROWSER);
      const { middle, ratios } = await pairedComparison(
        () => viewsOf(url, at, PAIR_SECONDS),
        () => viewsOf(baselineServer.url, at, PAIR_SECONDS),
      );
      record(
        `${kind} page, repeat view`,
        `median ${percent(middle.ratio)} of the same answer from a plain route (${ratios}), ` +
          `${rate(middle.measured)} against ${rate(middle.reference)}, ${latency(middle.measured)}, ` +
          `${count(middle.measured.bytes)} / ${count(middle.reference.bytes)} bytes and ${lines} header lines an answer`,
        PAGE_BARS.repeat,
        middle.ratio >= 0.5,
      );
      if (kind === 'article') await countingFigures(url, at);
    }
  } finally {
    baselineServer.stop();
  }
}

/** Counted uses a second while the article's repeat views are measured again (decision 101). */
const COUNTED_PER_SECOND = 100;
/** The beacons' connections, each a stream of readers with a random pause between them (scripts/bench-beacons.lua). */
const BEACON_CONNECTIONS = 10;
/** The mean pause, so that ten connections answered in a millisecond or two send about COUNTED_PER_SECOND. */
const BEACON_PAUSE_MS = Math.round((BEACON_CONNECTIONS * 1000) / COUNTED_PER_SECOND) - 3;
/** The beacons start this long before the page load they go with, and end after it. */
const BEACON_LEAD_MS = 500;

/**
 * The same repeat views while the server counts: readers' beacons arrive at random moments, each from a reader of its
 * own so that every one is counted and written in the recorder's batches during the run. Counting must leave the
 * page path alone: the page is served as fast as without it.
 */
async function countingFigures(url, at) {
  const ref = decodeURIComponent(at.split('/').at(-1));
  const views = () => viewsOf(url, at, PAIR_SECONDS);
  const countedViews = async (round) => {
    const beacons = beaconLoad(url, ref, round, PAIR_SECONDS + 1);
    await sleep(BEACON_LEAD_MS);
    return { ...(await views()), beacons: await beacons };
  };
  const { middle, pairs, ratios } = await pairedComparison(countedViews, views);
  const counted = pairs.reduce((sum, { measured }) => sum + measured.beacons.counted, 0);
  const perSecond = Math.min(...pairs.map(({ measured }) => measured.beacons.perSecond));
  record(
    `article page, repeat view while counting ${COUNTED_PER_SECOND} uses/s`,
    `median ${percent(middle.ratio)} of the same views without (${ratios}), ${rate(middle.measured)}, ` +
      `${latency(middle.measured)}; ${count(counted)} counted, at least ${count(perSecond)} beacons/s`,
    '>= 95% of the repeat view without counting',
    middle.ratio >= 0.95 &&
      perSecond >= COUNTED_PER_SECOND * 0.95 &&
      pairs.every(({ measured }) => measured.beacons.ok),
  );
}

/**
 * Readers' beacons for the article `ref` from a wrk of their own (scripts/bench-beacons.lua) for `seconds`: how many
 * a second were answered, how many were counted, and whether every one was answered 200 and counted.
 */
async function beaconLoad(url, ref, round, seconds) {
  const env = {
    ...process.env,
    BENCH_BEACON_REF: ref,
    BENCH_BEACON_ROUND: String(round),
    BENCH_BEACON_PAUSE_MS: String(BEACON_PAUSE_MS),
  };
  const args = [
    ...['-t', '1', '-c', String(BEACON_CONNECTIONS), '-d', `${seconds}s`, '--timeout', '5s'],
    ...['-s', path.join(root, 'scripts', 'bench-beacons.lua'), url],
  ];
  const json = /^BENCH_BEACONS (.*)$/m.exec(await run('wrk', args, env))?.[1];
  if (!json) throw new Error('wrk printed no figures: scripts/bench-beacons.lua did not run');
  const { requests, duration_us: micros, counted, not_ok: notOk } = JSON.parse(json);
  return { perSecond: requests / (micros / 1e6), counted, ok: notOk === 0 && counted === requests };
}

const throughNginx = (kind) => `${kind} page, repeat view through nginx's cache`;

/**
 * Repeat views through docs/deploy/nginx.conf against the same nginx serving the same bytes from a file. The copy
 * on disk is the site's kept gzip answer with its headers; that the proxy's cache holds the same answer is checked.
 */
async function nginxFigures(url, kinds) {
  if (!nginxInstalled()) {
    for (const { kind } of kinds)
      notMeasured(throughNginx(kind), PAGE_BARS.nginx, 'no nginx: apt-get install nginx-light');
    return;
  }
  const copies = [];
  for (const { kind, path: at } of kinds) {
    await warm(`${url}${at}`, GZIP);
    const { headers, body } = await expectPage(`${url}${at}`, GZIP);
    copies.push({ kind, site: at, path: `/${kind}`, body, headers });
  }
  const proxy = await startNginx(Number(new URL(url).port), { fromDisk: copies });
  try {
    console.log(`Through nginx, both sides asked with Accept-Encoding: ${GZIP['accept-encoding']}`);
    for (const copy of copies) await compareWithDisk(proxy, copy);
  } finally {
    await proxy.stop();
  }
}

async function compareWithDisk(proxy, { kind, site, path: diskPath, body }) {
  await expectPage(`${proxy.url}${site}`, GZIP);
  const kept = await expectPage(`${proxy.url}${site}`, GZIP);
  if (kept.headers['x-cache-status'] !== 'HIT' || !kept.body.equals(body))
    console.warn(`  nginx's cache holds other bytes than the copy on disk (${kept.headers['x-cache-status']})`);
  const nginxLoad = (at) => async () => {
    const { result, busy } = await busyWhile(proxy.pid, () => load(at, { headers: GZIP, seconds: PAIR_SECONDS }));
    return { ...result, busy };
  };
  const { middle, ratios } = await pairedComparison(
    nginxLoad(`${proxy.url}${site}`),
    nginxLoad(`${proxy.diskUrl}${diskPath}`),
  );
  const { measured: cached, reference: disk } = middle;
  // nginx runs one worker: near 100% of a core, wrk asked faster than nginx answered.
  console.log(`  nginx busy ${percent(cached.busy)} of a core from its cache, ${percent(disk.busy)} from disk`);
  record(
    throughNginx(kind),
    `median ${percent(middle.ratio)} of nginx from disk (${ratios}), ${rate(cached)} against ${rate(disk)}, ` +
      `${count(cached.bytes)} / ${count(disk.bytes)} bytes an answer`,
    PAGE_BARS.nginx,
    middle.ratio >= 0.75,
  );
}

function pageFiguresNotMeasured(kinds) {
  for (const { kind } of kinds) {
    notMeasured(`${kind} page, first render`, PAGE_BARS.first, NO_WRK);
    notMeasured(`${kind} page, repeat view`, PAGE_BARS.repeat, NO_WRK);
  }
  notMeasured('server memory under load', PAGE_BARS.memory, NO_WRK);
  for (const { kind } of kinds) notMeasured(throughNginx(kind), PAGE_BARS.nginx, NO_WRK);
}

async function pageFigures(url, pid) {
  const kinds = await pageKinds(url);
  if (!WRK) return pageFiguresNotMeasured(kinds);
  const memory = sampleMemory(pid);
  await firstRenderFigures(url, kinds);
  await repeatViewFigures(url, kinds);
  const peakMb = memory.stop();
  record('server memory under load', `${Math.round(peakMb)} MB RSS`, PAGE_BARS.memory, peakMb <= MEMORY_BAR_MB);
  await nginxFigures(url, kinds);
}

// ---------------------------------------------------------------------------------------------------------------
// Several journals against one (BENCH_COMPARE)

/**
 * One round's page figures on an installation of `journalCount` journals: by name, the value and whether a higher
 * value is worse.
 */
async function comparedFigures(url, pid, journalCount) {
  const kinds = await pageKinds(url, journalCount);
  const memory = sampleMemory(pid);
  const figures = {};
  for (const kind of kinds)
    figures[`${kind.kind} page, first-render p99 (ms)`] = {
      value: (await firstRenders(url, kind)).open.p99,
      higherIsWorse: true,
    };
  for (const { kind, path: at } of kinds)
    figures[`${kind} page, repeat views (req/s)`] = { value: (await repeatViews(url, at)).rps, higherIsWorse: false };
  figures['server memory under load (MB RSS)'] = { value: memory.stop(), higherIsWorse: true };
  return figures;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Each figure's median over the rounds on one journal and on JOURNALS journals; the bar is met when JOURNALS
 * journals are no more than 10 % worse (docs/quality-bars.md).
 */
async function journalComparison() {
  const rounds = { 1: [], [JOURNALS]: [] };
  for (let round = 1; round <= COMPARE_ROUNDS; round++) {
    for (const journalCount of [1, JOURNALS]) {
      console.log(
        `Round ${round} of ${COMPARE_ROUNDS}: ${journalCount} journal(s) of ${count(PAGE_ARTICLES)} articles`,
      );
      await onDataSet(
        PAGE_ARTICLES,
        async (url, pid) => rounds[journalCount].push(await comparedFigures(url, pid, journalCount)),
        journalCount,
      );
    }
  }
  for (const [name, { higherIsWorse }] of Object.entries(rounds[1][0])) {
    const [one, several] = [rounds[1], rounds[JOURNALS]].map((runs) => median(runs.map((run) => run[name].value)));
    // +0.1 is 10 % worse, whichever way the figure improves.
    const worse = higherIsWorse ? several / one - 1 : one / several - 1;
    const values = (runs) => runs.map((run) => count(run[name].value)).join(' / ');
    record(
      `${name}, ${JOURNALS} journals against one`,
      `${count(several)} against ${count(one)}, ${(worse * 100).toFixed(1)}% worse (rounds ${values(rounds[JOURNALS])} against ${values(rounds[1])})`,
      'no more than 10% worse',
      worse <= 0.1,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Search, OAI-PMH, sitemap, bundle, PDFs

const searchSize = `at ${count(SEARCH_ARTICLES)} articles`;

function p95(timings) {
  timings.sort((a, b) => a - b);
  return timings[Math.floor(timings.length * 0.95)];
}

async function searchFigures(url) {
  const words = [
    'groundwater',
    'teacher education',
    'digital payments',
    'Sharma',
    'yoga',
    'mangrove',
    'employee engagement',
    'Kerala',
    'blockchain',
    'nutrition',
    'stress',
    'migrant workers',
  ];
  const timings = [];
  for (let round = 0; round < 20; round++) {
    for (const word of words) {
      const started = performance.now();
      const response = await fetch(`${url}/api/search?keyword=${encodeURIComponent(word)}&r=${round}`);
      await response.arrayBuffer();
      timings.push(performance.now() - started);
    }
  }
  const ms = p95(timings);
  record(`keyword search ${searchSize}, p95`, `${ms.toFixed(1)} ms`, '<= 50 ms', ms <= 50);
}

/** Harvests the whole archive from its first page as a harvester does, following the resumption tokens. */
async function oaiFigure(url) {
  const timings = [];
  let query = 'verb=ListRecords&metadataPrefix=oai_dc';
  for (let page = 0; page < 300 && query; page++) {
    const started = performance.now();
    const xml = await (await fetch(`${url}/oai?${query}`)).text();
    timings.push(performance.now() - started);
    const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(xml)?.[1];
    query = token ? `verb=ListRecords&resumptionToken=${token}` : '';
  }
  const ms = p95(timings);
  record(
    `OAI-PMH ListRecords page ${searchSize}, p95`,
    `${ms.toFixed(1)} ms`,
    '<= 100 ms (100 records a page)',
    ms <= 100,
  );
}

/** The sitemap index and the file of its newest year, written from the database (nothing kept yet after start). */
async function sitemapFigure(url) {
  const started = performance.now();
  const index = await (await fetch(`${url}/sitemap.xml`)).text();
  const yearFile = /<loc>[^<]*(\/sitemap-\d{4}\.xml)<\/loc>/.exec(index)?.[1];
  const name = `sitemap index plus one year file ${searchSize}`;
  if (!yearFile) return notMeasured(name, '<= 1 s', '/sitemap.xml is a single file at this size');
  const year = await (await fetch(`${url}${yearFile}`)).text();
  const ms = performance.now() - started;
  const urls = year.split('<url>').length - 1;
  record(`${name} (${urls} URLs)`, `${(ms / 1000).toFixed(2)} s`, '<= 1 s', ms <= 1000);
}

async function archiveFigures(url) {
  await sitemapFigure(url);
  await searchFigures(url);
  await oaiFigure(url);
}

function bundleFigure() {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'client', '.vite', 'manifest.json'), 'utf8'));
  const entry = manifest['src/web/entry-client.tsx'];
  const files = [entry.file, ...(entry.imports ?? []).map((key) => manifest[key].file), ...(entry.css ?? [])];
  const bytes = files.reduce(
    (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(distDir, 'client', file))).length,
    0,
  );
  const kb = bytes / 1024;
  record('initial JavaScript and CSS of a public page, gzipped', `${kb.toFixed(1)} KB`, '<= 120 KB', kb <= 120);
}

function pdfFigures() {
  const script = path.join(root, 'scripts', 'bench-pdf.ts');
  if (!fs.existsSync(script)) return;
  const output = execSync(`npx tsx ${script}`, { cwd: root, encoding: 'utf8' });
  process.stdout.write(output);
  for (const line of output.split('\n')) {
    const cert = /certificate median: ([\d.]+) ms/.exec(line);
    if (cert) record('one certificate PDF, median', `${cert[1]} ms`, '<= 20 ms', Number(cert[1]) <= 20);
    const zip = /zip of 100 certificates: ([\d.]+) s/.exec(line);
    if (zip) record('zip of 100 certificates', `${zip[1]} s`, '<= 3 s', Number(zip[1]) <= 3);
  }
}

/** The peak resident size of a process and its children while it runs; 0 once it has ended. */
function peakMemoryOf(pid) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // It ended between two samples.
    }
  }, 200);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/**
 * `npm run import` of 1,000 articles with their PDFs from a spreadsheet and its ZIP into an empty installation
 * (decision 102): the whole command, from reading the files to the last issue written, and its memory meanwhile.
 */
async function importFigure() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-bench-import-'));
  try {
    const prepared = execSync(`npx tsx ${path.join(root, 'scripts', 'bench-import.ts')} ${dir}`, {
      cwd: root,
      encoding: 'utf8',
    });
    const { spreadsheet, pdfs, dataDir } = JSON.parse(prepared.trim().split('\n').at(-1));
    const started = performance.now();
    const child = spawn(
      process.execPath,
      // With the server's heap settings, as an import from the admin runs in the server.
      [...SERVER_NODE_FLAGS, '--import', 'tsx', 'scripts/import.ts', '--spreadsheet', spreadsheet, '--pdfs', pdfs],
      {
        cwd: root,
        env: { ...process.env, ...SERVER_ENV, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const stopSampling = peakMemoryOf(child.pid);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    const seconds = (performance.now() - started) / 1000;
    const peakMb = stopSampling();
    const imported = /imported \d+ issues, (\d+) articles/.exec(output)?.[1];
    if (code !== 0 || !imported) throw new Error(`the import failed (exit ${code}):\n${output}`);
    record(
      'import of 1,000 articles with PDFs from a spreadsheet',
      `${seconds.toFixed(1)} s for ${imported} articles, ${Math.round(peakMb)} MB RSS at most`,
      '<= 60 s; memory <= 256 MB RSS',
      seconds <= 60 && peakMb <= 256,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function onDataSet(articles, measure, journals = 1) {
  const { url, server } = await startServer(ensureDataSet(articles, journals));
  try {
    await measure(url, server.pid);
  } finally {
    server.kill('SIGTERM');
  }
}

function printSummary() {
  console.log('\nQuality bars (docs/quality-bars.md)');
  const yardstick = baseline ? `${rate(baseline)}, ${latency(baseline)}` : `not measured (${NO_WRK})`;
  const rows = [
    { ok: null, name: 'machine baseline: plain Fastify route, fixed bytes', value: yardstick, bar: '' },
    ...results,
  ];
  const [nameWidth, valueWidth] = ['name', 'value'].map((key) => Math.max(...rows.map((row) => row[key].length)));
  for (const { ok, name, value, bar } of rows) {
    const mark = ok === null ? '    ' : ok ? 'ok  ' : 'MISS';
    console.log(`${mark}  ${name.padEnd(nameWidth)}  ${value.padEnd(valueWidth)}  ${bar && `bar ${bar}`}`.trimEnd());
  }
}

console.log(
  WRK
    ? `Load: wrk ${WRK}, ${LOAD.threads} threads, ${LOAD.connections} connections, ${LOAD.seconds} s a figure ` +
        `(comparisons: ${COMPARED_PAIRS} pairs of ${PAIR_SECONDS} s loads; first-render latency: an open loop at ` +
        `${percent(OFFERED_SHARE)} of the capacity, ${LOAD.seconds} s); ` +
        `pages asked with Accept-Encoding: ${BROWSER['accept-encoding']}`
    : `Load figures not measured (${NO_WRK})`,
);
if (JOURNALS > 1)
  console.log(`Pages on ${JOURNALS} journals of ${count(PAGE_ARTICLES)} articles each (BENCH_JOURNALS), asked in turn`);
if (PAGE_ARTICLES !== 50_000)
  console.log(
    `Data sets of ${count(PAGE_ARTICLES)} and ${count(SEARCH_ARTICLES)} articles (BENCH_ARTICLES): the bars are for 50,000 and 100,000`,
  );
ensureBuilt();
bundleFigure();
if (WRK) await baselineFigure();
if (COMPARE_ROUNDS) await journalComparison();
else await onDataSet(PAGE_ARTICLES, pageFigures, JOURNALS);
if (!PAGES_ONLY && !COMPARE_ROUNDS) {
  await onDataSet(SEARCH_ARTICLES, archiveFigures);
  pdfFigures();
  await importFigure();
}
printSummary();
