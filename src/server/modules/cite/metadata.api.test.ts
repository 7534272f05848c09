import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';
import { articleFields, issueFields, multipartForm, testPdf } from '../../test/article-form.js';
import { saveSettings } from '../../test/settings-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const ISSUE = { year: 2025, volume: 3, issue: 1 };
const ARTICLE_URL = 'http://localhost:80/archives/2025/vol3/issue1/70001';
const ABSTRACT = 'Paddy soils of the Terai hold carbon that rotations change. '.repeat(12).trim();

const get = (url: string) => t.app.inject({ method: 'GET', url });
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaContents = (html: string, name: string) =>
  [...headOf(html).matchAll(new RegExp(`<meta name="${name}" content="([^"]*)">`, 'g'))].map((match) => match[1]);

beforeAll(async () => {
  t = await createTestApp();
  await saveSettings(t, {
    websitename: 'Journal of Careful Tests',
    issn: '1234-5678',
    journal_essn: '8765-4321',
    journal_language: 'English, Hindi',
    publisher_name: 'Careful Publications',
    doi_prefix: '10.5555',
    licence_name: 'CC BY 4.0',
    licence_url: 'https://creativecommons.org/licenses/by/4.0/',
  });
  await addIssue(t.journal.db, ISSUE.year, ISSUE.volume, ISSUE.issue, 'jan-feb');
  await addArticle(t.journal.db, {
    ...ISSUE,
    refnumber: '70001',
    pagenumber: '12-20',
    title: 'Carbon in <i>Oryza sativa</i> paddies',
    authorname: 'Dr. Anita K. Iyer, Jan van der Berg, Prof. Rahul Sharma',
    abstract: `<p>${ABSTRACT}</p>`,
    keywords: 'soil, rice',
    publishdate: '2025-02-14',
    doi: '10.5555/jct.2025.3.1.70001',
  });
  await addArticle(t.journal.db, { ...ISSUE, refnumber: '70002', pagenumber: '21-30', authorname: 'Meera Nair' });
  t.journal.clock.publicDataChanged();
});
afterAll(() => t.close());

