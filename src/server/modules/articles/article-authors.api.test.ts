import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, issueFields, multipartForm, testPdf } from '../../test/article-form.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { saveSettings } from '../../test/settings-fixtures.js';
import { schemaErrors, skipSchemaValidation } from '../../test/xml-schemas.js';
import { insertIssue } from '../issues/issues.repository.js';

/** Structured authors (decision 100) through the specification's article calls. */
let t: TestApp;
let auth: { authorization: string };
const ISSUE = { year: 2026, volume: 5, issue: 1 };

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: 'https://journal.example.org' } });
  auth = await t.authHeader();
  await insertIssue(t.journal.db, { ...ISSUE, frequency: 'jan' });
});
afterAll(() => t.close());

const MARIA = {
  given_name: 'María José',
  family_name: 'van der Berg',
  affiliation: 'Universiteit Utrecht',
  country: 'Netherlands',
  orcid: 'https://orcid.org/0000-0002-1825-0097',
  email: 'm.vanderberg@uu.example',
  corresponding: false,
};
const ASHA = {
  given_name: 'Asha',
  family_name: 'Rao',
  affiliation: 'IISc Bengaluru',
  country: 'India',
  corresponding: true,
};

const add = (n: number, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/archives/',
    headers: auth,
    payload: multipartForm({ ...articleFields(n), ...issueFields(ISSUE), ...fields }, testPdf(`authors ${n}`)),
  });
