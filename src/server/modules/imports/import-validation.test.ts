import { describe, expect, it } from 'vitest';
import { emptyPlan, type ImportedArticle, type ImportedEditor, type ImportPlan } from './import-plan.js';
import { problemLine, reportLines } from './import-report.js';
import { Survey } from './import-survey.js';
import { checkArticle, checkEditor, checkIndexingEntry, checkIssue, checkSettings } from './import-validation.js';

const article = (overrides: Partial<ImportedArticle> = {}): ImportedArticle => ({
  record: 'row 7',
  refnumber: ' 2024001 ',
  title: '  Rice <i>in situ</i> <script>x</script> ',
  authors: [
    {
      given_name: 'Asha',
      family_name: 'Rao',
      affiliation: '<b>Pune</b>',
      country: '',
      orcid: 'https://orcid.org/0000-0002-1825-0097',
      email: '',
      corresponding: false,
    },
    {
      given_name: 'Maria',
      family_name: 'van der Berg',
      affiliation: '',
      country: '',
      orcid: '',
      email: 'm@uu.example',
      corresponding: true,
    },
  ],
  abstract: '<p>Plots.</p>',
  keywords: 'rice',
  doi: 'https://doi.org/10.1234/abc',
  subject: '',
  country: '',
  email: '',
  mobile: '',
  pagenumber: ' 1-6 ',
  txnid: 'TXN-1',
  ptype: 'paid',
  publishdate: '2024-03-10',
  status: 'disabled',
  licence_name: 'CC BY 4.0',
  licence_url: 'creativecommons.org/licenses/by/4.0/',
  pdf: null,
  ...overrides,
});

describe("an imported article, by the article form's rules", () => {
  it('is stored as the article service stores what the form sends', () => {
    expect(checkArticle(article())).toEqual({
      problems: [],
      value: {
        refnumber: '2024001',
        title: 'Rice <i>in situ</i>',
        authorname: 'Asha Rao, Maria van der Berg',
        authors: [
          expect.objectContaining({ affiliation: 'Pune', orcid: '0000-0002-1825-0097', corresponding: false }),
          expect.objectContaining({ family_name: 'van der Berg', corresponding: true }),
        ],
        abstract: '<p>Plots.</p>',
        keywords: 'rice',
        doi: '10.1234/abc',
        subject: '',
        country: '',
        // None of its own: the corresponding author's.
        email: 'm@uu.example',
        mobile: '',
        pagenumber: '1-6',
        txnid: 'TXN-1',
        ptype: 'paid',
        publishdate: '2024-03-10',
        status: 'disabled',
        licence_name: 'CC BY 4.0',
        licence_url: 'https://creativecommons.org/licenses/by/4.0/',
      },
    });
  });

  it("is refused with the form's messages, authors numbered from 1", () => {
    const authors = article().authors.map((author, i) =>
      i === 1 ? { ...author, orcid: '0000-0002-1825-0098' } : author,
    );
    const checked = checkArticle(article({ pagenumber: '1–6', authors, title: '<script>x</script>', doi: 'doi' }));
    expect(checked.problems).toEqual([
      {
        record: 'row 7',
        field: 'authors.2.orcid',
        message: 'ORCID iD must be like 0000-0002-1825-0097, with a correct check digit',
        label: 'author 2 (Maria van der Berg), ORCID iD',
        value: '0000-0002-1825-0098',
      },
      {
        record: 'row 7',
        field: 'doi',
        message: 'DOI must look like 10.1234/suffix (without https://doi.org/).',
        label: 'DOI',
        value: 'doi',
      },
      {
        record: 'row 7',
        field: 'pagenumber',
        message: 'Page number format must be like 1-6.',
        label: 'pages',
        value: '1–6',
      },
    ]);
    expect(checkArticle(article({ title: '<script>x</script>' })).problems).toEqual([
      { record: 'row 7', field: 'title', message: 'Title is required' },
    ]);
    expect(checkArticle(article({ authors: [], email: '' })).problems).toEqual([
      { record: 'row 7', field: 'authors', message: 'At least one author is required' },
      { record: 'row 7', field: 'email', message: 'Email is required' },
    ]);
  });
});

