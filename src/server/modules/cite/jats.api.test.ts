import { decodeHTML } from 'entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../test/test-app.js';
import { assertWellFormed, childTexts, rootElement, xpathValues } from '../../test/xml-check.js';
import { replaceAuthors } from '../articles/article-authors.repository.js';

// Decision 120: each published article's front matter as JATS XML at /cite/{refnumber}.jats.xml, linked from its
// page, saying what the page's Highwire tags and the issue's Crossref deposit say.

let t: TestApp;
let refnumbers: string[] = [];
let issuePath = '';
const ORIGIN = 'http://localhost:80';

const get = async (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const metaContents = (html: string, name: string) =>
  [...html.slice(0, html.indexOf('</head>')).matchAll(new RegExp(`<meta name="${name}" content="([^"]*)">`, 'g'))].map(
    (match) => decodeHTML(match[1]!),
  );
/** An XPath of local names ('//contrib/name') as xmllint, which binds no prefixes, reads it. */
const local = (path: string) => path.replace(/(\/+)([\w-]+)/g, "$1*[local-name()='$2']");
/** Text of the elements a path selects, entities read back and white space made single. */
const texts = (xml: string, path: string) =>
  xpathValues(xml, `${local(path)}/text()`).map((value) => value.replaceAll('&amp;', '&'));
const attribute = (xml: string, path: string, name: string) =>
  xpathValues(xml, `${local(path)}/@*[local-name()='${name}']`).map((value) => /="([^"]*)"/.exec(value)![1]!);
/** "Family, Given" of each name element a path selects, as citation_author writes it. */
const invertedNames = (xml: string, path: string, surname: string, given: string) =>
  xpathValues(xml, local(path)).map((element) =>
    [childTexts(element, surname)[0], childTexts(element, given)[0]].filter(Boolean).join(', '),
  );
const singleSpaced = (values: string[]) => [values.join(' ').replace(/\s+/g, ' ')].filter(Boolean);
const pagePath = (refnumber: string) =>
  `/archives/${issuePath.replace(/(\d+)\/(\d+)\/(\d+)/, '$1/vol$2/issue$3')}/${refnumber}`;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  const first = await t.journal.db
    .selectFrom('articles')
    .select(['id', 'year', 'volume', 'issue'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const articles = await t.journal.db
    .selectFrom('articles')
    .select(['id', 'refnumber'])
    .where('year', '=', first.year)
    .where('volume', '=', first.volume)
    .where('issue', '=', first.issue)
    .orderBy('first_page')
    .execute();
  refnumbers = articles.map((article) => article.refnumber);
  issuePath = `${first.year}/${first.volume}/${first.issue}`;
  // One article with stored authors: affiliations shared and apart, an ORCID iD, and an author without one.
  const author = { email: '', corresponding: false, country: '', orcid: '' };
  await replaceAuthors(t.journal.db, first.id, [
    {
      ...author,
      given_name: 'Anita K.',
      family_name: 'Iyer',
      affiliation: 'Rice Institute',
      country: 'India',
      orcid: '0000-0002-1825-0097',
      corresponding: true,
    },
    { ...author, given_name: 'Jan', family_name: 'van der Berg', affiliation: 'Soil & Water Lab' },
    { ...author, given_name: 'Ravi', family_name: 'Rao', affiliation: 'Rice Institute', country: 'India' },
    { ...author, given_name: '', family_name: 'Madonna', affiliation: '' },
  ]);
});
afterAll(() => t.close());

