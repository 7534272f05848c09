import { describe, expect, it } from 'vitest';
import type { ImportedArticle, ImportedEditor } from './import-plan.js';
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
      },
      { record: 'row 7', field: 'doi', message: 'DOI must look like 10.1234/suffix (without https://doi.org/).' },
      { record: 'row 7', field: 'pagenumber', message: 'Page number format must be like 1-6.' },
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
      { record: 'row 2', field: 'frequency', message: 'Frequency is required' },
      { record: 'row 2', field: 'publication_date', message: 'Publication date must be a date (YYYY-MM-DD)' },
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
      { record: 'indexing 1', field: 'link', message: 'Link must be a web address' },
      { record: 'indexing 1', field: 'sortnumber', message: 'Order must be a whole number' },
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
