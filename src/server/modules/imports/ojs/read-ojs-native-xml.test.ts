import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedArticle, ImportPlan } from '../import-plan.js';
import { ojsExport, PDF_101, PDF_102, PDF_102_HREF, PDF_103, type OjsFormat } from './fixtures/ojs-export.js';
import { OJS_ISSUE_FREQUENCY } from './ojs-issues.js';
import { readOjsNativeXml } from './read-ojs-native-xml.js';

const schemaOf = (format: OjsFormat) => fileURLToPath(new URL(`./schema/ojs-${format}/native.xsd`, import.meta.url));

let folder: string;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ojs-import-'));
  fs.mkdirSync(path.join(folder, 'files'));
  fs.writeFileSync(path.join(folder, PDF_102_HREF), PDF_102);
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** The export written into the test folder, beside the linked PDF of article 102. */
function exportFile(name: string, xml: string): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, xml);
  return file;
}

const articleOf = (plan: ImportPlan, refnumber: string): ImportedArticle =>
  plan.issues.flatMap((issue) => issue.articles).find((article) => article.refnumber === refnumber)!;

const ISSUE_2023 = 'issue 2023 vol 4 no 2';
const ARTICLE_101 = `${ISSUE_2023}, article 'The Nitrogen in black soils: A field study'`;
const ARTICLE_102 = `${ISSUE_2023}, article 'A review of soil atlases'`;
const ARTICLE_103 = "issue 2024 vol 5 no 1, article 'Rain and erosion'";

