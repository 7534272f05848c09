import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings/default-settings.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { schemaErrors, skipSchemaValidation } from '../../test/xml-schemas.js';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';
import { saveSettings } from '../settings/settings.repository.js';
import { writeToken } from './resumption-token.js';

const SITE = 'https://journal.example.org';
const BASE_URL = `${SITE}/oai`;
const identifier = (refnumber: string) => `oai:journal.example.org:article/${refnumber}`;

let t: TestApp;
/** Every answer of the file, validated against the schema at the end. */
const answers: { label: string; xml: string }[] = [];

function keep(label: string, response: { statusCode: number; headers: Record<string, unknown>; body: string }): string {
  expect(response.statusCode, label).toBe(200);
  expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
  answers.push({ label, xml: response.body });
  return response.body;
}

/** GET /oai with a query string, asked for under another host name: SITE_URL decides every address. */
const get = async (query: string) =>
  keep(
    `GET ${query}`,
    await t.app.inject({ method: 'GET', url: `/oai?${query}`, headers: { host: 'other-host.example' } }),
  );

const post = async (form: string) =>
  keep(
    `POST ${form}`,
    await t.app.inject({
      method: 'POST',
      url: '/oai',
      payload: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  );

/** The text of each element with this name, as written (entities kept). */
const texts = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((match) => match[1]!);
const errorOf = (xml: string) => /<error code="([^"]+)">/.exec(xml)?.[1];
const requestElement = (xml: string) => /<request[^>]*>[^<]*<\/request>/.exec(xml)?.[0];

interface Resumption {
  token: string;
  completeListSize: number;
  cursor: number;
  expirationDate?: string;
}

function resumptionOf(xml: string): Resumption | undefined {
  const match = /<resumptionToken([^>]*)>([^<]*)<\/resumptionToken>/.exec(xml);
  if (!match) return undefined;
  const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(match[1]!)?.[1];
  return {
    token: match[2]!,
    completeListSize: Number(attribute('completeListSize')),
    cursor: Number(attribute('cursor')),
    expirationDate: attribute('expirationDate'),
  };
}

/** Follows the resumption tokens of a list to its end: each page's identifiers and resumption element. */
async function harvest(verb: string, query: string, between?: () => Promise<void>) {
  const pages: { identifiers: string[]; resumption?: Resumption }[] = [];
  let xml = await get(`verb=${verb}&${query}`);
  for (;;) {
    const resumption = resumptionOf(xml);
    pages.push({ identifiers: texts(xml, 'identifier').filter((value) => value.startsWith('oai:')), resumption });
    if (!resumption?.token) return pages;
    if (pages.length === 1 && between) await between();
    xml = await get(`verb=${verb}&resumptionToken=${resumption.token}`);
  }
}

const SETTINGS = {
  ...DEFAULT_SETTINGS,
  websitename: 'Journal of Soil & Water',
  websiteemail: 'editor@journal.example.org',
  issn: '2999-1234',
  journal_essn: '2999-1242',
  publisher_name: 'Field Press',
  journal_language: 'English, Hindi',
  licence_name: 'CC BY 4.0',
  licence_url: 'https://creativecommons.org/licenses/by/4.0/',
};

async function useSettings(values: typeof SETTINGS) {
  await saveSettings(t.journal.db, { ...values, updated_at: new Date().toISOString() });
  t.journal.clock.publicDataChanged();
}

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: SITE } });
  await useSettings(SETTINGS);
});
afterAll(() => t.close());

