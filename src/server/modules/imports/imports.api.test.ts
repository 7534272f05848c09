import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importLineSchema,
  uploadTooLargeMessage,
  type ImportLine,
  type ImportReport,
} from '../../../common/schemas/imports.js';
import { hashPassword } from '../../auth/passwords.js';
import { testPdf } from '../../test/article-form.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertUser } from '../users/users.repository.js';
import { ojsExport } from './ojs/fixtures/ojs-export.js';
import { MAX_OJS_MARKUP_BYTES } from './ojs/ojs-xml.js';
import { generatedImport, writeImportFiles, type GeneratedImport } from './import-test-fixtures.js';
import { importUploadLimits } from './import-uploads.js';
import { COLUMN_LABELS } from './spreadsheet-columns.js';
import { readTable, type SpreadsheetFormat } from './spreadsheet-file.js';

/** The admin's import calls (decision 102): template, export, check and run, through HTTP as the screen makes them. */
let t: TestApp;
let auth: { authorization: string };
let staff: { authorization: string };
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  const staffId = await insertUser(t.journal.db, {
    username: 'clerk',
    name: 'Clerk',
    password_hash: await hashPassword('clerk-password'),
    role: 'staff',
  });
  staff = { authorization: `Bearer ${await t.ctx.tokens.sign({ userId: staffId, username: 'clerk', name: 'Clerk' })}` };
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imports-api-test-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A form as the screen sends it: text fields and files, each with its name. */
function importForm(fields: Record<string, string>, files: Record<string, { name: string; data: Buffer }> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, file] of Object.entries(files))
    form.append(field, new Blob([new Uint8Array(file.data)]), file.name);
  return form;
}

/** The generated import's spreadsheet and ZIP of PDFs as the two files of a spreadsheet form. */
async function spreadsheetForm(generated: GeneratedImport, format: SpreadsheetFormat = 'xlsx') {
  const folder = fs.mkdtempSync(path.join(dir, 'set-'));
  const files = await writeImportFiles(folder, generated, format);
  return importForm(
    { source: 'spreadsheet' },
    {
      spreadsheet: { name: path.basename(files.spreadsheet), data: fs.readFileSync(files.spreadsheet) },
      pdfs: { name: 'pdfs.zip', data: fs.readFileSync(files.pdfs) },
    },
  );
}

const post = (app: TestApp, call: 'check' | 'run', payload: FormData, headers = auth) =>
  app.app.inject({ method: 'POST', url: `/api/admin/import/${call}`, headers, payload });

const linesOf = (body: string): ImportLine[] =>
  body
    .trim()
    .split('\n')
    .map((line) => importLineSchema.parse(JSON.parse(line)));

const issuesOfYear = (app: TestApp, year: number) =>
  app.journal.db.selectFrom('issues').selectAll().where('year', '=', year).orderBy('issue').execute();
const articlesOfYear = (app: TestApp, year: number) =>
  app.journal.db.selectFrom('articles').selectAll().where('year', '=', year).orderBy('refnumber').execute();
const importEntries = (app: TestApp) =>
  app.journal.db.selectFrom('activity_log').selectAll().where('action', '=', 'import').execute();
const importFolders = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('journal-import-'));

/** Eight articles over two issues of 2031 (the second a draft), and the same with a bad page range in row 3. */
const GOOD = generatedImport(8, { issues: 2, year: 2031, refBase: 310_000 });
const BAD: GeneratedImport = {
  rows: GOOD.rows.map((row, index) => (index === 1 ? { ...row, pagenumber: 'pages one to six' } : row)),
  pdfs: GOOD.pdfs,
};

