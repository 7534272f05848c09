import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../../storage/file-store.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { ImportService } from '../import.service.js';
import { ojs24Export, PDF_2_FIRST, PDF_2_REVIEW, PDF_2_SECOND } from './fixtures/ojs-2.4-export.js';
import { ojs31Export, PDF_701, PDF_702, PDF_703 } from './fixtures/ojs-3.1-export.js';
import { readOjsNativeXml } from './read-ojs-native-xml.js';

// Issue 53: exports of OJS before 3.2 (metadata in <article>) and of OJS 2.4 (native.dtd) read and written by the
// import engine: every article and PDF arrives, every mapped field is read back from the database, what has no place
// here is reported, and a second import writes nothing.

let t: TestApp;
let folder: string;
const ACTOR = { userId: 1, username: 'admin' };
const schema = (name: string) => fileURLToPath(new URL(`./schema/${name}`, import.meta.url));

beforeAll(async () => {
  t = await createTestApp();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ojs-older-'));
});
afterAll(async () => {
  fs.rmSync(folder, { recursive: true, force: true });
  await t.close();
});

function exportFile(name: string, xml: string): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, xml);
  return file;
}

const service = () => new ImportService(t.journal.db, t.journal.files, t.journal.clock);

async function articlesOf(year: number) {
  const articles = await t.journal.db
    .selectFrom('articles')
    .select(['id', 'refnumber', 'txnid', 'title', 'abstract', 'keywords', 'doi', 'subject', 'pagenumber'])
    .select(['publishdate', 'status', 'licence_name', 'licence_url', 'email', 'country', 'authorname'])
    .select(['file', 'year', 'volume', 'issue'])
    .where('year', '=', year)
    .orderBy('pagenumber')
    .execute();
  const withAuthors = [];
  for (const { id, file, year: y, volume, issue, ...article } of articles) {
    const authors = await t.journal.db
      .selectFrom('article_authors')
      .select(['given_name', 'family_name', 'affiliation', 'country', 'orcid', 'email', 'corresponding'])
      .where('article_id', '=', id)
      .orderBy('position')
      .execute();
    const pdf = fs.readFileSync(t.journal.files.resolve(`${FileStore.articleDir(y, volume, issue)}/${file}`));
    withAuthors.push({ ...article, authors, pdf });
  }
  return withAuthors;
}

const issueOf = (year: number) =>
  t.journal.db
    .selectFrom('issues')
    .select(['year', 'volume', 'issue', 'state', 'publication_date'])
    .where('year', '=', year)
    .execute();

/** Imports the file, then imports it again and expects nothing written the second time. */
async function importTwice(file: string) {
  const first = await service().apply(await readOjsNativeXml(file), ACTOR);
  const again = await service().dryRun(await readOjsNativeXml(file));
  const { written } = await service().apply(await readOjsNativeXml(file), ACTOR);
  return { first, again, written };
}

const author = (given: string, family: string, affiliation: string, country: string, email: string, orcid = '') => ({
  given_name: given,
  family_name: family,
  affiliation,
  country,
  orcid,
  email,
  corresponding: 0,
});

