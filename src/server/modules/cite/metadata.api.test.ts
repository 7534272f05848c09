import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';
import { articleFields, issueFields, multipartForm, testPdf } from '../../test/article-form.js';
import { saveSettings } from '../../test/settings-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_PICTURES } from '../../test/upload-fixtures.js';

let t: TestApp;
const ISSUE = { year: 2025, volume: 3, issue: 1 };
const ORIGIN = 'http://localhost:80';
const ARTICLE_URL = `${ORIGIN}/archives/2025/vol3/issue1/70001`;
const ABSTRACT = 'Paddy soils of the Terai hold carbon that rotations change. '.repeat(12).trim();
/** The journal's licence now, and the one article 70001 was published under (each article keeps its own). */
const JOURNAL_LICENCE = { licence_name: 'CC BY 4.0', licence_url: 'https://creativecommons.org/licenses/by/4.0/' };
const ARTICLE_LICENCE = {
  licence_name: 'CC BY-NC 4.0',
  licence_url: 'https://creativecommons.org/licenses/by-nc/4.0/',
};
const ABBREVIATION = 'J. Careful Tests';
/** An article whose title and abstract carry subscripts, in an issue of its own. */
const SUBSCRIPT_ISSUE = { year: 2025, volume: 3, issue: 2 };
const SUBSCRIPT_TITLE = 'CO<sub>2</sub> uptake of <i>Oryza sativa</i> in m<sup>2</sup> plots';
const SUBSCRIPT_TEXT = 'CO2 uptake of Oryza sativa in m2 plots';

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
    journal_abbreviation: ABBREVIATION,
    ...JOURNAL_LICENCE,
  });
  await addIssue(t.journal.db, ISSUE.year, ISSUE.volume, ISSUE.issue, 'jan-feb');
  await addArticle(t.journal.db, {
    ...ISSUE,
    refnumber: '70001',
    pagenumber: '12-20',
    title: 'Carbon in <i>Oryza sativa</i> paddies',
    authorname: 'Dr. Anita K. Iyer, Jan van der Berg, Prof. Rahul Sharma',
    abstract: `<p>${ABSTRACT}</p>`,
    // Typed with either separator; each output writes them its own way.
    keywords: 'soil; rice, paddy',
    publishdate: '2025-02-14',
    doi: '10.5555/jct.2025.3.1.70001',
    ...ARTICLE_LICENCE,
  });
  await addArticle(t.journal.db, { ...ISSUE, refnumber: '70002', pagenumber: '21-30', authorname: 'Meera Nair' });
  await addIssue(t.journal.db, SUBSCRIPT_ISSUE.year, SUBSCRIPT_ISSUE.volume, SUBSCRIPT_ISSUE.issue, 'mar-apr');
  await addArticle(t.journal.db, {
    ...SUBSCRIPT_ISSUE,
    refnumber: '70003',
    pagenumber: '1-8',
    title: SUBSCRIPT_TITLE,
    abstract: '<p>Plots took up CO<sub>2</sub>.</p><p>Rotations mattered.</p>',
    ...JOURNAL_LICENCE,
  });
  t.journal.clock.publicDataChanged();
});
afterAll(() => t.close());