describe('the template', () => {
  it.each<SpreadsheetFormat>(['xlsx', 'csv'])('downloads as %s and opens with every column', async (format) => {
    const response = await t.app.inject({ url: `/api/admin/import/template?format=${format}`, headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="import-template.${format}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const file = path.join(dir, `template.${format}`);
    fs.writeFileSync(file, response.rawPayload);
    const table = await readTable(file);
    expect(table.header).toEqual(COLUMN_LABELS);
    expect(table.rows).toHaveLength(1);
  });

  it('refuses a format it does not write', async () => {
    const response = await t.app.inject({ url: '/api/admin/import/template?format=ods', headers: auth });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('format: Format must be xlsx or csv');
  });
});

describe('the check', () => {
  it('reports what a good spreadsheet creates, and writes nothing', async () => {
    const response = await post(t, 'check', await spreadsheetForm(GOOD));
    expect(response.statusCode).toBe(200);
    const report = response.json<ImportReport>();
    expect(report.source).toBe('articles.xlsx');
    expect(report.create.issues).toEqual(['2031 vol. 7 issue 1', '2031 vol. 7 issue 2']);
    expect(report.create.articles).toHaveLength(8);
    expect(report).toMatchObject({ problems: [], conflicts: [], skipped: [] });
    expect(await issuesOfYear(t, 2031)).toEqual([]);
  });

  it('names the record and field of each problem of a bad spreadsheet', async () => {
    const response = await post(t, 'check', await spreadsheetForm(BAD, 'csv'));
    expect(response.statusCode).toBe(200);
    const report = response.json<ImportReport>();
    expect(report.problems).toEqual([
      {
        record: 'row 3',
        field: 'pagenumber',
        message: expect.stringContaining('Page number'),
        label: 'pages',
        value: 'pages one to six',
      },
    ]);
  });

  it('answers 400 with the reason for a source it cannot read, and for a form without its file', async () => {
    const notXlsx = importForm(
      { source: 'spreadsheet' },
      { spreadsheet: { name: 'articles.xlsx', data: Buffer.from('year,volume\n2031,7\n') } },
    );
    const unreadable = await post(t, 'check', notXlsx);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual({
      error: 'import_refused',
      message: expect.stringMatching(/^articles\.xlsx is not an XLSX file/),
    });

    const wrongKind = importForm(
      { source: 'spreadsheet' },
      { spreadsheet: { name: 'articles.ods', data: Buffer.from('x') } },
    );
    expect((await post(t, 'check', wrongKind)).json().message).toBe(
      'articles.ods: a spreadsheet is a .csv or an .xlsx file',
    );

    const notOjs = importForm({ source: 'ojs' }, { xml: { name: 'export.xml', data: Buffer.from('<html></html>') } });
    const refused = await post(t, 'check', notOjs);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('import_refused');

    const missing = await post(t, 'check', importForm({ source: 'spreadsheet' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Choose the spreadsheet (.xlsx or .csv) to import.');

    const noSource = await post(t, 'check', importForm({}));
    expect(noSource.json().message).toBe('source: Choose where to import from: spreadsheet, ojs or site');

    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/check',
      headers: auth,
      payload: { source: 'spreadsheet' },
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('reads an uploaded OJS export without the files it links to', async () => {
    const xml = Buffer.from(ojsExport({ format: 'main' }));
    const response = await post(t, 'check', importForm({ source: 'ojs' }, { xml: { name: 'issues.xml', data: xml } }));
    expect(response.statusCode).toBe(200);
    const report = response.json<ImportReport>();
    expect(report.create.issues).toContain('2023 vol. 4 issue 2');
    expect(report.problems).toContainEqual({
      record: expect.stringContaining('A review of soil atlases'),
      field: 'pdf',
      message: expect.stringContaining('linked files are read only by an import from the command line'),
    });
  });

  it('checks a PDF embedded in an uploaded OJS export, read from the upload as it streams', async () => {
    // Base64 wrapped in lines as OJS writes it, over several of the reader's chunks.
    const wrapped = (pdf: Buffer) => pdf.toString('base64').replace(/.{76}/g, '$&\n');
    const checkWith = (article103Embed: string) =>
      post(
        t,
        'check',
        importForm(
          { source: 'ojs' },
          { xml: { name: 'issues.xml', data: Buffer.from(ojsExport({ format: 'main', article103Embed })) } },
        ),
      );
    const pdfProblemsOf = (report: ImportReport) =>
      report.problems.filter((problem) => problem.field === 'pdf').map((problem) => problem.message);

    const sound = await checkWith(wrapped(testPdf('Article 103', crypto.randomBytes(3 * 1_048_576))));
    expect(sound.statusCode, sound.body).toBe(200);
    expect(pdfProblemsOf(sound.json())).toEqual([expect.stringContaining('linked files are read only')]);

    const cut = wrapped(testPdf('Article 103', crypto.randomBytes(3 * 1_048_576))).slice(0, -3);
    const broken = await checkWith(cut);
    expect(broken.statusCode, broken.body).toBe(200);
    expect(pdfProblemsOf(broken.json())).toContain('The file jsr-103.pdf embedded in the export is not valid base64.');
  });

  it('refuses an uploaded OJS export with more records than one export may hold, naming the limit', async () => {
    const records = `<issue>${'x'.repeat(1000)}</issue>`.repeat(Math.ceil(MAX_OJS_MARKUP_BYTES / 1000));
    const xml = Buffer.from(`<?xml version="1.0"?><issues xmlns="http://pkp.sfu.ca">${records}</issues>`);
    const response = await post(t, 'check', importForm({ source: 'ojs' }, { xml: { name: 'issues.xml', data: xml } }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'import_refused',
      message: expect.stringMatching(/^issues\.xml holds more than 8 MB of records besides its embedded files/),
    });
  });

  it('refuses the address of a site that is not http or https', async () => {
    for (const url of ['ftp://journal.example', 'javascript:alert(1)', '']) {
      const response = await post(t, 'check', importForm({ source: 'site', url }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('url: Enter the web address of the site, starting with http:// or https://');
    }
  });

  it('refuses a file over its limit with 413 and what to do', async () => {
    const limits = { ...importUploadLimits };
    importUploadLimits.spreadsheet = 1000;
    importUploadLimits.pdfs = 2000;
    try {
      const big = importForm(
        { source: 'spreadsheet' },
        { spreadsheet: { name: 'articles.csv', data: Buffer.alloc(5000, 'a') } },
      );
      const response = await post(t, 'check', big);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: 'file_too_large',
        message: uploadTooLargeMessage('spreadsheet', 1000),
      });
      expect(response.json().message).toBe(
        'The spreadsheet is larger than 1000 bytes, the most an import takes: split it into several, a few issues ' +
          'each, and import them one after the other.',
      );
      const bigZip = importForm(
        { source: 'spreadsheet' },
        {
          spreadsheet: { name: 'articles.csv', data: Buffer.from('year\n') },
          pdfs: { name: 'pdfs.zip', data: Buffer.alloc(3000) },
        },
      );
      const zipResponse = await post(t, 'run', bigZip);
      expect(zipResponse.statusCode).toBe(413);
      expect(zipResponse.json().message).toBe(uploadTooLargeMessage('pdfs', 2000));
    } finally {
      Object.assign(importUploadLimits, limits);
    }
  });

  it('is for admins only', async () => {
    const form = importForm({ source: 'site', url: 'https://journal.example' });
    expect((await post(t, 'check', form, staff)).statusCode).toBe(403);
    expect((await post(t, 'run', form, staff)).statusCode).toBe(403);
    for (const url of ['/api/admin/import/template', '/api/admin/import/export']) {
      expect((await t.app.inject({ url, headers: staff })).json()).toEqual({
        error: 'forbidden',
        message: expect.any(String),
      });
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });
});

describe('the run', () => {
  it('writes nothing of a spreadsheet with a problem, and says why', async () => {
    const response = await post(t, 'run', await spreadsheetForm(BAD));
    expect(response.statusCode).toBe(200);
    const last = linesOf(response.body).at(-1)!;
    expect(last).toMatchObject({ type: 'refused', message: '1 problem: nothing was imported' });
    expect(last.type === 'refused' && last.report?.problems.map((problem) => problem.record)).toEqual(['row 3']);
    expect(await issuesOfYear(t, 2031)).toEqual([]);
    expect(await importEntries(t)).toEqual([]);
  });

  it('streams its progress, then what it wrote; the articles exist and the uploads are gone', async () => {
    const before = importFolders();
    const form = await spreadsheetForm(GOOD);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/run',
      headers: { ...auth, 'accept-encoding': 'gzip' },
      payload: form,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['x-accel-buffering']).toBe('no');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-encoding']).toBeUndefined();

    const lines = linesOf(response.body);
    const progress = lines.filter((line) => line.type === 'progress');
    expect(progress[0]).toEqual({ type: 'progress', phase: 'reading', done: 0, total: 0, current: 'articles.xlsx' });
    expect(new Set(progress.map((line) => line.phase))).toEqual(new Set(['reading', 'checking', 'importing']));
    const importing = progress.filter((line) => line.phase === 'importing');
    expect(importing.at(-1)).toMatchObject({ done: 8, total: 8, current: '2031 vol. 7 issue 2, article 310007' });

    const done = lines.at(-1)!;
    expect(lines.filter((line) => line.type !== 'progress')).toHaveLength(1);
    expect(done).toMatchObject({
      type: 'done',
      written: { issues: 2, articles: 8, editors: 0, indexing: 0, settings: 0 },
      issues: [
        { year: 2031, volume: 7, issue: 1 },
        { year: 2031, volume: 7, issue: 2 },
      ],
    });
    expect((await issuesOfYear(t, 2031)).map((issue) => issue.state)).toEqual(['published', 'draft']);
    expect((await articlesOfYear(t, 2031)).map((article) => article.refnumber)).toEqual(
      GOOD.rows.map((row) => row.refnumber),
    );
    expect((await importEntries(t)).map((entry) => [entry.object_type, entry.summary])).toEqual([
      ['import', 'Imported from articles.xlsx: 2 issues, 8 articles, 0 editors, 0 indexing entries, 0 settings'],
    ]);
    expect(importFolders()).toEqual(before);

    const again = linesOf((await post(t, 'run', await spreadsheetForm(GOOD))).body).at(-1)!;
    expect(again).toMatchObject({ type: 'done', written: { issues: 0, articles: 0 } });
    expect(again.type === 'done' && again.report.skipped).toHaveLength(10);
  });
});

describe('the export', () => {
  const exportOf = async (app: TestApp, query: string) => {
    const response = await app.app.inject({
      url: `/api/admin/import/export?${query}`,
      headers: await app.authHeader(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    return { name: response.headers['content-disposition'], files: unzipSync(new Uint8Array(response.rawPayload)) };
  };
  const entriesOf = (zip: Uint8Array) => Object.keys(unzipSync(zip)).sort();

  it('gives the spreadsheet and the PDFs back to the import: the same journal again', async () => {
    const exported = await exportOf(t, 'format=csv');
    expect(exported.name).toMatch(/^attachment; filename="journal-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(Object.keys(exported.files).sort()).toEqual(['articles.csv', 'pdfs.zip']);
    expect(entriesOf(exported.files['pdfs.zip']!)).toEqual([...GOOD.pdfs.keys()].sort());

    const other = await createTestApp();
    try {
      const form = importForm(
        { source: 'spreadsheet' },
        {
          spreadsheet: { name: 'articles.csv', data: Buffer.from(exported.files['articles.csv']!) },
          pdfs: { name: 'pdfs.zip', data: Buffer.from(exported.files['pdfs.zip']!) },
        },
      );
      const check = await post(other, 'check', form, await other.authHeader());
      expect(check.json<ImportReport>().problems).toEqual([]);
      const run = await post(other, 'run', form, await other.authHeader());
      expect(linesOf(run.body).at(-1)).toMatchObject({ type: 'done', written: { issues: 2, articles: 8 } });
      const again = await exportOf(other, 'format=csv');
      expect(Buffer.from(again.files['articles.csv']!).toString()).toBe(
        Buffer.from(exported.files['articles.csv']!).toString(),
      );
      expect(unzipSync(again.files['pdfs.zip']!)).toEqual(unzipSync(exported.files['pdfs.zip']!));
    } finally {
      await other.close();
    }
  });

  it('exports one issue, and refuses one the journal does not have', async () => {
    const one = await exportOf(t, 'format=xlsx&issue=2031/7/1');
    expect(one.name).toMatch(/^attachment; filename="issue-2031-7-1-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(Object.keys(one.files).sort()).toEqual(['articles.xlsx', 'pdfs.zip']);
    expect(entriesOf(one.files['pdfs.zip']!)).toEqual(['310000.pdf', '310002.pdf', '310004.pdf', '310006.pdf']);

    const missing = await t.app.inject({ url: '/api/admin/import/export?issue=2031/7/9', headers: auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('The journal has no issue 2031 vol. 7 issue 9');
    const malformed = await t.app.inject({ url: '/api/admin/import/export?issue=2031-7-1', headers: auth });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('issue: An issue is written year/volume/issue, like 2024/3/1');
  });
});