describe('imported issues, editors, indexing entries and settings', () => {
  it("are checked by their forms' schemas", () => {
    const issue = {
      record: 'row 2',
      year: 2024,
      volume: 3,
      issue: 1,
      frequency: 'jan',
      state: 'draft' as const,
      articles: [],
    };
    expect(checkIssue({ ...issue, publication_date: '' }).value).toEqual({
      year: 2024,
      volume: 3,
      issue: 1,
      frequency: 'jan',
      state: 'draft',
      publication_date: '',
    });
    expect(checkIssue({ ...issue, frequency: 'spring', publication_date: '2024-02-30x' }).problems).toEqual([
      {
        record: 'row 2',
        field: 'frequency',
        label: 'months covered',
        message: 'Frequency is required',
        value: 'spring',
      },
      {
        record: 'row 2',
        field: 'publication_date',
        message: 'Publication date must be a date (YYYY-MM-DD)',
        label: 'publication date',
        value: '2024-02-30x',
      },
    ]);
    const editor: ImportedEditor = {
      record: 'editor 1',
      name: '<b>Dr. A</b>',
      category: 'chief editor',
      post: '<p>Professor</p>',
      degree: '',
      content: ' ',
      email: '',
      phone: '',
      country: '',
      editor_website: 'uni.example/a',
      status: 'enabled',
      is_pinned: true,
      picture: null,
    };
    expect(checkEditor(editor).problems).toEqual([
      { record: 'editor 1', field: 'content', message: 'Affiliation is required' },
    ]);
    expect(checkEditor({ ...editor, content: 'Pune' }).value).toEqual(
      expect.objectContaining({ name: 'Dr. A', editor_website: 'https://uni.example/a', is_pinned: 1 }),
    );
    const entry = {
      record: 'indexing 1',
      title: 'DOAJ',
      link: 'javascript:x',
      sortnumber: 1.5,
      status: 'enabled',
      logo: null,
    };
    expect(checkIndexingEntry(entry).problems).toEqual([
      { record: 'indexing 1', field: 'link', message: 'Link must be a web address', value: 'javascript:x' },
      { record: 'indexing 1', field: 'sortnumber', message: 'Order must be a whole number', value: '1.5' },
    ]);
    expect(checkSettings({ issn: ' 1234-5678 ', show_usage: 1, journal_name: 'X', fee_rupee: 'ten' })).toEqual({
      value: null,
      problems: [
        { record: 'settings', field: 'journal_name', message: 'is not a setting of this website' },
        { record: 'settings', field: 'fee_rupee', message: 'must be a number, like 2000 or 49.50' },
      ],
    });
    expect(checkSettings({ issn: ' 1234-5678 ', show_editor_contacts: 1 }).value).toEqual({
      issn: '1234-5678',
      show_editor_contacts: 1,
    });
  });
});

describe('the problems of a dry run, as a person reads them', () => {
  const records = { issues: [], articles: [], tombstones: [], editors: [], indexing: [], settings: undefined };
  const planWith = (problems: ImportPlan['problems'], articles: ImportedArticle[]): ImportPlan => ({
    ...emptyPlan('articles.csv'),
    problems,
    issues: [
      {
        record: 'row 2',
        year: 2024,
        volume: 1,
        issue: 1,
        frequency: 'jan',
        state: 'draft',
        publication_date: '',
        articles,
      },
    ],
  });

  it('come in the order of the source, whichever check found them, with a summary of the records left out', () => {
    const readerProblem = { record: 'row 14', field: 'ptype', message: 'must be paid or free' };
    const bad = article({ record: 'row 5', pagenumber: '1 to 6', refnumber: '5', txnid: 'T5' });
    const good = article({ record: 'row 9', refnumber: '9', txnid: 'T9', title: 'Another title' });
    const report = new Survey(planWith([readerProblem], [bad, good]), records).finish();
    expect(report.problems.map(problemLine)).toEqual([
      'row 5, pages: Page number format must be like 1-6. (given: "1 to 6")',
      'row 14, ptype: must be paid or free',
    ]);
    expect(reportLines(report).slice(0, 2)).toEqual([
      'articles.csv: to create 1 issue, 1 article, 0 editors, 0 indexing entries, 0 settings; 0 already here and identical (skipped)',
      '2 records left out, for the problems below: row 5; row 14',
    ]);
  });

  it('name an author by place and name and show the value refused', () => {
    const authors = article().authors.map((author, i) =>
      i === 1 ? { ...author, orcid: '0000-0002-1825-0098' } : author,
    );
    const [problem] = checkArticle(article({ authors })).problems;
    expect(problemLine(problem!)).toBe(
      'row 7, author 2 (Maria van der Berg), ORCID iD: ORCID iD must be like 0000-0002-1825-0097, with a correct ' +
        'check digit (given: "0000-0002-1825-0098")',
    );
  });
});