describe('article page metadata', () => {
  it('carries every Highwire tag with authors without honorifics, both ISSNs, the DOI and the full abstract', async () => {
    const html = (await get('/archives/2025/vol3/issue1/70001')).body;
    expect(metaContents(html, 'citation_author')).toEqual(['Iyer, Anita K.', 'van der Berg, Jan', 'Sharma, Rahul']);
    expect(metaContents(html, 'citation_issn')).toEqual(['1234-5678', '8765-4321']);
    expect(metaContents(html, 'citation_doi')).toEqual(['10.5555/jct.2025.3.1.70001']);
    expect(metaContents(html, 'citation_abstract')).toEqual([ABSTRACT]);
    expect(metaContents(html, 'citation_abstract_html_url')).toEqual([ARTICLE_URL]);
    expect(metaContents(html, 'citation_publisher')).toEqual(['Careful Publications']);
    expect(metaContents(html, 'citation_language')).toEqual(['English']);
    // Zotero splits citation_keywords on semicolons.
    expect(metaContents(html, 'citation_keywords')).toEqual(['soil; rice; paddy']);
    expect(metaContents(html, 'citation_journal_title')).toEqual(['Journal of Careful Tests']);
    expect(metaContents(html, 'citation_journal_abbrev')).toEqual([ABBREVIATION]);
    expect(metaContents(html, 'DC.rights')).toEqual([ARTICLE_LICENCE.licence_url]);
    expect(headOf(html)).toContain('<meta property="og:type" content="article">');
    expect(headOf(html)).toContain(`<meta property="og:url" content="${ARTICLE_URL}">`);
    expect(metaContents(html, 'twitter:card')).toEqual(['summary']);
  });

  it("shows the DOI link, the article's own licence and the Cite this article box", async () => {
    const html = (await get('/archives/2025/vol3/issue1/70001')).body;
    expect(html).toContain(
      '<a href="https://doi.org/10.5555/jct.2025.3.1.70001">https://doi.org/10.5555/jct.2025.3.1.70001</a>',
    );
    expect(html).toContain(
      '<p class="article-licence">Licence: <a href="https://creativecommons.org/licenses/by-nc/4.0/" rel="license">CC BY-NC 4.0</a></p>',
    );
    // The footer speaks for the journal, whose licence is another one now.
    expect(html).toMatch(
      /<footer class="site-footer">.*<a href="https:\/\/creativecommons.org\/licenses\/by\/4.0\/" rel="license">CC BY 4.0<\/a>/,
    );
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
      license: ARTICLE_LICENCE.licence_url,
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
      `shortjournal = {${ABBREVIATION}}`,
      'year = {2025}',
      // The month as BibTeX's bare macro, and the day, which Zotero reads with them.
      'month = feb,',
      'day = {14}',
      'volume = {3}',
      'number = {1}',
      'pages = {12--20}',
      'issn = {1234-5678, 8765-4321}',
      'doi = {10.5555/jct.2025.3.1.70001}',
      `url = {${ARTICLE_URL}}`,
      `abstract = {${ABSTRACT}}`,
      'keywords = {soil, rice, paddy}',
      `copyright = {${ARTICLE_LICENCE.licence_url}}`,
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
        'T2  - Journal of Careful Tests',
        'JF  - Journal of Careful Tests',
        `J2  - ${ABBREVIATION}`,
        'PY  - 2025',
        'DA  - 2025/02/14',
        'VL  - 3',
        'IS  - 1',
        'SP  - 12',
        'EP  - 20',
        'SN  - 1234-5678, 8765-4321',
        'DO  - 10.5555/jct.2025.3.1.70001',
        `UR  - ${ARTICLE_URL}`,
        `AB  - ${ABSTRACT}`,
        'KW  - soil',
        'KW  - rice',
        'KW  - paddy',
        `CR  - ${ARTICLE_LICENCE.licence_url}`,
        'ER  - ',
      ]),
    );
    // Zotero reads JO as the abbreviation, so the full title is not written there.
    expect(lines.filter((line) => /^(JO|C1) {2}- /.test(line))).toEqual([]);
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
        'container-title-short': ABBREVIATION,
        journalAbbreviation: ABBREVIATION,
        volume: '3',
        issue: '1',
        page: '12-20',
        issued: { 'date-parts': [[2025, 2, 14]] },
        abstract: ABSTRACT,
        keyword: 'soil, rice, paddy',
        ISSN: '1234-5678, 8765-4321',
        DOI: '10.5555/jct.2025.3.1.70001',
        URL: ARTICLE_URL,
        publisher: 'Careful Publications',
        license: ARTICLE_LICENCE.licence_url,
        language: 'English',
      },
    ]);
  });

  it('answers 404 for an unknown article or format, as no download', async () => {
    for (const url of ['/cite/79999.bib', '/cite/70001.doc', '/cite/abc.ris']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-disposition'], url).toBeUndefined();
    }
  });

  it('sends validators and freshness like the other public documents, and 304 for a current copy', async () => {
    for (const format of ['bib', 'ris', 'json']) {
      const url = `/cite/70001.${format}`;
      const first = await get(url);
      expect(first.headers.etag, url).toMatch(/^"[^"]+"$/);
      expect(first.headers['last-modified'], url).toBeTruthy();
      expect(first.headers['cache-control'], url).toMatch(/^public, /);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag! } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      // A kept copy is the same file.
      expect((await get(url)).body).toBe(first.body);
    }
    const before = (await get('/cite/70001.bib')).headers.etag!;
    t.journal.clock.publicDataChanged();
    const after = await t.app.inject({ method: 'GET', url: '/cite/70001.bib', headers: { 'if-none-match': before } });
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-disposition']).toBe('attachment; filename="70001.bib"');
  });

  it('omits the abbreviation everywhere while the setting is empty', async () => {
    await saveSettings(t, { journal_abbreviation: '' });
    try {
      const page = (await get('/archives/2025/vol3/issue1/70001')).body;
      expect(metaContents(page, 'citation_journal_abbrev')).toEqual([]);
      expect((await get('/cite/70001.ris')).body).not.toMatch(/^J2 {2}- /m);
      expect((await get('/cite/70001.json')).json()[0]).not.toHaveProperty('container-title-short');
      expect((await get('/archives/2025/vol3/issue1')).body).not.toContain('rft.stitle');
    } finally {
      await saveSettings(t, { journal_abbreviation: ABBREVIATION });
    }
  });
});

