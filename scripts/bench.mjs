// `npm run bench`: measures the quality bars of docs/quality-bars.md against a built server on generated data
// sets (50,000 articles for pages, 100,000 for search and OAI-PMH) and prints each figure beside its bar.
// Data sets are kept in .bench/ between runs; delete that folder to regenerate them.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { freePort } from './free-port.mjs';
import { nginxInstalled, startNginx } from './nginx-proxy.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, '.bench');
const distDir = path.join(root, 'dist');
const results = [];
let baseline = 'not measured';

function record(name, value, unit, bar, ok) {
  results.push({ name, value: `${value} ${unit}`, bar, ok });
  console.log(`${ok ? 'ok  ' : 'MISS'} ${name}: ${value} ${unit} (bar ${bar})`);
}

function ensureBuilt() {
  if (!fs.existsSync(path.join(distDir, 'server', 'main.js')))
    execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
}

function ensureDataSet(name, articles) {
  const dataDir = path.join(benchDir, name);
  if (!fs.existsSync(path.join(dataDir, 'large-ready'))) {
    console.log(`Generating ${articles} articles in ${dataDir}…`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    execSync(`npx tsx src/server/seed/seed-large.ts --articles ${articles}`, {
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
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(distDir, 'server', 'main.js')], {
    cwd: root,
    // One worker process, rendering in its default threads: autocannon needs the machine's other core too
    // (WEB_CONCURRENCY=2 measured slower here).
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      SEED_DEMO: '0',
      WEB_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
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
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

/** Resident memory of the server: the primary process and its workers together. */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const own = Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  return children.reduce((sum, child) => sum + rssMb(child), own);
}

/** Pages are asked for as a browser asks: it always accepts compressed answers. */
const BROWSER_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

/** Runs autocannon for `seconds`; `paths` are cycled so that each request can be a different URL. */
async function load(url, paths, seconds = 8) {
  let i = 0;
  const result = await autocannon({
    url,
    connections: 20,
    duration: seconds,
    headers: BROWSER_HEADERS,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }],
  });
  if (result.non2xx > 0 || result.errors > 0)
    console.warn(`  ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

/**
 * How fast this machine is, in the terms of docs/quality-bars.md: the page bars were set where a plain Fastify
 * route returning fixed bytes answers about 24,000 requests a second. Printed beside the bars, not judged.
 */
async function baselineFigure() {
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(root, 'scripts', 'bench-baseline-server.mjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(url);
    const { rps } = await load(url, ['/']);
    baseline = `${rps} req/s`;
    console.log(
      `machine baseline, plain Fastify route returning fixed bytes: ${rps} req/s (docs/quality-bars.md: about 24,000)`,
    );
  } finally {
    server.kill('SIGTERM');
  }
}

async function pageFigures(url, pid) {
  const archives = await (await fetch(`${url}/api/archives/`)).json();
  const latest = archives[0];
  const issuePath = `/archives/${latest.year}/vol${latest.volume}/issue${latest.total_issues}`;
  const issueArticles = await (
    await fetch(`${url}/api/archives/${latest.year}/${latest.volume}/${latest.total_issues}`)
  ).json();
  const list = Array.isArray(issueArticles) ? issueArticles : issueArticles.articles;
  const article = list[0];
  const articlePath = `/archives/${article.year}/${article.volume}/${article.issue}/${article.refnumber}`;
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 200);
  for (const [name, pagePath] of [
    ['home', '/'],
    ['issue', issuePath],
    ['article', articlePath],
  ]) {
    // A new query string per request defeats the rendered-page cache: every answer is a first render
    // (and, asked for once, never enters the cache).
    const busted = Array.from({ length: 200_000 }, (_, n) => `${pagePath}?bench=${n}`);
    const first = await load(url, busted);
    record(
      `${name} page, first render`,
      `${first.rps} req/s, p99 ${first.p99}`,
      'ms',
      '>= 1,500 req/s, p99 <= 50 ms',
      first.rps >= 1500 && first.p99 <= 50,
    );
    const repeat = await load(url, [pagePath]);
    record(`${name} page, repeat view`, repeat.rps, 'req/s', '>= 10,000 req/s', repeat.rps >= 10_000);
  }
  clearInterval(sampler);
  record('server memory under load', Math.round(peakRss), 'MB RSS', '<= 250 MB', peakRss <= 250);
  await proxiedFigure(url, issuePath);
}

/** Repeat views through docs/deploy/nginx.conf, which keeps public pages for PUBLIC_MAX_AGE: beside the direct figure. */
async function proxiedFigure(url, issuePath) {
  if (!nginxInstalled()) {
    console.log('issue page, repeat view through nginx: not measured (no nginx; apt-get install nginx-light)');
    return;
  }
  const proxy = await startNginx(Number(new URL(url).port));
  try {
    await fetch(`${proxy.url}${issuePath}`, { headers: BROWSER_HEADERS });
    const repeat = await load(proxy.url, [issuePath]);
    record(
      'issue page, repeat view through nginx',
      repeat.rps,
      'req/s',
      'none (the direct figure above is judged)',
      true,
    );
  } finally {
    await proxy.stop();
  }
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
  timings.sort((a, b) => a - b);
  const p95 = timings[Math.floor(timings.length * 0.95)];
  record('keyword search at 100,000 articles, p95', p95.toFixed(1), 'ms', '<= 50 ms', p95 <= 50);
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
  timings.sort((a, b) => a - b);
  const p95 = timings[Math.floor(timings.length * 0.95)];
  record(
    'OAI-PMH ListRecords page at 100,000 articles, p95',
    p95.toFixed(1),
    'ms',
    '<= 100 ms (100 records a page)',
    p95 <= 100,
  );
}

/** The sitemap index and the file of its newest year, written from the database (nothing kept yet after start). */
async function sitemapFigure(url) {
  const started = performance.now();
  const index = await (await fetch(`${url}/sitemap.xml`)).text();
  const yearFile = /<loc>[^<]*(\/sitemap-\d{4}\.xml)<\/loc>/.exec(index)?.[1];
  if (!yearFile) throw new Error('/sitemap.xml is not an index of per-year files at 100,000 articles');
  const year = await (await fetch(`${url}${yearFile}`)).text();
  const ms = performance.now() - started;
  const urls = year.split('<url>').length - 1;
  record(
    `sitemap index plus one year file (${urls} URLs) at 100,000 articles`,
    (ms / 1000).toFixed(2),
    's',
    '<= 1 s',
    ms <= 1000,
  );
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
  record('initial JavaScript and CSS of a public page, gzipped', kb.toFixed(1), 'KB', '<= 120 KB', kb <= 120);
}

function pdfFigures() {
  const script = path.join(root, 'scripts', 'bench-pdf.ts');
  if (!fs.existsSync(script)) return;
  const output = execSync(`npx tsx ${script}`, { cwd: root, encoding: 'utf8' });
  process.stdout.write(output);
  for (const line of output.split('\n')) {
    const cert = /certificate median: ([\d.]+) ms/.exec(line);
    if (cert) record('one certificate PDF, median', cert[1], 'ms', '<= 20 ms', Number(cert[1]) <= 20);
    const zip = /zip of 100 certificates: ([\d.]+) s/.exec(line);
    if (zip) record('zip of 100 certificates', zip[1], 's', '<= 3 s', Number(zip[1]) <= 3);
  }
}

ensureBuilt();
bundleFigure();
await baselineFigure();
for (const [name, articles, measure] of [
  ['data-50k', 50_000, pageFigures],
  [
    'data-100k',
    100_000,
    async (url) => {
      await sitemapFigure(url);
      await searchFigures(url);
      await oaiFigure(url);
    },
  ],
]) {
  const { url, server } = await startServer(ensureDataSet(name, articles));
  try {
    await measure(url, server.pid);
  } finally {
    server.kill('SIGTERM');
  }
}
pdfFigures();

console.log('\nQuality bars (docs/quality-bars.md)');
console.log(
  `      ${'machine baseline: plain Fastify route, fixed bytes'.padEnd(55)} ${baseline.padEnd(28)} about 24,000 req/s where the bars were set`,
);
for (const r of results)
  console.log(`${r.ok ? 'ok  ' : 'MISS'}  ${r.name.padEnd(55)} ${r.value.padEnd(28)} bar ${r.bar}`);
