import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, issueFields, multipartForm, testPdf } from '../../test/article-form.js';
import { createTestApp, TEST_ACTOR, type TestApp } from '../../test/test-app.js';
import { TEST_PICTURES } from '../../test/upload-fixtures.js';
import { checkFiles } from '../../storage/file-repair.js';
import { FileStore } from '../../storage/file-store.js';
import {
  emptyPlan,
  type ImportedArticle,
  type ImportedFile,
  type ImportedIssue,
  type ImportPlan,
} from './import-plan.js';
import { ImportRefused, problemLine, reportLines, type ImportProgress } from './import-report.js';
import { generatedImport, writeImportFiles, type GeneratedImport } from './import-test-fixtures.js';
import { ImportService } from './import.service.js';
import { updateSettings } from './imports.repository.js';
import { openSpreadsheetSource } from './spreadsheet-plan.js';
import type { SpreadsheetFormat } from './spreadsheet-file.js';

/** The import engine (decision 102) on a journal of its own, through spreadsheets and plans made in code. */
let t: TestApp;
let dir: string;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-test-'));
});
afterAll(async () => {
  for (const close of closers) await close();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const service = () => new ImportService(t.journal.db, t.journal.files, t.journal.clock);

/** The generated rows written as files in a folder of their own, read back as a plan. */
async function planOf(generated: GeneratedImport, format: SpreadsheetFormat = 'xlsx'): Promise<ImportPlan> {
  const folder = fs.mkdtempSync(path.join(dir, 'set-'));
  const files = await writeImportFiles(folder, generated, format);
  const source = await openSpreadsheetSource(files.spreadsheet, files.pdfs);
  closers.push(source.close);
  return source.plan;
}

const importEntries = () =>
  t.journal.db.selectFrom('activity_log').selectAll().where('action', '=', 'import').orderBy('id').execute();
const issuesOfYear = (year: number) =>
  t.journal.db.selectFrom('issues').selectAll().where('year', '=', year).orderBy('issue').execute();
const articleByRef = (refnumber: string) =>
  t.journal.db.selectFrom('articles').selectAll().where('refnumber', '=', refnumber).executeTakeFirstOrThrow();
const storedFile = (year: number, volume: number, issue: number, refnumber: string) =>
  fs.readFileSync(t.journal.files.resolve(FileStore.articlePath(year, volume, issue, refnumber)));

async function expectRowsAndFilesAgree() {
  expect(await checkFiles(t.journal.db, t.journal.files)).toEqual({
    pendingMoves: [],
    tempFiles: [],
    unnamedFiles: [],
    missingFiles: [],
  });
}

const fileOf = (name: string, data: Buffer): ImportedFile => ({ name, read: async () => data });

describe('a spreadsheet of 200 articles over four issues', () => {
  const generated = generatedImport(200, { issues: 4 });

  it('imports whole: each issue, article, author and PDF, one activity entry, and the public archive refreshed', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/archives/' });
    expect(before.json()).toEqual([]);
    const plan = await planOf(generated);
    const engine = service();
    const report = await engine.dryRun(plan);
    expect(report.problems).toEqual([]);
    expect(report.conflicts).toEqual([]);
    expect(report.create.issues).toEqual([1, 2, 3, 4].map((issue) => `2024 vol. 7 issue ${issue}`));
    expect(report.create.articles).toHaveLength(200);
    expect(await issuesOfYear(2024)).toEqual([]);

    const progress: ImportProgress[] = [];
    const { written } = await engine.apply(plan, TEST_ACTOR, (step) => progress.push(step));
    expect(written).toEqual({ issues: 4, articles: 200, editors: 0, indexing: 0, settings: 0 });
    expect(progress.at(-1)).toEqual({ done: 200, total: 200, current: expect.stringMatching(/^row \d+$/) });

    const issues = await issuesOfYear(2024);
    expect(issues.map((i) => [i.issue, i.frequency, i.state, i.publication_date])).toEqual([
      [1, 'jan-feb-mar', 'published', '2024-02-15'],
      // A draft without a date keeps none; a published one takes the plan's.
      [2, 'apr-may-jun', 'draft', ''],
      [3, 'jul-aug-sep', 'published', '2024-06-15'],
      [4, 'oct-nov-dec', 'published', '2024-08-15'],
    ]);
    const first = await articleByRef('880000');
    expect(first).toMatchObject({
      title: 'Field trial 880000 of <i>Oryza sativa</i>',
      authorname: 'Asha Rao, Maria van der Berg, Wei Li',
      email: 'office0@uni.example',
      doi: '10.55555/test.880000',
      pagenumber: '1-9',
      first_page: 1,
      txnid: 'TXN-880000',
      ptype: 'paid',
      publishdate: '2024-02-10',
      status: 'enabled',
      licence_name: 'CC BY 4.0',
      issue_published: 1,
      file: '880000.pdf',
      createdby: TEST_ACTOR.username,
    });
    expect(storedFile(2024, 7, 1, '880000')).toEqual(generated.pdfs.get('880000.pdf'));
    const authors = await t.journal.db
      .selectFrom('article_authors')
      .select(['given_name', 'family_name', 'affiliation', 'orcid', 'email', 'corresponding'])
      .where('article_id', '=', first.id)
      .orderBy('position')
      .execute();
    expect(authors).toEqual([
      {
        given_name: 'Asha',
        family_name: 'Rao',
        affiliation: 'University of Pune',
        orcid: '0000-0002-1825-0097',
        email: 'asha0@uni.example',
        corresponding: 1,
      },
      { given_name: 'Maria', family_name: 'van der Berg', affiliation: '', orcid: '', email: '', corresponding: 0 },
      { given_name: 'Wei', family_name: 'Li', affiliation: 'Fudan University', orcid: '', email: '', corresponding: 0 },
    ]);
    // In a draft issue, and without an email of its own: its corresponding author's.
    expect(await articleByRef('880001')).toMatchObject({
      issue_published: 0,
      email: 'ravi1@uni.example',
      ptype: 'free',
    });
    expect(await articleByRef('880005')).toMatchObject({ status: 'disabled' });

    const entries = await importEntries();
    expect(entries.map((entry) => [entry.username, entry.object_type, entry.summary])).toEqual([
      [
        TEST_ACTOR.username,
        'import',
        'Imported from articles.xlsx: 4 issues, 200 articles, 0 editors, 0 indexing entries, 0 settings',
      ],
    ]);
    const after = await t.app.inject({ method: 'GET', url: '/api/archives/' });
    expect(JSON.stringify(after.json())).toContain('2024');
    await expectRowsAndFilesAgree();
  }, 240_000);

  it('skips everything when run again, with no conflict and no new activity entry', async () => {
    const plan = await planOf(generated);
    const report = await service().dryRun(plan);
    expect(report.create).toEqual({ issues: [], articles: [], editors: [], indexing: [], settings: [] });
    expect(report.skipped).toHaveLength(204);
    expect(report.conflicts).toEqual([]);
    expect(report.problems).toEqual([]);
    const { written } = await service().apply(plan, TEST_ACTOR);
    expect(written).toEqual({ issues: 0, articles: 0, editors: 0, indexing: 0, settings: 0 });
    expect(await importEntries()).toHaveLength(1);
  }, 120_000);

  it('reports a changed row as a conflict by record and field, and leaves what is here as it is', async () => {
    const rows = generated.rows.map((row) => (row.refnumber === '880004' ? { ...row, title: 'A new title' } : row));
    const pdfs = new Map(generated.pdfs).set('880009.pdf', testPdf('another PDF'));
    const plan = await planOf({ rows, pdfs }, 'csv');
    const report = await service().dryRun(plan);
    expect(report.problems).toEqual([]);
    expect(report.conflicts).toEqual([
      {
        record: 'row 6',
        field: 'title',
        stored: '"Field trial 880004 of <i>Oryza sativa</i>"',
        imported: '"A new title"',
      },
      {
        record: 'row 11',
        field: 'pdf',
        stored: expect.stringMatching(/^"a file of \d+ bytes"$/),
        imported: expect.stringMatching(/^"a file of \d+ bytes"$/),
      },
    ]);
    expect(report.skipped).toHaveLength(202);
    await service().apply(plan, TEST_ACTOR);
    expect((await articleByRef('880004')).title).toBe('Field trial 880004 of <i>Oryza sativa</i>');
    expect(storedFile(2024, 7, 2, '880009')).toEqual(generated.pdfs.get('880009.pdf'));
  }, 120_000);
});

describe('an issue that is here already', () => {
  it('gets the articles it lacks, and nothing else', async () => {
    const generated = generatedImport(6, { issues: 1, year: 2023, refBase: 770_000 });
    await service().apply(await planOf({ rows: generated.rows.slice(0, 3), pdfs: generated.pdfs }), TEST_ACTOR);
    const plan = await planOf(generated);
    const report = await service().dryRun(plan);
    expect(report.create.issues).toEqual([]);
    expect(report.create.articles).toEqual(['row 5', 'row 6', 'row 7']);
    expect(report.skipped).toEqual(['row 2', 'row 3', 'row 4', 'row 2 (issue 2023/7/1)']);
    const { written } = await service().apply(plan, TEST_ACTOR);
    expect(written).toMatchObject({ issues: 0, articles: 3 });
    const count = await t.journal.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('year', '=', 2023)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(6);
    await expectRowsAndFilesAgree();
  }, 120_000);
});

describe('a spreadsheet with five bad rows', () => {
  it('gets a dry run naming each row and field, and an import that writes nothing', async () => {
    const generated = generatedImport(20, { issues: 2, year: 2026, refBase: 660_000 });
    const bad: Record<string, Partial<(typeof generated.rows)[number]>> = {
      '660003': { pagenumber: '1 to 6' },
      '660006': { author_orcids: '0000-0002-1825-0098' },
      '660009': { publishdate: '2026-13-45' },
      '660012': { txnid: 'TXN-660002' },
      '660015': { doi: 'doi:abc' },
    };
    const rows = generated.rows.map((row) => ({ ...row, ...bad[row.refnumber!] }));
    const plan = await planOf({ rows, pdfs: generated.pdfs });
    const entriesBefore = await importEntries();
    const report = await service().dryRun(plan);
    // In the order of the rows, each field in words, an author by place and name, the value refused shown.
    expect(report.problems.map(problemLine)).toEqual([
      'row 5, pages: Page number format must be like 1-6. (given: "1 to 6")',
      'row 8, author 1 (Asha Rao), ORCID iD: ORCID iD must be like 0000-0002-1825-0097, with a correct check digit ' +
        '(given: "0000-0002-1825-0098")',
      'row 11, publication date: Publication date must be a real date (given: "2026-13-45")',
      'row 14, txnid: Transaction ID Already Used: row 4 has it too',
      'row 17, DOI: DOI must look like 10.1234/suffix (without https://doi.org/). (given: "doi:abc")',
    ]);
    expect(reportLines(report)[1]).toBe(
      '5 records left out, for the problems below: row 5; row 8; row 11; row 14; row 17',
    );
    const refused = await service()
      .apply(plan, TEST_ACTOR)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImportRefused);
    expect((refused as ImportRefused).message).toBe('5 problems: nothing was imported');
    expect((refused as ImportRefused).report?.problems).toHaveLength(5);
    expect(await issuesOfYear(2026)).toEqual([]);
    expect(await t.journal.files.list('archives/2026')).toEqual([]);
    expect(await importEntries()).toEqual(entriesBefore);
  }, 120_000);
});