const edit = (id: number, fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/archives/${id}`, headers: auth, payload: multipartForm(fields) });
const rows = (articleId: number) =>
  t.journal.db
    .selectFrom('article_authors')
    .select(['position', 'given_name', 'family_name', 'orcid', 'email', 'corresponding'])
    .where('article_id', '=', articleId)
    .orderBy('position')
    .execute();

describe('structured authors', () => {
  let id: number;

  it('stores the list in order, the ORCID iD bare, and writes the author line from it', async () => {
    const response = await add(1, {
      authors: JSON.stringify([MARIA, ASHA]),
      authorname: 'ignored when a list is sent',
      doi: '10.5555/ijars.7001',
    });
    expect(response.statusCode).toBe(201);
    const record = response.json() as { id: number; authorname: string; authors: unknown[] };
    id = record.id;
    expect(record.authorname).toBe('María José van der Berg, Asha Rao');
    expect(await rows(id)).toEqual([
      {
        position: 0,
        given_name: 'María José',
        family_name: 'van der Berg',
        orcid: '0000-0002-1825-0097',
        email: MARIA.email,
        corresponding: 0,
      },
      { position: 1, given_name: 'Asha', family_name: 'Rao', orcid: '', email: '', corresponding: 1 },
    ]);
  });

  it('describes each author as indexers expect: page tags, JSON-LD, Crossref, OAI-PMH and citation files', async () => {
    const page = (await t.app.inject({ url: '/archives/2026/vol5/issue1/7001' })).body;
    const tags = [...page.matchAll(/<meta name="(citation_author[a-z_]*)" content="([^"]*)"/g)].map(
      (m) => `${m[1]}=${m[2]}`,
    );
    expect(tags).toEqual([
      'citation_author=van der Berg, María José',
      'citation_author_institution=Universiteit Utrecht',
      'citation_author_orcid=https://orcid.org/0000-0002-1825-0097',
      'citation_author=Rao, Asha',
      'citation_author_institution=IISc Bengaluru',
    ]);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!) as {
      author: Record<string, unknown>[];
    };
    expect(jsonLd.author[0]).toMatchObject({
      givenName: 'María José',
      familyName: 'van der Berg',
      affiliation: { '@type': 'Organization', name: 'Universiteit Utrecht' },
      identifier: { '@type': 'PropertyValue', propertyID: 'ORCID', value: '0000-0002-1825-0097' },
    });
    expect(page).not.toContain(MARIA.email);

    const oai = await t.app.inject({
      url: '/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:journal.example.org:article/7001',
    });
    expect([...oai.body.matchAll(/<dc:creator>([^<]*)<\/dc:creator>/g)].map((m) => m[1])).toEqual([
      'van der Berg, María José',
      'Rao, Asha',
    ]);

    const csl = (await t.app.inject({ url: '/cite/7001.json' })).json() as { author: unknown[] }[];
    expect(csl[0]!.author).toEqual([
      { family: 'van der Berg', given: 'María José' },
      { family: 'Rao', given: 'Asha' },
    ]);
    const ris = (await t.app.inject({ url: '/cite/7001.ris' })).body;
    expect(ris).toMatch(/^AU {2}- van der Berg, María José$/m);

    await saveSettings(t, { websiteemail: 'editor@journal.example.org' });
    const crossref = await t.app.inject({ url: '/api/admin/crossref/2026/5/1', headers: auth });
    expect(crossref.statusCode, crossref.body).toBe(200);
    expect(crossref.body).toContain(
      '<person_name sequence="first" contributor_role="author"><given_name>María José</given_name>' +
        '<surname>van der Berg</surname><affiliations><institution><institution_name>Universiteit Utrecht' +
        '</institution_name><institution_place>Netherlands</institution_place></institution></affiliations>' +
        '<ORCID>https://orcid.org/0000-0002-1825-0097</ORCID></person_name>',
    );
  });

  it("writes a deposit Crossref's schema accepts, affiliations and ORCID iDs included", async (context) => {
    const crossref = await t.app.inject({ url: '/api/admin/crossref/2026/5/1', headers: auth });
    expect(crossref.statusCode).toBe(200);
    if (skipSchemaValidation()) return context.skip();
    expect(schemaErrors('crossref/crossref5.3.1.xsd', [{ label: 'deposit', xml: crossref.body }])).toEqual([]);
  });

  it('shows the emails to the admin and never publicly', async () => {
    const asAdmin = await t.app.inject({ url: `/api/archives/${id}`, headers: auth });
    expect((asAdmin.json() as { authors: { email: string }[] }).authors.map((a) => a.email)).toEqual([MARIA.email, '']);
    const asReader = await t.app.inject({ url: '/api/archives/ref/7001' });
    expect(asReader.statusCode).toBe(200);
    expect(asReader.body).not.toContain(MARIA.email);
    expect((asReader.json() as { authors: { affiliation: string }[] }).authors[0]).toMatchObject({
      affiliation: 'Universiteit Utrecht',
      orcid: '0000-0002-1825-0097',
    });
  });

  it.each([
    [
      [{ ...MARIA, orcid: '0000-0002-1825-0098' }],
      'authors.0.orcid: ORCID iD must be like 0000-0002-1825-0097, with a correct check digit',
    ],
    [[{ ...MARIA, corresponding: true }, ASHA], 'authors: Only one author can be the corresponding author'],
    [[{ ...ASHA, family_name: '' }], 'authors.0.family_name: Family name is required'],
    [[], 'authors: At least one author is required'],
  ])('refuses a bad list with a clear 400 and writes nothing (%#)', async (authors, message) => {
    const before = await t.journal.db.selectFrom('article_authors').selectAll().execute();
    const response = await add(2, { authors: JSON.stringify(authors) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message });
    expect(await t.journal.db.selectFrom('article_authors').selectAll().execute()).toEqual(before);
  });

  it('splits the line of a client that sends none with the name parser, its email to the first author', async () => {
    const response = await add(3, { authorname: 'Dr. Kavya Nair, Pieter de Vries' });
    expect(response.statusCode).toBe(201);
    const created = (response.json() as { id: number }).id;
    expect((await rows(created)).map((row) => [row.given_name, row.family_name, row.email, row.corresponding])).toEqual(
      [
        ['Kavya', 'Nair', 'asha@uni.example', 1],
        ['Pieter', 'de Vries', '', 0],
      ],
    );
  });

  it('keeps the details of the authors an edit of the line alone keeps', async () => {
    const fields = { ...articleFields(1), authorname: 'Asha Rao, María José van der Berg, Lena Fischer', email: '' };
    expect((await edit(id, fields)).statusCode).toBe(200);
    const after = await rows(id);
    expect(after.map((row) => [row.family_name, row.orcid, row.corresponding])).toEqual([
      ['Rao', '', 1],
      ['van der Berg', '0000-0002-1825-0097', 0],
      ['Fischer', '', 0],
    ]);
  });
});