describe(`JATS front matter (${testEngine})`, () => {
  it('is linked from the article page head and served as application/jats+xml, well-formed', async () => {
    for (const refnumber of refnumbers) {
      const page = await get(pagePath(refnumber));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(
        `<link rel="alternate" type="application/jats+xml" title="JATS XML" href="${ORIGIN}/cite/${refnumber}.jats.xml">`,
      );
      const jats = await get(`/cite/${refnumber}.jats.xml`);
      expect(jats.statusCode).toBe(200);
      expect(jats.headers['content-type']).toBe('application/jats+xml; charset=utf-8');
      assertWellFormed(jats.body);
      expect(rootElement(jats.body)).toEqual({ name: 'article', namespace: '' });
      expect(attribute(jats.body, '/article', 'dtd-version')).toEqual(['1.3']);
    }
  });

  it("says what the page's Highwire tags and the issue's Crossref deposit say, field by field", async () => {
    const answer = await get(`/api/admin/crossref/${issuePath}`, await t.authHeader());
    expect(answer.statusCode, answer.body).toBe(200);
    const deposit = answer.body;
    expect(xpathValues(deposit, "count(//*[local-name()='journal_article'])")).toEqual([String(refnumbers.length)]);
    for (const [index, refnumber] of refnumbers.entries()) {
      const html = (await get(pagePath(refnumber))).body;
      const jats = (await get(`/cite/${refnumber}.jats.xml`)).body;
      const meta = (name: string) => metaContents(html, name);
      const doi = texts(jats, "//article-meta/article-id[@pub-id-type='doi']");
      // The deposit lists the issue's articles in page order, as `refnumbers` holds them.
      const crossref = `(//journal_article)[${index + 1}]`;
      const inDeposit = (path: string) => texts(deposit, crossref + path);
      const front = '//article-meta';

      expect(doi).toEqual(meta('citation_doi'));
      expect(inDeposit('//doi')).toEqual(meta('citation_doi'));

      expect(texts(jats, `${front}/title-group/article-title`)).toEqual(meta('citation_title'));
      expect(inDeposit('/titles/title')).toEqual(meta('citation_title'));

      expect(invertedNames(jats, '//contrib/name', 'surname', 'given-names')).toEqual(meta('citation_author'));
      expect(invertedNames(deposit, `${crossref}//person_name`, 'surname', 'given_name')).toEqual(
        meta('citation_author'),
      );

      expect(texts(jats, '//contrib/contrib-id')).toEqual(meta('citation_author_orcid'));
      expect(inDeposit('//ORCID')).toEqual(meta('citation_author_orcid'));
      // Each author's institution, written once per affiliation in JATS and once per author in the tags.
      const institutions = texts(jats, '//aff/institution');
      const jatsInstitutions = attribute(jats, '//contrib/xref', 'rid').map(
        (rid) => institutions[Number(rid.slice(3)) - 1],
      );
      expect(jatsInstitutions).toEqual(meta('citation_author_institution'));
      expect(inDeposit('//institution_name')).toEqual(meta('citation_author_institution'));

      const date = meta('citation_publication_date').map((value) => value.replaceAll('/', '-'));
      expect(attribute(jats, `${front}/pub-date`, 'iso-8601-date')).toEqual(date);
      const [year, month, day] = date[0]!.split('-');
      expect([inDeposit('/publication_date/year'), inDeposit('/publication_date/month')]).toEqual([[year], [month]]);
      expect(inDeposit('/publication_date/day')).toEqual([day]);

      expect(texts(jats, `${front}/volume`)).toEqual(meta('citation_volume'));
      expect(texts(jats, `${front}/issue`)).toEqual(meta('citation_issue'));
      expect(texts(jats, `${front}/fpage`)).toEqual(meta('citation_firstpage'));
      expect(texts(jats, `${front}/lpage`)).toEqual(meta('citation_lastpage'));
      expect(inDeposit('/pages/first_page')).toEqual(meta('citation_firstpage'));
      expect(inDeposit('/pages/last_page')).toEqual(meta('citation_lastpage'));

      expect(texts(jats, '//journal-meta/issn')).toEqual(meta('citation_issn'));
      expect(texts(deposit, '//journal_metadata/issn')).toEqual(meta('citation_issn'));
      expect(texts(jats, '//journal-title-group/journal-title')).toEqual(meta('citation_journal_title'));
      expect(texts(jats, '//publisher/publisher-name')).toEqual(meta('citation_publisher'));
      expect(texts(jats, '//permissions/license/license_ref')).toEqual(meta('DC.rights'));
      expect(singleSpaced(texts(jats, `${front}/abstract/p`))).toEqual(singleSpaced(meta('citation_abstract')));
      expect(texts(jats, '//kwd-group/kwd').join('; ')).toEqual(meta('citation_keywords')[0] ?? '');
      expect(attribute(jats, `${front}/self-uri`, 'href')).toEqual([
        ...meta('citation_abstract_html_url'),
        ...meta('citation_pdf_url'),
      ]);
    }
  });

  it('names each author with their affiliation, ORCID iD and the corresponding author', async () => {
    const jats = (await get(`/cite/${refnumbers[0]}.jats.xml`)).body;
    expect(jats).toContain(
      '<contrib contrib-type="author" corresp="yes"><contrib-id contrib-id-type="orcid">https://orcid.org/0000-0002-1825-0097</contrib-id><name><surname>Iyer</surname><given-names>Anita K.</given-names></name><xref ref-type="aff" rid="aff1"></xref></contrib>',
    );
    expect(jats).toContain('<contrib contrib-type="author"><name><surname>Madonna</surname></name></contrib>');
    expect(jats).toContain(
      '<aff id="aff1"><institution>Rice Institute</institution>, <country>India</country></aff><aff id="aff2"><institution>Soil &amp; Water Lab</institution></aff>',
    );
    expect(attribute(jats, '//contrib/xref', 'rid')).toEqual(['aff1', 'aff2', 'aff1']);
  });

  it('answers 404 for an article that is not published, and for a malformed name', async () => {
    // An article of a later issue, never asked for before, so nothing holds its answer.
    const { refnumber } = await t.journal.db
      .selectFrom('articles')
      .select('refnumber')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await get(`/cite/${refnumber}.jats.xml`)).statusCode).toBe(200);
    const other = await t.journal.db
      .selectFrom('articles')
      .select('refnumber')
      .orderBy('id', 'desc')
      .offset(1)
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.journal.db
      .updateTable('articles')
      .set({ status: 'disabled' })
      .where('refnumber', '=', other.refnumber)
      .execute();
    expect((await get(`/cite/${other.refnumber}.jats.xml`)).statusCode).toBe(404);
    expect((await get(`/cite/${refnumbers[0]}.jats.xmlx`)).statusCode).toBe(404);
    expect((await get('/cite/99999999.jats.xml')).statusCode).toBe(404);
  });
});