const plannedArticle = (refnumber: string, overrides: Partial<ImportedArticle> = {}): ImportedArticle => ({
  record: `article ${refnumber}`,
  refnumber,
  title: `Planned ${refnumber}`,
  authors: [
    {
      given_name: 'Asha',
      family_name: 'Rao',
      affiliation: '',
      country: '',
      orcid: '',
      email: 'asha@uni.example',
      corresponding: true,
    },
  ],
  abstract: '<p>A</p>',
  keywords: '',
  doi: '',
  subject: '',
  country: '',
  email: '',
  mobile: '',
  pagenumber: '1-2',
  txnid: `P-${refnumber}`,
  ptype: 'free',
  publishdate: '2022-05-01',
  status: 'enabled',
  licence_name: '',
  licence_url: '',
  pdf: null,
  ...overrides,
});

const plannedIssue = (issue: number, articles: ImportedArticle[]): ImportedIssue => ({
  record: `issue ${issue}`,
  year: 2022,
  volume: 1,
  issue,
  frequency: 'may',
  state: 'published',
  publication_date: '',
  articles,
});

describe('values taken here, by a deleted article or by another journal', () => {
  const issue = { year: 2022, volume: 9, issue: 1 };
  const add = async (host: string, n: number, fields: Record<string, string>): Promise<number> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/archives/',
      headers: { ...(await t.authHeader()), host },
      payload: multipartForm({ ...articleFields(n), ...issueFields(issue), ...fields }, testPdf(`taken ${n}`)),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  };

  it('are problems of the dry run, and so are pages an article of the issue uses', async () => {
    await t.journal.services.issues.create({ ...issue, frequency: 'jan' }, TEST_ACTOR);
    await add('localhost', 1, { refnumber: '550001', txnid: 'TXN-TAKEN', pagenumber: '1-5' });
    const gone = await add('localhost', 2, {
      refnumber: '550002',
      txnid: 'TXN-GONE',
      pagenumber: '6-9',
      doi: '10.5555/gone',
    });
    await t.journal.services.articles.delete(gone, TEST_ACTOR);
    const other = await t.ctx.journalList.create({ name: 'Other journal', hosts: ['other.example'] });
    await t.ctx.journals.site(other).services.issues.create({ ...issue, frequency: 'jan' }, TEST_ACTOR);
    await add('other.example', 3, { doi: '10.5555/elsewhere' });

    const plan: ImportPlan = {
      ...emptyPlan('plan'),
      issues: [
        plannedIssue(1, [
          plannedArticle('550010', { txnid: 'TXN-TAKEN' }),
          plannedArticle('550002', { pagenumber: '3-4' }),
          plannedArticle('550011', { doi: '10.5555/elsewhere', pagenumber: '5-6' }),
          plannedArticle('550012', { doi: '10.5555/gone', pagenumber: '7-8' }),
        ]),
      ],
    };
    const report = await service().dryRun(plan);
    expect(report.problems.map(problemLine)).toEqual([
      'article 550010, txnid: Transaction ID Already Used: article 550001 has it',
      'article 550002, refnumber: Duplicate reference number: a deleted article keeps it',
      'article 550011, doi: Duplicate DOI: another journal of this installation has it',
      'article 550012, doi: Duplicate DOI: a deleted article keeps it',
    ]);
    const crossing = await service().dryRun({
      ...plan,
      issues: [{ ...plannedIssue(1, [plannedArticle('550030', { pagenumber: '4-8' })]), volume: 9 }],
    });
    expect(crossing.problems.map(problemLine)).toEqual([
      'article 550030, pagenumber: Pages 4-8 overlap those of article 550001 (1-5).',
    ]);
  });

  it('leave an article without a PDF to be imported, with a notice', async () => {
    const report = await service().dryRun({
      ...emptyPlan('plan'),
      issues: [plannedIssue(3, [plannedArticle('550040')])],
    });
    expect(report.problems).toEqual([]);
    expect(report.notices).toEqual([
      { record: 'article 550040', message: 'no PDF: the article will show no Download link' },
    ]);
  });
});

