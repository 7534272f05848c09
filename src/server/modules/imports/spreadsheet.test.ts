import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Author } from '../../../common/authors.js';
import type { ImportPlan } from './import-plan.js';
import { ImportRefused } from './import-report.js';
import { checkArticle } from './import-validation.js';
import { COLUMN_LABELS, COLUMN_NAMES, COLUMNS, columnOfHeader, type Cells } from './spreadsheet-columns.js';
import { templateBytes } from './spreadsheet-export.js';
import { readTable, SPREADSHEET_LIMITS, tableBytes } from './spreadsheet-file.js';
import { authorCells, authorsFromCells, planFromTable } from './spreadsheet-plan.js';
import { generatedImport } from './import-test-fixtures.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spreadsheet-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The plan of these rows (by column name) under a header (by name or label); an article's PDF is "none" unless given. */
function planOf(rows: Partial<Cells>[], header: readonly string[] = COLUMN_NAMES): ImportPlan {
  const cell = (row: Partial<Cells>, heading: string) => {
    const name = columnOfHeader(heading) ?? heading;
    return row[name as keyof Cells] ?? (name === 'pdf' && row.refnumber ? 'none' : '');
  };
  const values = rows.map((row) => header.map((name) => cell(row, name)));
  return planFromTable(
    'articles.csv',
    { header: [...header], rows: values.map((v, i) => ({ number: i + 2, values: v })) },
    null,
  );
}

const author = (given: string, family: string, more: Partial<Author> = {}): Author => ({
  given_name: given,
  family_name: family,
  affiliation: '',
  country: '',
  orcid: '',
  email: '',
  corresponding: false,
  ...more,
});