describe('article page metadata', () => {
  it('carries every Highwire tag with authors without honorifics, both ISSNs, the DOI and the full abstract', async () => {
    const html = (await get('/archives/2025/vol3/issue1/70001')).body;
    expect(metaContents(html, 'citation_author')).toEqual(['Anita K. Iyer', 'Jan van der Berg', 'Rahul Sharma']);
    expect(metaContents(html, 'citation_issn')).toEqual(['1234-5678', '8765-4321']);
    expect(metaContents(html, 'citation_doi')).toEqual(['10.5555/jct.2025.3.1.70001']);
    expect(metaContents(html, 'citation_abstract')).toEqual([ABSTRACT]);
    expect(metaContents(html, 'citation_abstract_html_url')).toEqual([ARTICLE_URL]);
    expect(metaContents(html, 'citation_publisher')).toEqual(['Careful Publications']);
    expect(metaContents(html, 'citation_language')).toEqual(['English']);
    expect(metaContents(html, 'citation_keywords')).toEqual(['soil, rice']);
    expect(metaContents(html, 'DC.rights')).toEqual(['https://creativecommons.org/licenses/by/4.0/']);
    expect(headOf(html)).toContain('<meta property="og:type" content="article">');
    expect(headOf(html)).toContain(`<meta property="og:url" content="${ARTICLE_URL}">`);
    expect(metaContents(html, 'twitter:card')).toEqual(['summary']);
  });

  it('shows the DOI link, the licence and the Cite this article box', async () => {
    const html = (await get('/archives/2025/vol3/issue1/70001')).body;
    expect(html).toContain(
      '<a href="https://doi.org/10.5555/jct.2025.3.1.70001">https://doi.org/10.5555/jct.2025.3.1.70001</a>',
    );
    expect(html).toContain('<a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a>');
    expect(html).not.toContain('All rights reserved');
    expect(html).toContain('Cite this article');
    for (const format of ['bib', 'ris', 'json']) expect(html).toContain(`href="/cite/70001.${format}"`);
  });

  it('shows the DOI link on the author download page, and none for an article without a DOI', async () => {
    const link = '<a href="https://doi.org/10.5555/jct.2025.3.1.70001">https://doi.org/10.5555/jct.2025.3.1.70001</a>';
    expect((await get('/pdf?refno=70001')).body).toContain(link);
    expect((await get('/pdf?refno=70002')).body).not.toContain('DOI:');
  });

  it('has JSON-LD with the ScholarlyArticle -> issue -> volume -> Periodical chain', async () => {
    const html = (await get('/archives/2025/vol3/issue1/70001')).body;
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!;
    const data = JSON.parse(script);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ScholarlyArticle',
      headline: 'Carbon in Oryza sativa paddies',
      datePublished: '2025-02-14',
      pageStart: '12',
      pageEnd: '20',
      abstract: ABSTRACT,
      sameAs: 'https://doi.org/10.5555/jct.2025.3.1.70001',
      identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: '10.5555/jct.2025.3.1.70001' },
      license: 'https://creativecommons.org/licenses/by/4.0/',
      isPartOf: {
        '@type': 'PublicationIssue',
        issueNumber: '1',
        isPartOf: {
          '@type': 'PublicationVolume',
          volumeNumber: '3',
          isPartOf: { '@type': 'Periodical', name: 'Journal of Careful Tests', issn: ['1234-5678', '8765-4321'] },
        },
      },
    });
    expect(data.author.map((author: { familyName: string }) => author.familyName)).toEqual([
      'Iyer',
      'van der Berg',
      'Sharma',
    ]);
  });

  it('puts a Periodical on the home page', async () => {
    const html = (await get('/')).body;
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(data).toMatchObject({
      '@type': 'Periodical',
      name: 'Journal of Careful Tests',
      issn: ['1234-5678', '8765-4321'],
    });
  });
});

