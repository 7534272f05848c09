import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type archiver from 'archiver';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  exportQuerySchema,
  importFormDescription,
  importReportSchema,
  templateQuerySchema,
  type ImportLine,
  type ImportPhase,
  type SpreadsheetFormat,
} from '../../../common/schemas/imports.js';
import { badRequest, notFound } from '../../http/errors.js';
import { faultError } from '../../http/fault-errors.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';
import { makeTemporaryFolder } from '../../storage/temporary-folders.js';
import { issueLabel } from './import-compare.js';
import type { ImportPlan } from './import-plan.js';
import { ImportRefused, type ProgressListener } from './import-report.js';
import { openImportSource, type ImportSource } from './import-sources.js';
import { receiveImportUpload } from './import-uploads.js';
import { templateBytes } from './spreadsheet-export.js';

type Site = FastifyRequest['site'];

const MEDIA_TYPES: Record<SpreadsheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** Progress lines at most this often (a phase's start and its last record always): a browser redraws no faster. */
const PROGRESS_INTERVAL_MS = 100;

const download = (reply: FastifyReply, type: string, name: string) =>
  reply.type(type).header('content-disposition', `attachment; filename="${name}"`);

/** What cannot be imported as sent (not a spreadsheet, not an OJS export, not a journal site): a 400, nothing written. */
const refusedSource = (error: unknown) =>
  error instanceof ImportRefused ? badRequest(error.message, 'import_refused') : error;

/** Moving a journal in: the admin's import calls (decision 102). */
export function registerImportRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { preValidation: app.requireAdmin };

  api.get(
    '/api/admin/import/template',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'The spreadsheet template: every column and a row of examples (the XLSX describes each column)',
        querystring: templateQuerySchema,
        response: answers({ 200: z.file().describe('import-template.xlsx or import-template.csv') }),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      return download(reply, MEDIA_TYPES[format], `import-template.${format}`).send(await templateBytes(format));
    },
  );

  api.get(
    '/api/admin/import/export',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'The journal, or one issue (issue=2024/3/1), as a ZIP of articles.xlsx (or .csv) and pdfs.zip: the two ' +
          'files the spreadsheet import takes back; export-warnings.txt when something could not be carried',
        querystring: exportQuerySchema,
        response: answers({ 200: z.file().mime('application/zip') }),
      },
    },
    (request, reply) => sendExport(request.site, request.query, reply),
  );

  api.post(
    '/api/admin/import/check',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'The dry run: what an import of the source would create, skip and leave in conflict, and its problems',
        multipart: importFormDescription,
        response: answers({ 200: importReportSchema }),
      },
    },
    async (request) => {
      const upload = await receiveImportUpload(request);
      try {
        const source = await openImportSource(upload.source).catch((error: unknown) => {
          throw refusedSource(error);
        });
        try {
          return await request.site.services.imports().dryRun(source.plan);
        } finally {
          await source.close();
        }
      } finally {
        await upload.remove();
      }
    },
  );

  api.post(
    '/api/admin/import/run',
    {
      ...admin,
      // Compressing would hold the lines back until a block is full.
      compress: false,
      schema: {
        tags: ['admin'],
        summary:
          'Imports the source: newline-delimited JSON, progress lines ({type: progress, phase, done, total, ' +
          'current}) then one {type: done, report, written, issues}, {type: refused, message, report} or ' +
          '{type: failed, message}',
        multipart: importFormDescription,
        response: answers({ 200: z.file().mime('application/x-ndjson') }),
      },
    },
    (request, reply) => startImport(request, reply),
  );
}

/**
 * Answers with the import's lines as they come; the uploaded files go once it ends. The import goes on if the browser
 * leaves: each issue is written whole, and the activity log says what was.
 */