describe('editors, indexing entries and settings', () => {
  const editor = {
    record: 'editor Asha Rao',
    name: 'Asha Rao',
    category: 'chief editor',
    post: '<p>Professor of Agronomy</p>',
    degree: 'PhD',
    content: 'University of Pune',
    email: 'asha@uni.example',
    phone: '',
    country: 'India',
    editor_website: 'https://uni.example/asha',
    status: 'enabled',
    is_pinned: true,
    picture: fileOf('asha.png', TEST_PICTURES.png),
  };
  const entry = {
    record: 'indexing DOAJ',
    title: 'DOAJ',
    link: 'https://doaj.org',
    sortnumber: 3,
    status: 'enabled',
    logo: fileOf('doaj.gif', TEST_PICTURES.gif),
  };
  const plan: ImportPlan = {
    ...emptyPlan('ojs.xml'),
    editors: [editor],
    indexing: [entry],
    settings: { issn: '1234-5678', fee_rupee: '3000', publisher_name: 'Another press' },
  };

  it("are created with their pictures; a setting is set where it is empty or still the product's default", async () => {
    await updateSettings(t.journal.db, { publisher_name: 'Our press' });
    const report = await service().dryRun(plan);
    expect(report.problems).toEqual([]);
    expect(report.create).toMatchObject({
      editors: ['editor Asha Rao'],
      indexing: ['indexing DOAJ'],
      settings: ['issn', 'fee_rupee'],
    });
    expect(report.conflicts).toEqual([
      { record: 'setting publisher_name', field: 'publisher_name', stored: '"Our press"', imported: '"Another press"' },
    ]);
    const { written } = await service().apply(plan, TEST_ACTOR);
    expect(written).toMatchObject({ editors: 1, indexing: 1, settings: 2 });
    const stored = await t.journal.db
      .selectFrom('editors')
      .selectAll()
      .where('name', '=', 'Asha Rao')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      category: 'chief editor',
      is_pinned: 1,
      picture: expect.stringMatching(/^editor-[0-9a-f]+\.png$/),
    });
    expect(fs.readFileSync(t.journal.files.resolve(`editors/${stored.picture}`))).toEqual(TEST_PICTURES.png);
    expect(await t.journal.db.selectFrom('indexing').select(['title', 'sortnumber']).execute()).toEqual([
      { title: 'DOAJ', sortnumber: 3 },
    ]);
    const settings = await t.journal.db
      .selectFrom('settings')
      .select(['issn', 'fee_rupee', 'publisher_name'])
      .executeTakeFirstOrThrow();
    expect(settings).toEqual({ issn: '1234-5678', fee_rupee: '3000', publisher_name: 'Our press' });
    await expectRowsAndFilesAgree();
  });

  it('are matched by name and title when imported again: identical ones skipped, changed ones conflicts', async () => {
    const again = await service().dryRun(plan);
    expect(again.create).toMatchObject({ editors: [], indexing: [], settings: [] });
    expect(again.skipped).toEqual(['setting issn', 'setting fee_rupee', 'editor Asha Rao', 'indexing DOAJ']);
    const changed = await service().dryRun({
      ...plan,
      settings: {},
      editors: [{ ...editor, name: 'asha rao', post: '<p>Dean</p>', picture: null }],
      indexing: [{ ...entry, logo: fileOf('doaj.png', TEST_PICTURES.png) }],
    });
    expect(changed.conflicts).toEqual([
      { record: 'editor Asha Rao', field: 'post', stored: '"<p>Professor of Agronomy</p>"', imported: '"<p>Dean</p>"' },
      {
        record: 'editor Asha Rao',
        field: 'picture',
        stored: expect.stringMatching(/^"a file of \d+ bytes"$/),
        imported: '"none"',
      },
      {
        record: 'indexing DOAJ',
        field: 'logo',
        stored: expect.stringMatching(/^"a file of \d+ bytes"$/),
        imported: expect.stringMatching(/^"a file of \d+ bytes"$/),
      },
    ]);
  });
});