describe('citation exports', () => {
  it('writes BibTeX with every field', async () => {
    const response = await get('/cite/70001.bib');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="70001.bib"');
    const bib = response.body;
    expect(bib).toMatch(/^@article\{ref70001,/);
    for (const field of [
      'title = {Carbon in Oryza sativa paddies}',
      'author = {Iyer, Anita K. and van der Berg, Jan and Sharma, Rahul}',
      'journal = {Journal of Careful Tests}',
      'year = {2025}',
      'volume = {3}',
      'number = {1}',
      'pages = {12--20}',
      'issn = {1234-5678, 8765-4321}',
      'doi = {10.5555/jct.2025.3.1.70001}',
      `url = {${ARTICLE_URL}}`,
      `abstract = {${ABSTRACT}}`,
      'copyright = {https://creativecommons.org/licenses/by/4.0/}',
    ]) {
      expect(bib).toContain(field);
    }
  });

  it('writes RIS with every field', async () => {
    const response = await get('/cite/70001.ris');
    expect(response.headers['content-type']).toBe('application/x-research-info-systems; charset=utf-8');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('TY  - JOUR');
    expect(lines).toEqual(
      expect.arrayContaining([
        'TI  - Carbon in Oryza sativa paddies',
        'AU  - Iyer, Anita K.',
        'AU  - van der Berg, Jan',
        'AU  - Sharma, Rahul',
        'JO  - Journal of Careful Tests',
        'PY  - 2025',
        'DA  - 2025/02/14',
        'VL  - 3',
        'IS  - 1',
        'SP  - 12',
        'EP  - 20',
        'SN  - 1234-5678',
        'SN  - 8765-4321',
        'DO  - 10.5555/jct.2025.3.1.70001',
        `UR  - ${ARTICLE_URL}`,
        `AB  - ${ABSTRACT}`,
        'KW  - soil',
        'KW  - rice',
        'C1  - https://creativecommons.org/licenses/by/4.0/',
        'ER  - ',
      ]),
    );
  });

  it('writes CSL-JSON with every field', async () => {
    const response = await get('/cite/70001.json');
    expect(response.headers['content-type']).toBe('application/vnd.citationstyles.csl+json; charset=utf-8');
    expect(response.json()).toEqual([
      {
        id: '70001',
        type: 'article-journal',
        title: 'Carbon in Oryza sativa paddies',
        author: [
          { family: 'Iyer', given: 'Anita K.' },
          { family: 'van der Berg', given: 'Jan' },
          { family: 'Sharma', given: 'Rahul' },
        ],
        'container-title': 'Journal of Careful Tests',
        volume: '3',
        issue: '1',
        page: '12-20',
        issued: { 'date-parts': [[2025, 2, 14]] },
        abstract: ABSTRACT,
        keyword: 'soil, rice',
        ISSN: '1234-5678, 8765-4321',
        DOI: '10.5555/jct.2025.3.1.70001',
        URL: ARTICLE_URL,
        publisher: 'Careful Publications',
        license: 'https://creativecommons.org/licenses/by/4.0/',
        language: 'English',
      },
    ]);
  });

  it('answers 404 for an unknown article or format', async () => {
    for (const url of ['/cite/79999.bib', '/cite/70001.doc', '/cite/abc.ris'])
      expect((await get(url)).statusCode, url).toBe(404);
  });
});

describe('issue page', () => {
  it('has one COinS span per article, with the DOI of the one that has it', async () => {
    const html = (await get('/archives/2025/vol3/issue1')).body;
    const spans = [...html.matchAll(/<span class="Z3988" title="([^"]*)"><\/span>/g)].map((match) =>
      match[1]!.replace(/&amp;/g, '&'),
    );
    expect(spans).toHaveLength(2);
    const first = new URLSearchParams(spans.find((title) => title.includes('rft_id'))!);
    expect(first.get('ctx_ver')).toBe('Z39.88-2004');
    expect(first.get('rft.atitle')).toBe('Carbon in Oryza sativa paddies');
    expect(first.getAll('rft.au')).toEqual(['Iyer, Anita K.', 'van der Berg, Jan', 'Sharma, Rahul']);
    expect(first.get('rft_id')).toBe('info:doi/10.5555/jct.2025.3.1.70001');
    expect(html).toContain('<a class="doi" href="https://doi.org/10.5555/jct.2025.3.1.70001">');
  });
});

describe('OAI-PMH', () => {
  it('gives the DOI as an identifier and the licence as dc:rights', async () => {
    const xml = (await get('/oai?verb=ListRecords&metadataPrefix=oai_dc')).body;
    expect(xml).toContain('<dc:identifier>https://doi.org/10.5555/jct.2025.3.1.70001</dc:identifier>');
    expect(xml).toContain('<dc:rights>https://creativecommons.org/licenses/by/4.0/</dc:rights>');
    expect(xml).toContain('<dc:creator>van der Berg, Jan</dc:creator>');
  });
});

describe('DOI field of the article forms', () => {
  const post = async (refnumber: number, doi: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/archives/',
      headers: await t.authHeader(),
      payload: multipartForm(
        { ...articleFields(refnumber, { doi, pagenumber: `${refnumber}-${refnumber}` }), ...issueFields(ISSUE) },
        testPdf('doi'),
      ),
    });

  it('stores a DOI without the resolver, refuses a malformed one and a duplicate', async () => {
    const saved = await post(100, 'https://doi.org/10.5555/jct.2025.3.1.900');
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().doi).toBe('10.5555/jct.2025.3.1.900');
    const malformed = await post(101, '10.55/x');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('DOI must look like 10.1234/suffix');
    const duplicate = await post(102, '10.5555/jct.2025.3.1.900');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe('duplicate_doi');
  });
});
