// `npx tsx scripts/bench-pdf.ts`: the PDF bars of docs/quality-bars.md (one certificate <= 20 ms median,
// a zip of 100 certificates <= 3 s), measured through the PDF service on a temporary demo journal;
// then how long /healthz takes on the built server (`npm run build`) while 16 clients download PDFs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { splitAuthors } from '../src/common/citation.js';
import { createContext } from '../src/server/bootstrap.js';
import { loadConfig } from '../src/server/config.js';
import type { GeneratedFile, RenamedAuthor } from '../src/server/modules/pdf/pdf.service.js';
import { freePort } from './free-port.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

const CERTIFICATE_RUNS = 50;
const ZIP_CERTIFICATES = 100;
const CERTIFICATE_BAR_MS = 20;
const ZIP_BAR_S = 3;
const LOAD_CLIENTS = 16;
const LOAD_SECONDS = 3;
const SERVER_SCRIPT = path.resolve(import.meta.dirname, '..', process.env.DIST_DIR ?? 'dist', 'server', 'main.js');

const openContext = (dataDir: string) =>
  createContext(
    loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'silent',
    }),
    pino({ level: 'silent' }),
  );

/** Reads a generated file to its end, as a client would, and returns its size. */
/** Reads a generated file to its end; a certificate under a corrected name (a redirect) is a mistake of the bench. */
async function drain(file: GeneratedFile | RenamedAuthor): Promise<number> {
  if ('renamedTo' in file)
    throw new Error(`The bench asked for a certificate under a former name of ${file.renamedTo}`);
  let bytes = 0;
  const body = Buffer.isBuffer(file.body) ? [file.body] : file.body;
  await pipeline(body, new Writable({ write: (chunk: Buffer, _encoding, done) => ((bytes += chunk.length), done()) }));
  return bytes;
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;
const median = (values: number[]) => percentile(values, 0.5);

async function serviceFigures(
  ctx: Awaited<ReturnType<typeof openContext>>,
  articles: { id: number; refnumber: string; authorname: string }[],
) {
  const first = articles[0]!;
  const author = splitAuthors(first.authorname)[0]!;

  // Warm up: the fonts are parsed once per process, as in the server.
  await drain(await ctx.journals.first().services.pdf.certificate(first.refnumber, author));
  const times: number[] = [];
  for (let run = 0; run < CERTIFICATE_RUNS; run++) {
    const started = performance.now();
    await drain(await ctx.journals.first().services.pdf.certificate(first.refnumber, author));
    times.push(performance.now() - started);
  }
  const certificateMs = median(times);
  console.log(`certificate median: ${certificateMs.toFixed(1)} ms (bar <= ${CERTIFICATE_BAR_MS} ms)`);

  // The first articles whose authors add up to at least 100 certificates.
  const selection: number[] = [];
  let certificates = 0;
  for (const article of articles) {
    if (certificates >= ZIP_CERTIFICATES) break;
    selection.push(article.id);
    certificates += splitAuthors(article.authorname).length;
  }
  const started = performance.now();
  const bytes = await drain(await ctx.journals.first().services.pdf.bulkCertificates(selection));
  const zipSeconds = ((performance.now() - started) / 1000) * (ZIP_CERTIFICATES / certificates);
  console.log(
    `(the zip held ${certificates} certificates, ${(bytes / 1_048_576).toFixed(1)} MB; time scaled to ${ZIP_CERTIFICATES})`,
  );
  console.log(`zip of ${ZIP_CERTIFICATES} certificates: ${zipSeconds.toFixed(2)} s (bar <= ${ZIP_BAR_S} s)`);
}

/** /healthz latencies, one request after another, for `seconds`. */
async function probeHealth(base: string, seconds: number): Promise<number[]> {
  const timings: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    timings.push(performance.now() - started);
    await sleep(5);
  }
  return timings;
}

/** Clients downloading `urls` (one each, over and over) while /healthz is probed. */
async function healthUnderLoad(base: string, urls: string[]) {
  const statuses = new Map<number, number>();
  let loading = true;
  const client = async (url: string) => {
    while (loading) {
      const response = await fetch(base + url);
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      // A refused client waits as Retry-After asks, so refusals measure the queue, not a busy loop.
      if (response.status === 503) await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
    }
  };
  const clients = urls.map(client);
  const timings = await probeHealth(base, LOAD_SECONDS);
  loading = false;
  await Promise.all(clients);
  const answers = [...statuses].map(([status, count]) => `${count} × ${status}`).join(', ');
  return { timings, answers };
}

const summary = (timings: number[]) =>
  `p50 ${median(timings).toFixed(1)} ms, p95 ${percentile(timings, 0.95).toFixed(1)} ms, max ${Math.max(...timings).toFixed(1)} ms`;

/** The built server on the demo journal's data directory, once it answers. */
async function startBuiltServer(dataDir: string) {
  const port = await freePort();
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_SCRIPT], {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      WEB_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (
      await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { base, server };
    await sleep(100);
  }
  server.kill('SIGTERM');
  throw new Error(`the built server did not answer at ${base}`);
}

async function healthFigures(dataDir: string, refnumbers: string[]) {
  if (!fs.existsSync(SERVER_SCRIPT)) {
    console.log('healthz under PDF load: not measured (no built server; run npm run build)');
    return;
  }
  const { base, server } = await startBuiltServer(dataDir);
  try {
    await probeHealth(base, 0.5);
    console.log(`healthz idle: ${summary(await probeHealth(base, 1))}`);
    const board = await healthUnderLoad(
      base,
      Array.from({ length: LOAD_CLIENTS }, () => '/api/pdf/editorialboard'),
    );
    console.log(
      `healthz under ${LOAD_CLIENTS} concurrent editorial-board downloads: ${summary(board.timings)} (${board.answers})`,
    );
    const covers = await healthUnderLoad(
      base,
      refnumbers.slice(0, LOAD_CLIENTS).map((refno) => `/api/pdf/coverpage/${refno}`),
    );
    console.log(
      `healthz under ${LOAD_CLIENTS} concurrent cover-page downloads: ${summary(covers.timings)} (${covers.answers})`,
    );
  } finally {
    server.kill('SIGTERM');
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pdf-'));
const ctx = await openContext(dataDir);
try {
  const articles = await ctx.journals
    .first()
    .db.selectFrom('articles')
    .select(['id', 'refnumber', 'authorname'])
    .orderBy('id')
    .execute();
  await serviceFigures(ctx, articles);
  await healthFigures(
    dataDir,
    articles.map((article) => article.refnumber),
  );
} finally {
  await ctx.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