describe('titles with sub- and superscripts', () => {
  it('keep their markup in HTML and read as plain text in metadata and exports', async () => {
    const page = (await get('/archives/2025/vol3/issue2/70003')).body;
    expect(page).toContain(`<h1>${SUBSCRIPT_TITLE}</h1>`);
    expect(page).toContain('<p>Plots took up CO<sub>2</sub>.</p>');
    expect(page).toContain(`<title>${SUBSCRIPT_TEXT} | Journal of Careful Tests</title>`);
    expect(metaContents(page, 'citation_title')).toEqual([SUBSCRIPT_TEXT]);
    expect(metaContents(page, 'citation_abstract')).toEqual(['Plots took up CO2. Rotations mattered.']);
    expect((await get('/archives/2025/vol3/issue2')).body).toContain(`<p class="article-title">${SUBSCRIPT_TITLE}</p>`);
    expect((await get('/cite/70003.ris')).body).toContain(`TI  - ${SUBSCRIPT_TEXT}\r\n`);
    expect((await get('/cite/70003.json')).json()[0].title).toBe(SUBSCRIPT_TEXT);
    const xml = (await get('/oai?verb=ListRecords&metadataPrefix=oai_dc')).body;
    expect(xml).toContain(`<dc:title>${SUBSCRIPT_TEXT}</dc:title>`);
    expect(xml).toContain('<dc:description>Plots took up CO2. Rotations mattered.</dc:description>');
  });

  it('keep them in the formatted references', async () => {
    const references = (await get('/api/archives/ref/70003/references')).json() as { html: string }[];
    for (const reference of references) expect(reference.html).toContain('CO<sub>2</sub>');
  });

  it('are stored with them from the article form', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/archives/',
      headers: await t.authHeader(),
      payload: multipartForm(
        {
          ...articleFields(7004, { title: 'H<sub>2</sub>O and <b>salt</b> in m<sup>3</sup>', pagenumber: '9-12' }),
          ...issueFields(SUBSCRIPT_ISSUE),
        },
        testPdf('subscript'),
      ),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().title).toBe('H<sub>2</sub>O and salt in m<sup>3</sup>');
  });
});

describe('shared links', () => {
  it('name the journal and its logo on every public page, and its cover picture once there is one', async () => {
    const pages = [
      '/',
      '/board',
      '/archives/2025/vol3/issue1',
      '/archives/2025/vol3/issue1/70001',
      '/search?keyword=soil',
    ];
    for (const url of [...pages, '/no-such-page']) {
      const head = headOf((await get(url)).body);
      expect(head, url).toContain('<meta property="og:site_name" content="Journal of Careful Tests">');
      expect(head, url).toContain(`<meta property="og:image" content="${ORIGIN}/logo.svg">`);
    }
    const form = new FormData();
    form.append('imgFile', new Blob([new Uint8Array(TEST_PICTURES.png)]), 'cover.png');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/site-pictures/cover',
      headers: await t.authHeader(),
      payload: form,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const cover = upload.json().cover as string;
    for (const url of pages) {
      expect(headOf((await get(url)).body), url).toContain(`<meta property="og:image" content="${ORIGIN}${cover}">`);
    }
  });
});

describe('issue page', () => {
  it('has one COinS span per article, with its full date, both ISSNs, its address and the DOI of the one that has it', async () => {
    const html = (await get('/archives/2025/vol3/issue1')).body;
    const spans = [...html.matchAll(/<span class="Z3988" title="([^"]*)"><\/span>/g)].map((match) =>
      match[1]!.replace(/&amp;/g, '&'),
    );
    expect(spans).toHaveLength(2);
    const first = new URLSearchParams(spans.find((title) => title.includes('rft_id'))!);
    expect(first.get('ctx_ver')).toBe('Z39.88-2004');
    expect(first.get('rft.atitle')).toBe('Carbon in Oryza sativa paddies');
    expect(first.get('rft.jtitle')).toBe('Journal of Careful Tests');
    expect(first.get('rft.stitle')).toBe(ABBREVIATION);
    expect(first.getAll('rft.au')).toEqual(['Iyer, Anita K.', 'van der Berg, Jan', 'Sharma, Rahul']);
    expect(first.get('rft.date')).toBe('2025-02-14');
    expect(first.get('rft.issn')).toBe('1234-5678');
    expect(first.get('rft.eissn')).toBe('8765-4321');
    expect(first.get('rft.language')).toBe('English');
    expect(first.getAll('rft_id')).toEqual([ARTICLE_URL, 'info:doi/10.5555/jct.2025.3.1.70001']);
    expect(html).toContain('<a class="doi" href="https://doi.org/10.5555/jct.2025.3.1.70001">');
  });
});

describe('OAI-PMH', () => {
  it("gives the DOI as an identifier and the article's own licence as dc:rights", async () => {
    const xml = (await get('/oai?verb=ListRecords&metadataPrefix=oai_dc')).body;
    expect(xml).toContain('<dc:identifier>https://doi.org/10.5555/jct.2025.3.1.70001</dc:identifier>');
    const record = /<record><header><identifier>oai:localhost:article\/70001<.*?<\/record>/.exec(xml)![0];
    expect(record).toContain(`<dc:rights>${ARTICLE_LICENCE.licence_url}</dc:rights>`);
    expect(record).not.toContain(JOURNAL_LICENCE.licence_url);
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