describe('an OJS 3.1 export (no <publication>, submission files with revisions)', () => {
  let file: string;
  beforeAll(() => {
    file = exportFile('ojs-3.1.xml', ojs31Export());
  });

  it('is valid by the OJS 3.1 schema', () => {
    const xsd = schema('ojs-3.1/native.xsd');
    expect(() =>
      execFileSync('xmllint', ['--noout', '--nonet', '--schema', xsd, file], { stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('imports every article, field and PDF, reports what it leaves out, and writes nothing when imported again', async () => {
    const { first, again, written } = await importTwice(file);
    expect(first.report.problems).toEqual([]);
    expect(first.written).toMatchObject({ issues: 1, articles: 3 });
    expect(first.report.notices.map(({ message }) => message)).toEqual(
      expect.arrayContaining([
        "Not imported, having no field here: title 'Monsoon', description.",
        'Its translations (fr_CA) are not imported: only its title, abstract and keywords in en_US are.',
        'Not imported, having no field here: disciplines, copyright holder, copyright year, author biographies.',
        "The HTML galley 'HTML' is not imported: only PDF galleys are.",
        "Submission files that are no galley are not imported: 'rainfall-data.pdf' (proof).",
      ]),
    );
    expect(await issueOf(2019)).toEqual([
      { year: 2019, volume: 7, issue: 2, state: 'published', publication_date: '2019-06-30' },
    ]);
    const [a701, a702, a703] = await articlesOf(2019);
    expect(a701).toEqual({
      refnumber: '701',
      txnid: 'ojs-701',
      title: 'The Rice yields under <i>drought</i>: Ten seasons in Kerala',
      abstract: '<p>Yields fell by a third &amp; recovered.</p>',
      keywords: 'rice, drought',
      doi: '10.5555/ajs.v7i2.701',
      subject: 'Research Articles',
      pagenumber: '1-14',
      publishdate: '2019-06-20',
      status: 'enabled',
      licence_name: 'CC BY 4.0',
      licence_url: 'https://creativecommons.org/licenses/by/4.0/',
      email: 'ravi@iisc.example',
      country: 'India',
      authorname: 'Lakshmi Devi Nair, Ravi Iyer',
      authors: [
        author(
          'Lakshmi Devi',
          'Nair',
          'Kerala Agricultural University',
          'India',
          'lakshmi@kau.example',
          '0000-0002-1825-0097',
        ),
        { ...author('Ravi', 'Iyer', 'Indian Institute of Science', 'India', 'ravi@iisc.example'), corresponding: 1 },
      ],
      // The galley shows the file's second revision.
      pdf: PDF_701,
    });
    expect(a702).toMatchObject({
      refnumber: '7020',
      txnid: 'ojs-702',
      subject: 'Reviews',
      pagenumber: '15-20',
      licence_name: 'CC BY-NC 4.0',
      authors: [
        { ...author('', 'Rice Research Consortium', '', 'Philippines', 'office@rrc.example'), corresponding: 1 },
      ],
      pdf: PDF_702,
    });
    expect(a703).toMatchObject({ refnumber: '703', pagenumber: '21-21', email: 'ana@usp.example', pdf: PDF_703 });
    expect(a703!.authors.map((row) => [row.family_name, row.orcid, row.corresponding])).toEqual([
      ['Chen', '0000-0002-1694-233X', 0],
      ['Ortega', '', 0],
      ['Lima', '', 1],
    ]);

    expect(again.create).toEqual({ issues: [], articles: [], editors: [], indexing: [], settings: [] });
    expect(again.skipped).toHaveLength(4);
    expect(written).toEqual({ issues: 0, articles: 0, editors: 0, indexing: 0, settings: 0 });
  });

  it('reads the author names OJS 3.0 wrote (<firstname>, <middlename>, <lastname>)', async () => {
    const plan = await readOjsNativeXml(exportFile('ojs-3.0.xml', ojs31Export({ firstNames: true })));
    const authors = plan.issues[0]!.articles[0]!.authors.map((row) => [row.given_name, row.family_name]);
    expect(authors).toEqual([
      ['Lakshmi Devi', 'Nair'],
      ['Ravi', 'Iyer'],
    ]);
  });
});

describe('an OJS 2.4 export (native.dtd, with its DOCTYPE)', () => {
  let file: string;
  beforeAll(() => {
    file = exportFile('ojs-2.4.xml', ojs24Export());
  });

  it('is valid by the OJS 2.4 DTD', () => {
    const dtd = schema('ojs-2.4/native.dtd');
    const output = execFileSync('xmllint', ['--noout', '--nonet', '--dtdvalid', dtd, file], { stdio: 'pipe' });
    expect(output.toString()).toBe('');
  });

  it('imports every article, field and PDF, reports what it leaves out, and writes nothing when imported again', async () => {
    const { first, again, written } = await importTwice(file);
    expect(first.report.problems).toEqual([]);
    expect(first.written).toMatchObject({ issues: 1, articles: 3 });
    const first2010 = "issue 2010 vol 3 no 1, article 'Soil carbon in teak plantations'";
    expect(first.report.notices).toEqual(
      expect.arrayContaining([
        {
          record: 'issue 2010 vol 3 no 1',
          message: "Not imported, having no field here: title 'Forest soils', description.",
        },
        {
          record: first2010,
          message:
            'Not imported, having no field here: disciplines, geographical coverage, supporting agencies, ' +
            'author biographies, copyright holder, copyright year.',
        },
        {
          record: first2010,
          message: 'Its translations (fr_CA) are not imported: only its title, abstract and keywords in en_US are.',
        },
        { record: first2010, message: "Its supplementary files are not imported: 'Soil samples'." },
        { record: first2010, message: "Its HTML galleys are not imported: 'HTML'." },
        {
          record: first2010,
          message:
            'Its reference number 2010030101 is made from its issue and its place in it: OJS 2.4 exports no article number.',
        },
      ]),
    );
    expect(await issueOf(2010)).toEqual([
      { year: 2010, volume: 3, issue: 1, state: 'published', publication_date: '2010-03-31' },
    ]);
    const [one, two, review] = await articlesOf(2010);
    expect(one).toEqual({
      refnumber: '2010030101',
      txnid: 'ojs2-2010030101',
      title: 'Soil carbon in <i>teak</i> plantations',
      abstract: '<p>Carbon rose with plantation age.</p>',
      keywords: 'soil carbon; teak',
      doi: '10.5555/sj.v3i1.1',
      subject: 'Articles',
      pagenumber: '1-10',
      publishdate: '2010-03-15',
      status: 'enabled',
      licence_name: 'CC BY 3.0',
      licence_url: 'http://creativecommons.org/licenses/by/3.0/',
      email: 'arjun@ku.example',
      country: 'India',
      authorname: 'Kavita S. Menon, Arjun Pillai',
      authors: [
        author('Kavita S.', 'Menon', 'Kerala Forest Research Institute', 'India', 'kavita@kfri.example'),
        { ...author('Arjun', 'Pillai', 'University of Kerala', 'India', 'arjun@ku.example'), corresponding: 1 },
      ],
      pdf: PDF_2_FIRST,
    });
    expect(two).toMatchObject({ refnumber: '3412', txnid: 'ojs2-3412', pagenumber: '11-18', pdf: PDF_2_SECOND });
    expect(review).toMatchObject({
      refnumber: '2010030103',
      subject: 'Book Reviews',
      pagenumber: '19-19',
      publishdate: '2010-03-17',
      email: 'priya@example.org',
      pdf: PDF_2_REVIEW,
    });

    expect(again.create).toEqual({ issues: [], articles: [], editors: [], indexing: [], settings: [] });
    expect(again.skipped).toHaveLength(4);
    expect(written).toEqual({ issues: 0, articles: 0, editors: 0, indexing: 0, settings: 0 });
  });

  it('is refused when its DOCTYPE is any other, or declares entities', async () => {
    const other = ojs24Export().replace(
      '/2.4/native.dtd"',
      '/2.4/native.dtd" [<!ENTITY e SYSTEM "file:///etc/passwd">]',
    );
    await expect(readOjsNativeXml(exportFile('subset.xml', other))).rejects.toThrow(/declares a DOCTYPE/);
    const system = ojs24Export().replace(/<!DOCTYPE[^>]*>/, '<!DOCTYPE issues SYSTEM "http://example.org/native.dtd">');
    await expect(readOjsNativeXml(exportFile('system.xml', system))).rejects.toThrow(/declares a DOCTYPE/);
  });

  it('is refused, saying what it is, when it is an export of articles', async () => {
    const articles = `<?xml version="1.0"?>
<!DOCTYPE articles PUBLIC "-//PKP//OJS Articles and Issues XML//EN" "http://pkp.sfu.ca/ojs/dtds/2.4/native.dtd">
<articles><article><title>One</title></article></articles>`;
    await expect(readOjsNativeXml(exportFile('articles.xml', articles))).rejects.toThrow(
      /it is an OJS 2\.4 export of articles, which names no issue/,
    );
  });
});
