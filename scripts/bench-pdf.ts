// `npx tsx scripts/bench-pdf.ts`: the PDF bars of DESIGN.md §7 (one certificate <= 20 ms median,
// a zip of 100 certificates <= 3 s), measured through the PDF service on a temporary demo journal.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pino from 'pino';
import { splitAuthors } from '../src/common/citation.js';
import { createContext } from '../src/server/bootstrap.js';
import { loadConfig } from '../src/server/config.js';
import type { GeneratedFile } from '../src/server/modules/pdf/pdf.service.js';

const CERTIFICATE_RUNS = 50;
const ZIP_CERTIFICATES = 100;
const CERTIFICATE_BAR_MS = 20;
const ZIP_BAR_S = 3;

/** Reads a generated file to its end, as a client would, and returns its size. */
async function drain(file: GeneratedFile): Promise<number> {
  let bytes = 0;
  await pipeline(file.body, new Writable({ write: (chunk: Buffer, _encoding, done) => ((bytes += chunk.length), done()) }));
  return bytes;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pdf-'));
const ctx = await createContext(
  loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '1', ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: 'silent' }),
  pino({ level: 'silent' }),
);
try {
  const articles = await ctx.db.selectFrom('articles').select(['id', 'refnumber', 'authorname']).orderBy('id').execute();
  const first = articles[0]!;
  const author = splitAuthors(first.authorname)[0]!;

  // Warm up: the fonts are parsed once per process, as in the server.
  await drain(await ctx.services.pdf.certificate(first.refnumber, author));
  const times: number[] = [];
  for (let run = 0; run < CERTIFICATE_RUNS; run++) {
    const started = performance.now();
    await drain(await ctx.services.pdf.certificate(first.refnumber, author));
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
  const bytes = await drain(await ctx.services.pdf.bulkCertificates(selection));
  const zipSeconds = ((performance.now() - started) / 1000) * (ZIP_CERTIFICATES / certificates);
  console.log(`(the zip held ${certificates} certificates, ${(bytes / 1_048_576).toFixed(1)} MB; time scaled to ${ZIP_CERTIFICATES})`);
  console.log(`zip of ${ZIP_CERTIFICATES} certificates: ${zipSeconds.toFixed(2)} s (bar <= ${ZIP_BAR_S} s)`);
} finally {
  await ctx.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