describe('the rows of a spreadsheet as a plan', () => {
  it('groups the rows by issue, keeps every article field as written, and names each record by its row', () => {
    const { rows } = generatedImport(6, { issues: 2 });
    const plan = planOf(rows);
    expect(plan.problems).toEqual([]);
    expect(
      plan.issues.map((issue) => [issue.record, issue.issue, issue.state, issue.frequency, issue.articles.length]),
    ).toEqual([
      ['row 2 (issue 2024/7/1)', 1, 'published', 'jan-feb-mar', 3],
      ['row 3 (issue 2024/7/2)', 2, 'draft', 'apr-may-jun', 3],
    ]);
    const first = plan.issues[0]!.articles[0]!;
    expect({ ...first, pdf: undefined }).toEqual({
      record: 'row 2',
      refnumber: '880000',
      title: 'Field trial 880000 of <i>Oryza sativa</i>',
      authors: [
        author('Asha', 'Rao', {
          affiliation: 'University of Pune',
          orcid: '0000-0002-1825-0097',
          email: 'asha0@uni.example',
          corresponding: true,
        }),
        author('Maria', 'van der Berg'),
        author('Wei', 'Li', { affiliation: 'Fudan University' }),
      ],
      abstract: '<p>Abstract of trial 0.</p>',
      keywords: 'rice; nitrogen',
      doi: '10.55555/test.880000',
      subject: 'Agronomy',
      country: 'India',
      email: 'office0@uni.example',
      mobile: '9876543210',
      pagenumber: '1-9',
      txnid: 'TXN-880000',
      ptype: 'paid',
      publishdate: '2024-02-10',
      status: 'enabled',
      licence_name: 'CC BY 4.0',
      licence_url: 'https://creativecommons.org/licenses/by/4.0/',
      pdf: undefined,
    });
  });

  it('takes an issue column from any of its rows, names rows that disagree, and reads a row without an article as an issue', () => {
    const issue = { year: '2025', volume: '1', issue: '4' };
    const plan = planOf([
      { ...issue, frequency: '' },
      { ...issue, frequency: 'jan', issue_publication_date: '2025-01-31', issue_state: 'draft' },
      { ...issue, frequency: 'feb' },
      { year: '2025', volume: '1', issue: 'four' },
    ]);
    expect(plan.issues).toEqual([
      expect.objectContaining({
        record: 'row 2 (issue 2025/1/4)',
        frequency: 'jan',
        state: 'draft',
        publication_date: '2025-01-31',
        articles: [],
      }),
    ]);
    expect(plan.problems).toEqual([
      {
        record: 'row 4',
        field: 'frequency',
        label: 'Months covered',
        message: 'differs from row 3 of the same issue ("jan")',
      },
      { record: 'row 5', field: 'issue', label: 'Issue', message: 'Issue must be a whole number' },
    ]);
  });

  it('names the row and column of what cannot be read into the plan', () => {
    const good = generatedImport(2).rows[1]!;
    const plan = planOf([
      { ...good, ptype: 'gratis' },
      { ...good, status: 'hidden' },
      { ...good, author_orcids: 'a; b' },
      { ...good, corresponding_author: '4' },
      { ...good, year: '2030', issue_state: 'scheduled' },
      { ...good, authors: '', authors_json: '[{"family_name": 7}]' },
      { ...good, pdf: '' },
    ]);
    expect(plan.problems).toEqual([
      { record: 'row 2', field: 'ptype', label: 'Payment type', message: 'Payment type must be paid or free' },
      { record: 'row 3', field: 'status', label: 'Status', message: 'Status must be enabled or disabled' },
      { record: 'row 4', field: 'author_orcids', label: 'Author ORCID iDs', message: '2 entries for 1 authors' },
      {
        record: 'row 5',
        field: 'corresponding_author',
        label: 'Corresponding author',
        message: 'must be the place of an author in the list, from 1 to 1',
      },
      { record: 'row 6', field: 'issue_state', label: 'Issue state', message: 'State must be draft or published' },
      {
        record: 'row 7',
        field: 'author_countries',
        label: 'Author countries',
        message: 'must be empty when Authors as JSON holds the authors',
      },
      {
        record: 'row 8',
        field: 'pdf',
        label: 'PDF file',
        message:
          'The PDF file is required. (give the ZIP of PDFs, with 880001.pdf in it; "none" in the PDF file column imports the article without one)',
      },
    ]);
  });

  it('reads a column headed by its label in any case and spacing, or by the name of older templates', () => {
    const headers = COLUMNS.map((column, i) =>
      i % 2 ? `  ${column.label.toUpperCase().replace(/ /g, '   ')} ` : column.name,
    );
    const byWords = planOf(generatedImport(2).rows, headers);
    expect(byWords.problems).toEqual([]);
    expect(byWords.unmapped).toEqual([]);
    expect(byWords.issues).toEqual(planOf(generatedImport(2).rows).issues);
  });

  it('refuses a sheet without a required column, and reports a column it does not know', () => {
    const header = COLUMN_NAMES.filter((name) => !['txnid', 'authors', 'authors_json'].includes(name));
    const plan = planOf(generatedImport(1).rows, [...header, 'reviewer']);
    expect(plan.issues).toEqual([]);
    expect(plan.problems).toEqual([
      {
        record: 'row 1',
        field: 'txnid',
        label: 'Transaction ID',
        message: 'The column is missing (see the template)',
      },
      {
        record: 'row 1',
        field: 'authors',
        label: 'Authors',
        message: 'The column is missing (see the template), or Authors as JSON in its place',
      },
    ]);
    expect(plan.unmapped).toEqual([
      { record: 'row 1', message: 'the column "reviewer" is not one of the template\'s: it is not imported' },
    ]);
  });
});

describe('the author columns', () => {
  it('read "Given Family" and "Family, Given", honour the corresponding author, and leave missing list entries empty', () => {
    const read = authorsFromCells(
      {
        authors: 'Maria José van der Berg; Li, Wei; Plato,',
        author_affiliations: '; Fudan University',
        author_countries: '',
        author_orcids: '',
        author_emails: 'm@uu.example',
        corresponding_author: '2',
        authors_json: '',
      },
      'row 2',
    );
    expect(read.value).toEqual([
      author('Maria José', 'van der Berg', { email: 'm@uu.example' }),
      author('Wei', 'Li', { affiliation: 'Fudan University', corresponding: true }),
      author('', 'Plato'),
    ]);
  });

  it('are written so that they read back exactly, in JSON only when a value holds ";"', () => {
    const plain = [
      author('Maria', 'van der Berg', { affiliation: 'Utrecht University', corresponding: true }),
      author('Wei', 'Li Na', { orcid: '0000-0002-1825-0097' }),
      author('', 'World Health Organization'),
    ];
    const cells = authorCells(plain);
    expect(cells.authors).toBe('Maria van der Berg; Li Na, Wei; World Health Organization,');
    expect(cells.authors_json).toBe('');
    expect(authorsFromCells(cells, 'row 2').value).toEqual(plain);
    const awkward = [author('Asha', 'Rao', { affiliation: 'Dept. A; University of Pune', corresponding: true })];
    const json = authorCells(awkward);
    expect(json.authors).toBe('');
    expect(authorsFromCells(json, 'row 2').value).toEqual(awkward);
  });
});