async function startImport(request: FastifyRequest, reply: FastifyReply) {
  const upload = await receiveImportUpload(request);
  const lines = new PassThrough();
  const send = (line: ImportLine) => {
    if (!lines.destroyed) lines.write(`${JSON.stringify(line)}\n`);
  };
  void runImport(request.site, upload.source, request, send)
    .finally(() => upload.remove())
    .finally(() => lines.end());
  return reply
    .type('application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(lines);
}

/** Reads, checks and imports the source, telling its progress; ends with one done, refused or failed line. */
async function runImport(site: Site, source: ImportSource, request: FastifyRequest, send: (line: ImportLine) => void) {
  const progress = progressLines(send);
  try {
    const opened = await openImportSource(source, progress('reading', sourceName(source)));
    try {
      const service = site.services.imports();
      const { plan } = opened;
      const names = recordNames(plan);
      const checked = await service.dryRun(plan, progress('checking', plan.source, names));
      const problems = checked.problems.length;
      if (problems)
        return send({
          type: 'refused',
          message: `${problems} problem${problems === 1 ? '' : 's'}: nothing was imported`,
          report: checked,
        });
      const { report, written } = await service.apply(plan, request.user!, progress('importing', plan.source, names));
      send({
        type: 'done',
        report,
        written,
        issues: plan.issues.map(({ year, volume, issue }) => ({ year, volume, issue })),
      });
    } finally {
      await opened.close();
    }
  } catch (error) {
    if (error instanceof ImportRefused) return send({ type: 'refused', message: error.message, report: error.report });
    send({ type: 'failed', message: failureMessage(error, request.log) });
  }
}

/**
 * A listener per phase, which says at once that the phase began; records are shown by the names recordNames gives.
 */
function progressLines(send: (line: ImportLine) => void) {
  let sentAt = 0;
  return (phase: ImportPhase, start: string, names = new Map<string, string>()): ProgressListener => {
    send({ type: 'progress', phase, done: 0, total: 0, current: start });
    sentAt = Date.now();
    return ({ done, total, current }) => {
      if (done < total && Date.now() - sentAt < PROGRESS_INTERVAL_MS) return;
      sentAt = Date.now();
      send({ type: 'progress', phase, done, total, current: names.get(current) ?? current });
    };
  };
}

/** An article as a person follows the import's progress, "2024 vol. 3 issue 1, article 880012"; others as the plan names them. */
function recordNames(plan: ImportPlan): Map<string, string> {
  const names = new Map<string, string>();
  for (const issue of plan.issues)
    for (const article of issue.articles)
      names.set(article.record, `${issueLabel(issue)}, article ${article.refnumber}`);
  return names;
}

const sourceName = (source: ImportSource) =>
  source.kind === 'site' ? source.url : path.basename(source.kind === 'ojs' ? source.file : source.spreadsheet);

/** A failure part way, once the answer has begun: logged, and told as the error handler would tell it. */
function failureMessage(error: unknown, log: FastifyBaseLogger): string {
  const fault = faultError(error);
  if (!fault) log.error(error);
  const what = fault?.message ?? 'Something went wrong on the server.';
  return `${what} The issues imported before it are kept: check again to see what is still missing.`;
}

/**
 * The export as one ZIP of the spreadsheet and the ZIP of PDFs, written first to a temporary folder (by
 * exportSpreadsheet, as the command line writes them) and streamed from it; the folder goes once the answer has.
 */
async function sendExport(site: Site, query: z.output<typeof exportQuerySchema>, reply: FastifyReply) {
  const dir = await makeTemporaryFolder('journal-export-');
  const remove = () => fs.promises.rm(dir, { recursive: true, force: true });
  const spreadsheet = path.join(dir, `articles.${query.format}`);
  const pdfs = path.join(dir, 'pdfs.zip');
  const summary = await site.services
    .imports()
    .exportSpreadsheet({ spreadsheet, pdfs }, query.issue)
    .catch(async (error: unknown) => {
      await remove();
      // The one refusal of an export: an issue the journal does not have.
      throw error instanceof ImportRefused ? notFound(error.message) : error;
    });
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip');
  for (const file of [spreadsheet, pdfs])
    archive.file(file, { name: path.basename(file), store: true } as archiver.ZipEntryData);
  if (summary.warnings.length) archive.append(`${summary.warnings.join('\n')}\n`, { name: 'export-warnings.txt' });
  void archive.finalize().catch(() => undefined);
  reply.raw.once('close', () => {
    // A browser that left stops the archive before its files go.
    if (!reply.raw.writableFinished) archive.abort();
    void remove();
  });
  const date = new Date().toISOString().slice(0, 10);
  const name = query.issue
    ? `issue-${query.issue.year}-${query.issue.volume}-${query.issue.issue}-${date}.zip`
    : `journal-${date}.zip`;
  return download(reply, 'application/zip', name).send(archive);
}
