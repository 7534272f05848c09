import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '../../app-context.js';
import { articleFields, issueFields, multipartForm, testPdf } from '../../test/article-form.js';
import { createTestApp, TEST_ACTOR, type TestApp } from '../../test/test-app.js';
import { FileStore } from '../../storage/file-store.js';
import { listAuthorsOf } from '../articles/article-authors.repository.js';
import { ImportRefused } from './import-report.js';
import { generatedImport, writeImportFiles } from './import-test-fixtures.js';
import { ImportService } from './import.service.js';
import { readTable } from './spreadsheet-file.js';
import { exportSpreadsheet } from './spreadsheet-export.js';
import { openSpreadsheetSource } from './spreadsheet-plan.js';

/** Export to the spreadsheet and ZIP, then import into an empty journal: every field and file comes back. */
let source: TestApp;
let dir: string;

beforeAll(async () => {
  source = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-export-'));
  const site = source.journal;
  const service = new ImportService(site.db, site.files, site.clock);
  const generated = await writeImportFiles(dir, generatedImport(18, { issues: 3, year: 2021, refBase: 440_000 }));
  const opened = await openSpreadsheetSource(generated.spreadsheet, generated.pdfs);
  await service.apply(opened.plan, TEST_ACTOR);
  await opened.close();
  // An article without a PDF, one whose affiliation holds ";", one saved by the form with its author line only, and
  // an issue without articles.
  const withoutPdf = generatedImport(1, { issues: 1, year: 2021, volume: 8, refBase: 440_100 }).rows[0]!;
  await service.apply(await planOfRow(withoutPdf), TEST_ACTOR);
  await site.services.issues.create({ year: 2021, volume: 8, issue: 2, frequency: 'feb' }, TEST_ACTOR);
  const auth = await source.authHeader();
  const form = (n: number, fields: Record<string, string>) =>
    source.app.inject({
      method: 'POST',
      url: '/api/admin/archives/',
      headers: auth,
      payload: multipartForm(
        { ...articleFields(n), ...issueFields({ year: 2021, volume: 8, issue: 2 }), ...fields },
        testPdf(`form ${n}`),
      ),
    });
  const authors = [
    {
      given_name: 'Asha',
      family_name: 'Rao',
      affiliation: 'Dept. of Soil; University of Pune',
      country: 'India',
      orcid: '',
      email: 'a@uni.example',
      corresponding: true,
    },
    {
      given_name: '',
      family_name: 'World Health Organization',
      affiliation: '',
      country: '',
      orcid: '',
      email: '',
      corresponding: false,
    },
  ];
  expect((await form(1, { refnumber: '440201', authors: JSON.stringify(authors), pagenumber: '1-4' })).statusCode).toBe(
    201,
  );
  expect(
    (
      await form(2, {
        refnumber: '440202',
        authorname: 'María José van der Berg, Li Wei',
        pagenumber: '5-8',
        doi: '10.5555/form.2',
      })
    ).statusCode,
  ).toBe(201);
  await site.services.issues.create({ year: 2021, volume: 9, issue: 1, frequency: 'jan', state: 'draft' }, TEST_ACTOR);
}, 240_000);