describe.each<OjsFormat>(['3.3', 'main'])('an OJS Native XML export of issues (%s)', (format) => {
  const locale = format === '3.3' ? 'en_US' : 'en';
  let file: string;
  let plan: ImportPlan;
  beforeAll(async () => {
    file = exportFile(`export-${format}.xml`, ojsExport({ format }));
    plan = await readOjsNativeXml(file, { allowHrefs: true });
  });

  it('is valid by the schema of its OJS version', () => {
    expect(() =>
      execFileSync('xmllint', ['--noout', '--nonet', '--schema', schemaOf(format), file], { stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('reads its issues, numbered, published or not, with the whole year as frequency', () => {
    expect(plan.source).toBe(`export-${format}.xml`);
    expect(plan.issues.map(({ articles, ...issue }) => ({ ...issue, articles: articles.length }))).toEqual([
      {
        record: ISSUE_2023,
        year: 2023,
        volume: 4,
        issue: 2,
        frequency: OJS_ISSUE_FREQUENCY,
        state: 'published',
        publication_date: '2023-06-30',
        articles: 2,
      },
      {
        record: 'issue 2024 vol 5 no 1',
        year: 2024,
        volume: 5,
        issue: 1,
        frequency: OJS_ISSUE_FREQUENCY,
        state: 'draft',
        publication_date: '',
        articles: 1,
      },
    ]);
    expect(OJS_ISSUE_FREQUENCY).toBe('jan-feb-mar-apr-may-jun-jul-aug-sep-oct-nov-dec');
    expect([plan.editors, plan.indexing, plan.settings]).toEqual([[], [], {}]);
  });

  it('reads every field of an article from its current version, in its own language', () => {
    expect(articleOf(plan, '101')).toEqual({
      record: ARTICLE_101,
      refnumber: '101',
      title: 'The Nitrogen in <i>black</i> soils: A field study',
      authors: [
        {
          given_name: 'Asha',
          family_name: 'Rao',
          affiliation: 'University of Pune',
          country: 'India',
          orcid: '0000-0002-1825-0097',
          email: 'asha@uni.example',
          corresponding: true,
        },
        {
          given_name: 'Jan',
          family_name: 'van der Berg',
          affiliation: 'Wageningen University',
          country: 'Netherlands',
          orcid: '0000-0002-1694-233X',
          email: 'jan@wur.example',
          corresponding: false,
        },
        {
          given_name: '',
          family_name: 'Meera',
          affiliation: 'Savitribai Phule Pune University',
          country: 'India',
          orcid: '',
          email: 'meera@uni.example',
          corresponding: false,
        },
      ],
      abstract: '<p>We measured nitrogen &amp; carbon in 40\u00a0fields.</p>',
      keywords: 'nitrogen, black soil',
      doi: '10.5555/jsr.2023.101',
      subject: 'Original Articles',
      country: 'India',
      email: 'asha@uni.example',
      mobile: '',
      pagenumber: '1-12',
      txnid: 'ojs-101',
      ptype: 'free',
      publishdate: '2023-06-15',
      status: 'enabled',
      licence_name: 'CC BY 4.0',
      licence_url: 'https://creativecommons.org/licenses/by/4.0/',
      pdf: { name: 'jsr-101.pdf', read: expect.any(Function) },
    });
  });

  it('numbers an article by its public id when that is a number, else by its submission id', () => {
    const [article102, article103] = [articleOf(plan, '4021'), articleOf(plan, '103')];
    expect(article102).toMatchObject({ record: ARTICLE_102, txnid: 'ojs-102', subject: 'Reviews' });
    expect(article103).toMatchObject({ record: ARTICLE_103, txnid: 'ojs-103' });
  });

  it('takes the corresponding author from primary_contact_id when no author is flagged', () => {
    expect(articleOf(plan, '103')).toMatchObject({
      authors: [
        { given_name: 'Ana', family_name: 'Lima', country: 'Brazil', corresponding: false },
        { given_name: 'Pedro', family_name: 'Souza', country: 'Portugal', corresponding: true },
      ],
      email: 'pedro@ulisboa.example',
      country: 'Portugal',
    });
  });

  it('imports disabled an article whose version OJS does not show', async () => {
    const queued = ojsExport({ format }).replace('status="5" url_path=""', 'status="1" url_path=""');
    const queuedPlan = await readOjsNativeXml(exportFile(`queued-${format}.xml`, queued));
    expect([articleOf(plan, '103').status, articleOf(queuedPlan, '103').status]).toEqual(['enabled', 'disabled']);
  });

  it('keeps what the forms would refuse as written, for the dry run to name', () => {
    expect(articleOf(plan, '4021').authors[0]!.orcid).toBe('https://orcid.org/0000-0002-1825-0098');
  });

  it('reads pages, dates and licences into the forms’ shapes', () => {
    expect(articleOf(plan, '4021')).toMatchObject({
      pagenumber: '13-13',
      publishdate: '2023-06-16',
      doi: '',
      keywords: '',
      licence_name: 'https://example.org/our-licence',
      licence_url: 'https://example.org/our-licence',
    });
    expect(articleOf(plan, '103')).toMatchObject({
      pagenumber: '1-8',
      // Its issue is not published: the import's day, until it is.
      publishdate: new Date().toISOString().slice(0, 10),
      keywords: 'erosion, rain',
      licence_name: 'CC BY-NC 3.0',
      licence_url: 'http://creativecommons.org/licenses/by-nc/3.0/',
    });
  });

  it('joins the affiliations OJS 3.5 and later keep apart', () => {
    expect(articleOf(plan, '4021').authors[0]!.affiliation).toBe(
      format === '3.3'
        ? 'Nanjing Agricultural University'
        : 'Nanjing Agricultural University; Institute of Soil Science',
    );
  });

  it('reads each PDF galley, in the article’s language: embedded base64, and a path beside the export', async () => {
    const pdfs = ['101', '4021', '103'].map((refnumber) => articleOf(plan, refnumber).pdf!);
    expect(pdfs.map((pdf) => pdf.name)).toEqual(['jsr-101.pdf', 'jsr-102.pdf', 'jsr-103.pdf']);
    const bytes = await Promise.all(pdfs.map((pdf) => pdf.read()));
    expect(bytes).toEqual([PDF_101, PDF_102, PDF_103]);
  });

  it('reports all it leaves out, by record', () => {
    expect(plan.unmapped).toEqual([
      {
        record: ISSUE_2023,
        message:
          "Not imported, having no field here: title 'Soils of the Deccan', description, cover image, doi 10.5555/jsr.v4i2.",
      },
      {
        record: ISSUE_2023,
        message: "Its issue galleys are not imported (articles here have galleys, issues not): 'Full issue'.",
      },
      { record: ARTICLE_101, message: 'Its 2 other version(s) are not imported: only the current one is.' },
      {
        record: ARTICLE_101,
        message: `Its translations (fr_CA) are not imported: only its title, abstract and keywords in ${locale} are.`,
      },
      {
        record: ARTICLE_101,
        message:
          'Not imported, having no field here: references, copyright holder, copyright year, author biographies.',
      },
      {
        record: ARTICLE_101,
        message: "The PDF galley 'PDF (français)' (fr_CA) is not imported: an article here has one PDF, 'PDF'.",
      },
      { record: ARTICLE_101, message: "The HTML galley 'HTML' is not imported: only PDF galleys are." },
      {
        record: ARTICLE_101,
        message: "The files of its review rounds are not imported: 'review-round-1.docx' (review_file).",
      },
      {
        record: ARTICLE_101,
        message: "Submission files that are no galley are not imported: 'manuscript.docx' (submission).",
      },
      {
        record: ARTICLE_103,
        message:
          'Its public id JSR-3 is not a number, as reference numbers are: its OJS submission id 103 is its reference number.',
      },
    ]);
  });

  it('holds an issue without a volume out of the plan as a problem', () => {
    expect(plan.problems).toEqual([
      {
        record: 'issue 2024 no 3',
        field: 'volume',
        message: 'It has no volume: OJS exports it only when the issue shows it (its identification settings).',
      },
    ]);
  });
});