describe('an empty journal', () => {
  it('has no sets to list and no records to match', async () => {
    expect(errorOf(await get('verb=ListSets'))).toBe('noSetHierarchy');
    expect(errorOf(await get('verb=ListRecords&metadataPrefix=oai_dc'))).toBe('noRecordsMatch');
    expect(texts(await get('verb=Identify'), 'earliestDatestamp')[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('names the webmaster of the site as its administrator while the journal has no e-mail address', async () => {
    await useSettings({ ...SETTINGS, websiteemail: '' });
    expect(texts(await get('verb=Identify'), 'adminEmail')).toEqual(['webmaster@journal.example.org']);
    await useSettings(SETTINGS);
  });
});

describe('a journal with articles', () => {
  /** 205 articles of volume 11 changed from 2025-06-01 on, three to a second (ties are ordered by id). */
  const VOLUME_11 = 205;
  const volume11: string[] = [];

  beforeAll(async () => {
    const db = t.journal.db;
    await addIssue(db, 2025, 11, 1);
    await addIssue(db, 2026, 11, 2);
    await addIssue(db, 2026, 12, 1);
    for (let n = 0; n < VOLUME_11; n++) {
      const refnumber = String(11_000 + n);
      volume11.push(refnumber);
      const modification = new Date(Date.UTC(2025, 5, 1) + Math.floor(n / 3) * 1000).toISOString();
      await addArticle(db, { year: 2025, volume: 11, issue: 1, refnumber, modification });
    }
    await addArticle(db, {
      year: 2026,
      volume: 12,
      issue: 1,
      refnumber: '12001',
      title: 'Rice &amp; <em>wheat</em> yields',
      authorname: 'Dr. Anita K. Iyer, Rahul Sharma',
      keywords: 'soil; water, rice',
      abstract: '<p>Yields rose by 5% &amp; fell &lt;2%.</p><p>Rice held.</p>',
      pagenumber: '1-6',
      publishdate: '2026-02-10',
      modification: '2026-03-01T10:00:00.123Z',
      // Published under an earlier licence of the journal.
      licence_name: 'CC BY-SA 4.0',
      licence_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
    });
    await addArticle(db, {
      year: 2026,
      volume: 12,
      issue: 1,
      refnumber: '12002',
      status: 'disabled',
      modification: '2026-03-02T10:00:00.000Z',
    });
    await addArticle(db, { year: 2026, volume: 12, issue: 1, refnumber: '', modification: '2026-03-03T10:00:00.000Z' });
  });

  it('identifies the repository by the journal settings and SITE_URL, by GET and by POST', async () => {
    const xml = await get('verb=Identify');
    expect(texts(xml, 'repositoryName')).toEqual(['Journal of Soil &amp; Water']);
    expect(texts(xml, 'baseURL')).toEqual([BASE_URL]);
    expect(texts(xml, 'protocolVersion')).toEqual(['2.0']);
    expect(texts(xml, 'adminEmail')).toEqual(['editor@journal.example.org']);
    expect(texts(xml, 'earliestDatestamp')).toEqual(['2025-06-01T00:00:00Z']);
    expect(texts(xml, 'deletedRecord')).toEqual(['persistent']);
    expect(texts(xml, 'granularity')).toEqual(['YYYY-MM-DDThh:mm:ssZ']);
    expect(requestElement(xml)).toBe(`<request verb="Identify">${BASE_URL}</request>`);
    const posted = await post('verb=Identify');
    expect(posted.replace(/<responseDate>.*?<\/responseDate>/, '')).toBe(
      xml.replace(/<responseDate>.*?<\/responseDate>/, ''),
    );
  });

  it('lists oai_dc as the metadata format of the repository and of a record, and none of a deleted one', async () => {
    const formats = ['oai_dc'];
    expect(texts(await get('verb=ListMetadataFormats'), 'metadataPrefix')).toEqual(formats);
    const ofRecord = await get(`verb=ListMetadataFormats&identifier=${identifier('12001')}`);
    expect(texts(ofRecord, 'metadataPrefix')).toEqual(formats);
    expect(texts(ofRecord, 'schema')).toEqual(['http://www.openarchives.org/OAI/2.0/oai_dc.xsd']);
    expect(texts(ofRecord, 'metadataNamespace')).toEqual(['http://www.openarchives.org/OAI/2.0/oai_dc/']);
    expect(errorOf(await get(`verb=ListMetadataFormats&identifier=${identifier('12002')}`))).toBe('noMetadataFormats');
    expect(errorOf(await get(`verb=ListMetadataFormats&identifier=${identifier('99999')}`))).toBe('idDoesNotExist');
  });

  it('lists one set per volume, named like the issue headings', async () => {
    const xml = await get('verb=ListSets');
    expect(texts(xml, 'setSpec')).toEqual(['vol:11', 'vol:12']);
    expect(texts(xml, 'setName')).toEqual(['Vol. 11 (2025-2026)', 'Vol. 12 (2026)']);
    expect(errorOf(await get('verb=ListSets&resumptionToken=abc'))).toBe('badResumptionToken');
  });

  it('gives a record in Dublin Core: plain text, authors surname first, the journal as its source', async () => {
    const xml = await get(`verb=GetRecord&identifier=${identifier('12001')}&metadataPrefix=oai_dc`);
    expect(/<header>(.*)<\/header>/.exec(xml)?.[1]).toBe(
      `<identifier>${identifier('12001')}</identifier><datestamp>2026-03-01T10:00:00Z</datestamp><setSpec>vol:12</setSpec>`,
    );
    const dc = (name: string) => texts(xml, `dc:${name}`);
    expect(dc('title')).toEqual(['Rice &amp; wheat yields']);
    expect(dc('creator')).toEqual(['Iyer, Anita K.', 'Sharma, Rahul']);
    expect(dc('subject')).toEqual(['soil', 'water', 'rice']);
    // Paragraphs stay apart.
    expect(dc('description')).toEqual(['Yields rose by 5% &amp; fell &lt;2%. Rice held.']);
    expect(dc('publisher')).toEqual(['Field Press']);
    expect(dc('date')).toEqual(['2026-02-10']);
    expect(dc('type')).toEqual(['Text', 'info:eu-repo/semantics/article', 'info:eu-repo/semantics/publishedVersion']);
    expect(dc('format')).toEqual(['application/pdf']);
    expect(dc('identifier')).toEqual([`${SITE}/archives/2026/vol12/issue1/12001`]);
    expect(dc('source')).toEqual([
      'Journal of Soil &amp; Water, Volume 12, Issue 1, 2026, Pages 1-6',
      '2999-1234',
      '2999-1242',
    ]);
    // The article's language (the journal's first), not the journal's list.
    expect(dc('language')).toEqual(['en']);
    expect(dc('rights')).toEqual(['https://creativecommons.org/licenses/by-sa/4.0/']);
    expect(requestElement(xml)).toBe(
      `<request verb="GetRecord" identifier="${identifier('12001')}" metadataPrefix="oai_dc">${BASE_URL}</request>`,
    );
  });

  it('gives a disabled article as a deleted record: its header with status="deleted", no metadata', async () => {
    const xml = await get(`verb=GetRecord&identifier=${identifier('12002')}&metadataPrefix=oai_dc`);
    expect(xml).toContain(
      `<record><header status="deleted"><identifier>${identifier('12002')}</identifier><datestamp>2026-03-02T10:00:00Z</datestamp>`,
    );
    expect(xml).not.toContain('<metadata>');
  });

  it('answers idDoesNotExist to identifiers it did not issue, and cannotDisseminateFormat to other formats', async () => {
    for (const unknown of [
      identifier('99999'),
      identifier(''),
      'oai:elsewhere.example:article/12001',
      'not an identifier',
    ]) {
      const xml = await get(`verb=GetRecord&identifier=${encodeURIComponent(unknown)}&metadataPrefix=oai_dc`);
      expect(errorOf(xml), unknown).toBe('idDoesNotExist');
    }
    expect(errorOf(await get(`verb=GetRecord&identifier=${identifier('12001')}&metadataPrefix=mods`))).toBe(
      'cannotDisseminateFormat',
    );
    const list = await get('verb=ListRecords&metadataPrefix=mods');
    expect(errorOf(list)).toBe('cannotDisseminateFormat');
    expect(requestElement(list)).toBe(`<request verb="ListRecords" metadataPrefix="mods">${BASE_URL}</request>`);
  });

  it('lists every identifier in pages of 100 with completeListSize and cursor, in the order of the last change', async () => {
    const pages = await harvest('ListIdentifiers', 'metadataPrefix=oai_dc');
    const total = VOLUME_11 + 2;
    expect(pages.map((page) => page.identifiers.length)).toEqual([100, 100, 7]);
    expect(
      pages.map(({ resumption }) => [resumption?.completeListSize, resumption?.cursor, resumption?.token === '']),
    ).toEqual([
      [total, 0, false],
      [total, 100, false],
      [total, 200, true],
    ]);
    expect(pages[0]!.resumption!.expirationDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(pages.flatMap((page) => page.identifiers)).toEqual([...volume11, '12001', '12002'].map(identifier));
  });

  it('harvests a set and a time range, at either granularity', async () => {
    const identifiers = async (query: string) =>
      (await harvest('ListIdentifiers', `metadataPrefix=oai_dc&${query}`)).flatMap((page) => page.identifiers);
    expect(await identifiers('set=vol:12')).toEqual([identifier('12001'), identifier('12002')]);
    expect(await identifiers('set=vol:11')).toEqual(volume11.map(identifier));
    expect(await identifiers('from=2026-03-01')).toEqual([identifier('12001'), identifier('12002')]);
    expect(await identifiers('from=2026-03-01T10:00:00Z&until=2026-03-01T10:00:00Z')).toEqual([identifier('12001')]);
    expect(await identifiers('from=2026-03-01T10:00:01Z')).toEqual([identifier('12002')]);
    // Seconds 1 to 2 of the volume-11 changes hold articles 3 to 8.
    expect(await identifiers('from=2025-06-01T00:00:01Z&until=2025-06-01T00:00:02Z&set=vol:11')).toEqual(
      volume11.slice(3, 9).map(identifier),
    );
    expect(await identifiers('until=2026-02-28')).toEqual(volume11.map(identifier));
    for (const query of [
      'set=vol:99',
      'set=issue:1',
      'from=2030-01-01',
      'until=2020-01-01',
      'set=vol:12&until=2026-01-01',
    ]) {
      expect(errorOf(await get(`verb=ListIdentifiers&metadataPrefix=oai_dc&${query}`)), query).toBe('noRecordsMatch');
    }
  });

  it('keeps a resumption token correct when an article is added during a harvest', async () => {
    const before = VOLUME_11 + 2;
    const pages = await harvest('ListRecords', 'metadataPrefix=oai_dc', async () => {
      await addArticle(t.journal.db, {
        year: 2026,
        volume: 12,
        issue: 1,
        refnumber: '12003',
        modification: new Date().toISOString(),
      });
    });
    expect(pages.map(({ resumption }) => [resumption?.completeListSize, resumption?.cursor])).toEqual([
      [before, 0],
      [before + 1, 100],
      [before + 1, 200],
    ]);
    const harvested = pages.flatMap((page) => page.identifiers);
    expect(harvested).toHaveLength(before + 1);
    expect(new Set(harvested).size).toBe(before + 1);
    expect(harvested.at(-1)).toBe(identifier('12003'));
  });

  it('answers the list verbs by POST with a form body', async () => {
    const xml = await post('verb=ListRecords&metadataPrefix=oai_dc&set=vol%3A12');
    expect(texts(xml, 'identifier')).toEqual([identifier('12001'), identifier('12002'), identifier('12003')]);
    expect(texts(xml, 'dc:title')[0]).toBe('Rice &amp; wheat yields');
    expect(errorOf(await post('verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc'))).toBe('badArgument');
    const json = await t.app.inject({ method: 'POST', url: '/oai', payload: { verb: 'Identify' } });
    expect(json.statusCode).toBe(415);
  });
});

describe('requests the protocol does not allow', () => {
  it.each([
    ['', 'badVerb'],
    ['verb=Delete', 'badVerb'],
    ['verb=Identify&verb=Identify', 'badVerb'],
    ['verb=Identify&metadataPrefix=oai_dc', 'badArgument'],
    ['verb=ListRecords', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=abc', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&foo=1', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai%20dc', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&set=vol%2012', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-13-01', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-02-30', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-03-01T10:00:00', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-03-01&until=2026-03-02T00:00:00Z', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-03-02&until=2026-03-01', 'badArgument'],
    ['verb=GetRecord&metadataPrefix=oai_dc', 'badArgument'],
    ['verb=ListMetadataFormats&set=vol:1', 'badArgument'],
  ])('%s -> %s, echoing no arguments', async (query, code) => {
    const xml = await get(query);
    expect(errorOf(xml)).toBe(code);
    expect(requestElement(xml)).toBe(`<request>${BASE_URL}</request>`);
  });

  it('answers badResumptionToken to a token it did not issue, for another verb, or expired', async () => {
    const position = {
      verb: 'ListRecords' as const,
      set: null,
      from: null,
      until: null,
      after: ['2025-06-01T00:00:00.000Z', 1] as [string, number],
      cursor: 100,
    };
    const forged = Buffer.from(JSON.stringify({ ...position, cursor: 'x' })).toString('base64url');
    const expired = writeToken(position, new Date(Date.now() - 25 * 60 * 60 * 1000)).token;
    const current = writeToken(position, new Date()).token;
    for (const [verb, token] of [
      ['ListRecords', 'abc'],
      ['ListRecords', forged],
      ['ListRecords', expired],
      ['ListIdentifiers', current],
    ]) {
      const xml = await get(`verb=${verb}&resumptionToken=${token}`);
      expect(errorOf(xml), `${verb} ${token}`).toBe('badResumptionToken');
      expect(requestElement(xml)).toBe(`<request verb="${verb}" resumptionToken="${token}">${BASE_URL}</request>`);
    }
  });

  it('answers badResumptionToken to a token whose fields the arguments they stand for would not pass', async () => {
    const position = {
      verb: 'ListIdentifiers',
      set: 11,
      from: '2025-06-01T00:00:00.000Z',
      until: '2026-02-28T23:59:59.999Z',
      after: ['2025-06-01T00:00:33.000Z', 100],
      cursor: 100,
      expires: Math.floor(Date.now() / 1000) + 3600,
    };
    const tokenOf = (fields: object) => Buffer.from(JSON.stringify({ ...position, ...fields })).toString('base64url');
    const pagesFrom = async (token: string) => get(`verb=ListIdentifiers&resumptionToken=${token}`);
    // The position as the list writes it goes on where it was.
    expect(texts(await pagesFrom(tokenOf({})), 'identifier').filter((value) => value.startsWith('oai:'))).toHaveLength(
      100,
    );
    for (const fields of [
      { set: 2_147_483_648 },
      { set: 1_000_000_000 },
      { set: -1 },
      { after: [position.after[0], 2_147_483_648] },
      { after: [position.after[0], Number.MAX_SAFE_INTEGER] },
      { after: [position.after[0], 0] },
      { after: ['2025-06-01T00:00:33.000Z\u0000', 100] },
      { after: ['yesterday', 100] },
      { from: '2025-06-01T00:00:00.000Z\u0000' },
      { from: '2025-02-30T00:00:00.000Z' },
      { until: '2026-02-28' },
      { until: '2026-02-28T23:59:59.999Z\u0000' },
      { from: position.until, until: position.from },
      { cursor: Number.MAX_SAFE_INTEGER },
    ]) {
      const xml = await pagesFrom(tokenOf(fields));
      expect(errorOf(xml), JSON.stringify(fields)).toBe('badResumptionToken');
    }
  });

  it('refuses a NUL character in a form field with 400, as every route does', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oai',
      payload: 'verb=Identify%00',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('verb: must not contain a NUL character');
  });
});

describe('the XML of every answer', () => {
  it.skipIf(skipSchemaValidation())('is valid against the OAI-PMH and oai_dc schemas', () => {
    expect(answers.length).toBeGreaterThan(50);
    expect(schemaErrors('oai-pmh/all.xsd', answers)).toEqual([]);
  });

  it.skipIf(skipSchemaValidation())('would be caught when it is not', () => {
    const broken = answers[0]!.xml.replace('<responseDate>', '<responseDate>yesterday');
    expect(schemaErrors('oai-pmh/all.xsd', [{ label: 'broken', xml: broken }])).not.toEqual([]);
  });
});
