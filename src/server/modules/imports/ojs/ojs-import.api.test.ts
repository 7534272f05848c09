import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../../storage/file-store.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { ImportService } from '../import.service.js';
import { ojsExport, PDF_101, PDF_102, PDF_102_HREF, PDF_103 } from './fixtures/ojs-export.js';
import { readOjsNativeXml } from './read-ojs-native-xml.js';

// Issue 29: an OJS Native XML export (valid by PKP's schema: read-ojs-native-xml.test.ts) written into a journal by
// the import engine, every mapped field read back from the database.

let t: TestApp;
let folder: string;
const ACTOR = { userId: 1, username: 'admin' };

beforeAll(async () => {
  t = await createTestApp();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ojs-engine-'));
  fs.mkdirSync(path.join(folder, 'files'));
  fs.writeFileSync(path.join(folder, PDF_102_HREF), PDF_102);
});
afterAll(async () => {
  fs.rmSync(folder, { recursive: true, force: true });
  await t.close();
});

async function planOf(xml: string) {
  const file = path.join(folder, 'export.xml');
  fs.writeFileSync(file, xml);
  return readOjsNativeXml(file, { allowHrefs: true });
}

const service = () => new ImportService(t.journal.db, t.journal.files, t.journal.clock);

describe('an OJS export through the import engine', () => {
  it('gets a dry run naming what the forms refuse, and writes nothing', async () => {
    const report = await service().dryRun(await planOf(ojsExport({ format: '3.3' })));
    expect(report.problems.map(({ field, message }) => `${field}: ${message}`)).toEqual(
      expect.arrayContaining([expect.stringMatching(/orcid: ORCID iD must be like/)]),
    );
    expect(await t.journal.db.selectFrom('articles').select('id').execute()).toEqual([]);
  });

  it('imports its issues, articles, authors and PDFs once the export is put right', async () => {
    const corrected = ojsExport({ format: '3.3' }).replace('0000-0002-1825-0098', '0000-0002-1825-0097');
    const plan = await planOf(corrected);
    // The export's third issue has no volume: the person importing leaves it out.
    expect(plan.problems?.map((problem) => problem.field)).toEqual(['volume']);
    await service().apply({ ...plan, problems: [] }, ACTOR);

    const issues = await t.journal.db
      .selectFrom('issues')
      .select(['year', 'volume', 'issue', 'state', 'publication_date'])
      .orderBy('year')
      .execute();
    expect(issues).toEqual([
      { year: 2023, volume: 4, issue: 2, state: 'published', publication_date: '2023-06-30' },
      { year: 2024, volume: 5, issue: 1, state: 'draft', publication_date: '' },
    ]);
    const articles = await t.journal.db
      .selectFrom('articles')
      .select(['id', 'refnumber', 'txnid', 'doi', 'subject', 'pagenumber', 'publishdate', 'status'])
      .select(['keywords', 'licence_name', 'licence_url', 'email', 'country', 'file', 'year', 'volume', 'issue'])
      .orderBy('refnumber')
      .execute();
    expect(articles.map(({ id: _id, ...article }) => article)).toEqual([
      expect.objectContaining({ refnumber: '101', txnid: 'ojs-101', doi: '10.5555/jsr.2023.101', pagenumber: '1-12' }),
      expect.objectContaining({ refnumber: '103', txnid: 'ojs-103', status: 'enabled', year: 2024 }),
      expect.objectContaining({ refnumber: '4021', txnid: 'ojs-102', subject: 'Reviews', pagenumber: '13-13' }),
    ]);
    expect(articles[0]).toMatchObject({
      subject: 'Original Articles',
      publishdate: '2023-06-15',
      keywords: 'nitrogen, black soil',
      licence_name: 'CC BY 4.0',
      licence_url: 'https://creativecommons.org/licenses/by/4.0/',
      email: 'asha@uni.example',
      country: 'India',
    });
    const authors = await t.journal.db
      .selectFrom('article_authors')
      .selectAll()
      .where('article_id', '=', articles[0]!.id)
      .orderBy('position')
      .execute();
    expect(
      authors.map(({ given_name, family_name, orcid, corresponding }) => ({
        given_name,
        family_name,
        orcid,
        corresponding,
      })),
    ).toEqual([
      expect.objectContaining({ orcid: '0000-0002-1825-0097', corresponding: 1 }),
      expect.objectContaining({ orcid: '0000-0002-1694-233X', corresponding: 0 }),
      { given_name: '', family_name: 'Meera', orcid: '', corresponding: 0 },
    ]);
    expect(authors[2]).toMatchObject({ affiliation: 'Savitribai Phule Pune University', email: 'meera@uni.example' });
    const pdfOf = (article: (typeof articles)[number]) =>
      fs.readFileSync(
        t.journal.files.resolve(`${FileStore.articleDir(article.year, article.volume, article.issue)}/${article.file}`),
      );
    expect(articles.map(pdfOf)).toEqual([PDF_101, PDF_103, PDF_102]);
  });
});