afterAll(async () => {
  await source.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function planOfRow(row: ReturnType<typeof generatedImport>['rows'][number]) {
  const folder = fs.mkdtempSync(path.join(dir, 'row-'));
  const files = await writeImportFiles(folder, { rows: [{ ...row, pdf: 'none' }], pdfs: new Map() }, 'csv');
  return (await openSpreadsheetSource(files.spreadsheet, null)).plan;
}

const ARTICLE_COLUMNS = [
  'refnumber',
  'title',
  'title_key',
  'authorname',
  'abstract',
  'abstract_text',
  'keywords',
  'doi',
  'description',
  'subject',
  'country',
  'email',
  'mobile',
  'pagenumber',
  'first_page',
  'year',
  'volume',
  'issue',
  'frequency',
  'txnid',
  'ptype',
  'publishdate',
  'file',
  'status',
  'issue_published',
  'issue_ever_published',
  'licence_name',
  'licence_url',
] as const;

/** Everything of a journal's archive the format carries, without ids and times: issues, articles, authors, PDFs. */
async function archiveOf(site: Site) {
  const issues = await site.db
    .selectFrom('issues')
    .select(['year', 'volume', 'issue', 'frequency', 'state', 'publication_date'])
    .orderBy('year')
    .orderBy('volume')
    .orderBy('issue')
    .execute();
  const rows = await site.db
    .selectFrom('articles')
    .select(['id', ...ARTICLE_COLUMNS])
    .orderBy('refnumber')
    .execute();
  const authors = await listAuthorsOf(
    site.db,
    rows.map((row) => row.id),
  );
  const articles = rows.map(({ id, ...row }) => {
    const pdf = row.file
      ? site.files.resolve(`${FileStore.articleDir(row.year, row.volume, row.issue)}/${row.file}`)
      : null;
    const sha = pdf ? crypto.createHash('sha256').update(fs.readFileSync(pdf)).digest('hex') : null;
    return { ...row, authors: authors.get(id), pdf: sha };
  });
  return { issues, articles };
}

describe('a journal exported and imported into an empty one', () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it(`comes back whole through ${format.toUpperCase()}: every issue, article field, author and PDF`, async () => {
      const files = { spreadsheet: path.join(dir, `journal.${format}`), pdfs: path.join(dir, `journal-${format}.zip`) };
      const summary = await exportSpreadsheet(source.journal.db, source.journal.files, files);
      expect(summary).toEqual({ issues: 6, articles: 21, pdfs: 20, warnings: [] });
      const target = await createTestApp();
      try {
        const site = target.journal;
        const opened = await openSpreadsheetSource(files.spreadsheet, files.pdfs);
        const service = new ImportService(site.db, site.files, site.clock);
        const report = await service.dryRun(opened.plan);
        expect(report.problems).toEqual([]);
        expect(report.notices).toEqual([
          { record: expect.any(String), message: 'no PDF: the article will show no Download link' },
        ]);
        await service.apply(opened.plan, TEST_ACTOR);
        await opened.close();
        const before = await archiveOf(source.journal);
        expect(before.articles.find((article) => article.refnumber === '440201')?.authors?.[0]?.affiliation).toBe(
          'Dept. of Soil; University of Pune',
        );
        expect(await archiveOf(site)).toEqual(before);
      } finally {
        await target.close();
      }
    }, 240_000);
  }

  it('exports one issue on its own, and refuses an issue the journal does not have', async () => {
    const files = { spreadsheet: path.join(dir, 'issue.csv'), pdfs: path.join(dir, 'issue.zip') };
    const summary = await exportSpreadsheet(source.journal.db, source.journal.files, files, {
      year: 2021,
      volume: 8,
      issue: 2,
    });
    expect(summary).toEqual({ issues: 1, articles: 2, pdfs: 2, warnings: [] });
    expect((await readTable(files.spreadsheet)).rows.map((row) => row.values[6])).toEqual(['440201', '440202']);
    await expect(
      exportSpreadsheet(source.journal.db, source.journal.files, files, { year: 1999, volume: 1, issue: 1 }),
    ).rejects.toThrow(new ImportRefused('The journal has no issue 1999 vol. 1 issue 1'));
  });

  it('says what the format cannot carry: a schedule, a PDF missing from the store', async () => {
    const site = source.journal;
    // A draft issue with an article (an empty one cannot be scheduled), then scheduled.
    const draftRow = generatedImport(2, { issues: 2, year: 2021, volume: 9, refBase: 440_300 }).rows[1]!;
    await new ImportService(site.db, site.files, site.clock).apply(await planOfRow(draftRow), TEST_ACTOR);
    const { id } = await site.db
      .selectFrom('issues')
      .select('id')
      .where('year', '=', 2021)
      .where('volume', '=', 9)
      .where('issue', '=', 2)
      .executeTakeFirstOrThrow();
    await site.services.issues.schedule(id, '2099-01-01T00:00:00Z', TEST_ACTOR);
    fs.rmSync(site.files.resolve(FileStore.articlePath(2021, 7, 1, '440000')));
    const files = { spreadsheet: path.join(dir, 'warned.csv'), pdfs: path.join(dir, 'warned.zip') };
    const summary = await exportSpreadsheet(site.db, site.files, files);
    expect(summary.warnings).toEqual([
      '440000: its PDF archives/2021/vol7issue1/440000.pdf is missing from the store; exported without one',
      '2021 vol. 9 issue 2: scheduled for 2099-01-01T00:00:00.000Z, exported as a draft (schedule it again)',
    ]);
  });
});