describe('spreadsheet files', () => {
  it('reads CSV written with semicolons and a byte order mark, and XLSX with every cell as text', async () => {
    const csv = path.join(dir, 'a.csv');
    fs.writeFileSync(csv, '\uFEFFYear;Title\r\n2024;"A; B ""quoted"""\r\n;\r\n2025;<p>x</p>\r\n');
    expect(await readTable(csv)).toEqual({
      header: ['Year', 'Title'],
      rows: [
        { number: 2, values: ['2024', 'A; B "quoted"'] },
        { number: 4, values: ['2025', '<p>x</p>'] },
      ],
    });
    const xlsx = path.join(dir, 'a.xlsx');
    fs.writeFileSync(xlsx, await tableBytes('xlsx', ['refnumber', 'pagenumber'], [['12345678901234567890', '1-6']]));
    expect((await readTable(xlsx)).rows).toEqual([{ number: 2, values: ['12345678901234567890', '1-6'] }]);
  });

  it('refuses a spreadsheet over 50 MB before reading it (a sparse file), and an XLSX that unpacks past its limit', async () => {
    const big = path.join(dir, 'articles.csv');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, SPREADSHEET_LIMITS.bytes + 1);
    await expect(readTable(big)).rejects.toThrow(
      new ImportRefused(
        'articles.csv (50 MB) is larger than 50 MB, the most a spreadsheet may be: split it into several, a few ' +
          'issues each, and import them one after the other.',
      ),
    );
    const xlsx = path.join(dir, 'articles.xlsx');
    fs.writeFileSync(xlsx, await tableBytes('xlsx', ['title'], [['x'.repeat(200_000)]]));
    await expect(readTable(xlsx, { ...SPREADSHEET_LIMITS, xlsxContentBytes: 100_000 })).rejects.toThrow(
      /^articles\.xlsx unpacks to [\d.]+ KB, more than the 97\.7 KB an XLSX spreadsheet may unpack to: split it into several$/,
    );
    await expect(readTable(path.join(dir, 'articles.ods'))).rejects.toThrow(
      'articles.ods: a spreadsheet is a .csv or an .xlsx file',
    );
  });
});

describe('the template', () => {
  it('names every column with an example row that passes the forms, and describes the columns in XLSX', async () => {
    const csv = path.join(dir, 'template.csv');
    fs.writeFileSync(csv, await templateBytes('csv'));
    const table = await readTable(csv);
    expect(table.header).toEqual(COLUMN_LABELS);
    expect(table.header).toContain('Transaction ID');
    // Its one article wants its PDF from a ZIP.
    const plan = planFromTable('template.csv', table, null);
    expect(plan.problems).toEqual([expect.objectContaining({ record: 'row 2', field: 'pdf' })]);
    const xlsx = path.join(dir, 'template.xlsx');
    fs.writeFileSync(xlsx, await templateBytes('xlsx'));
    const sheets = await readXlsxFile(xlsx);
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Articles', 'Columns']);
    expect(sheets[1]!.data.slice(1).map((row) => [row[0], row[4]])).toEqual(
      COLUMNS.map((column) => [column.label, column.name]),
    );
  });

  it("has an example article that the article form's checks accept", () => {
    const cells = Object.fromEntries(COLUMNS.map((column) => [column.name, column.example])) as Cells;
    const plan = planOf([{ ...cells, pdf: 'none' }]);
    expect(plan.problems).toEqual([]);
    expect(checkArticle(plan.issues[0]!.articles[0]!).problems).toEqual([]);
  });
});
