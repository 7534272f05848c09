import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { schemaErrors } from '../../test/xml-schemas.js';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';
import { writeToken } from '../oai/resumption-token.js';

const PUBLISHER_HOST = 'publisher.test';
const PUBLISHER_NAME = 'Field & Sea Press';
const PORTAL_OAI = `http://${PUBLISHER_HOST}/oai`;
/** Journal 1 answers any host no journal claims; SITE_URL gives it its address. */
const FIRST = { origin: 'https://first.example.org', host: 'first.example.org' };
/** Journal 2 has no public origin: its address is its host, with the protocol the portal was asked with. */
const SECOND = { host: 'second.test' };
const THIRD = { origin: 'https://third.example.org', host: 'third.test' };
const EMPTY = { host: 'empty.test' };

let t: TestApp;
/** The journals' ids, and the host each one's own /oai is asked at. */
const journals: { id: number; host: string }[] = [];
/** Every answer of the portal, validated against the schema at the end. */
const answers: { label: string; xml: string }[] = [];

const get = async (host: string, query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/oai?${query}`, headers: { host } });
  expect(response.statusCode, `${host} ${query}`).toBe(200);
  expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
  return response.body;
};
const portal = async (query: string) => {
  const xml = await get(PUBLISHER_HOST, query);
  answers.push({ label: `portal ${query}`, xml });
  return xml;
};

const texts = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((match) => match[1]!);
const errorOf = (xml: string) => /<error code="([^"]+)">([^<]*)<\/error>/.exec(xml)?.slice(1);
/** The list's items as written: whole records, or headers for ListIdentifiers. */
const itemsOf = (xml: string) =>
  [...xml.matchAll(/<record>.*?<\/record>|<header(?: [^>]*)?>.*?<\/header>/g)].map(String);
const tokenOf = (xml: string) => /<resumptionToken[^>]*>([^<]*)<\/resumptionToken>/.exec(xml)?.[1];
const resumptionOf = (xml: string) => /<resumptionToken([^>]*)>/.exec(xml)?.[1];

/** Follows a list's resumption tokens to its end: every item, and each page's resumption attributes. */
async function harvest(ask: (query: string) => Promise<string>, verb: string, query: string) {
  const items: string[] = [];
  const pages: string[] = [];
  let xml = await ask(`verb=${verb}&${query}`);
  for (;;) {
    if (errorOf(xml)?.[0] === 'noRecordsMatch') return { items, pages };
    expect(errorOf(xml), xml).toBeUndefined();
    items.push(...itemsOf(xml));
    pages.push(resumptionOf(xml) ?? '');
    const token = tokenOf(xml);
    if (!token) return { items, pages };
    xml = await ask(`verb=${verb}&resumptionToken=${token}`);
  }
}

/** A journal's own item as the portal writes it: its header names the journal's set and the volume's within it. */
const asPortalItem = (journalId: number, item: string) =>
  item.replace(
    /<setSpec>(vol:\d+)<\/setSpec>/g,
    (_match, volume: string) =>
      `<setSpec>journal-${journalId}</setSpec><setSpec>journal-${journalId}:${volume}</setSpec>`,
  );

/** The items of every journal's own harvest, in journal order, written as the portal writes them. */
async function journalsHarvest(verb: string, query: (journalId: number) => string | null) {
  const items: string[] = [];
  for (const { id, host } of journals) {
    const asked = query(id);
    if (asked === null) continue;
    const own = await harvest((q) => get(host, q), verb, asked);
    items.push(...own.items.map((item) => asPortalItem(id, item)));
  }
  return items;
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLISHER_HOST, PUBLISHER_NAME, SITE_URL: FIRST.origin } });
  const second = await t.ctx.journalList.create({ name: 'Journal of the Second Coast', hosts: [SECOND.host] });
  const third = await t.ctx.journalList.create({
    name: 'Third Journal',
    hosts: [THIRD.host],
    publicOrigin: THIRD.origin,
  });
  const empty = await t.ctx.journalList.create({ name: 'Empty Journal', hosts: [EMPTY.host] });
  journals.push(
    { id: t.journal.journal.id, host: FIRST.host },
    { id: second, host: SECOND.host },
    { id: third, host: THIRD.host },
    { id: empty, host: EMPTY.host },
  );
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
  const fill = async (journalId: number, volume: number, count: number, start: number) => {
    const { db } = t.ctx.journals.site(journalId);
    await addIssue(db, 2026, volume, 1);
    for (let n = 0; n < count; n += 1) {
      await addArticle(db, {
        year: 2026,
        volume,
        issue: 1,
        refnumber: String(journalId * 100_000 + volume * 1000 + n),
        // Each journal's changes interleave with the others': the portal keeps journals apart all the same.
        modification: at(start + n * 2),
        // Every tenth is disabled: a deleted record, as its journal's repository gives it.
        status: n % 10 === 9 ? 'disabled' : 'enabled',
      });
    }
  };
  await fill(t.journal.journal.id, 1, 130, 0);
  await fill(t.journal.journal.id, 2, 12, 1000);
  await fill(second, 3, 75, 1);
  await fill(third, 1, 40, 500);
});
afterAll(() => t.close());

describe('the publisher repository at PUBLISHER_HOST/oai', () => {
  it("identifies itself by the publisher's name, with the earliest datestamp of every journal", async () => {
    const xml = await portal('verb=Identify');
    expect(texts(xml, 'repositoryName')).toEqual(['Field &amp; Sea Press']);
    expect(texts(xml, 'baseURL')).toEqual([PORTAL_OAI]);
    expect(texts(xml, 'adminEmail')).toEqual([`webmaster@${PUBLISHER_HOST}`]);
    expect(texts(xml, 'deletedRecord')).toEqual(['persistent']);
    // The empty journal's own earliest datestamp is the time it is asked at, so it is left out here.
    const earliest = await Promise.all(
      journals.slice(0, 3).map(async ({ host }) => texts(await get(host, 'verb=Identify'), 'earliestDatestamp')[0]!),
    );
    expect(earliest).toEqual(['2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z', '2026-01-01T08:20:00Z']);
    expect(texts(xml, 'earliestDatestamp')).toEqual(['2026-01-01T00:00:00Z']);
  });

  it("lists a set per journal, named as the journal, and each of its volumes' sets within it", async () => {
    const xml = await portal('verb=ListSets');
    const expected: string[][] = [];
    for (const { id, host } of journals) {
      const name = texts(await get(host, 'verb=Identify'), 'repositoryName')[0]!;
      const own = await get(host, 'verb=ListSets');
      expected.push([`journal-${id}`, name]);
      const volumes = texts(own, 'setSpec');
      texts(own, 'setName').forEach((volumeName, n) =>
        expected.push([`journal-${id}:${volumes[n]}`, `${name}, ${volumeName}`]),
      );
    }
    const specs = texts(xml, 'setSpec');
    expect(specs.map((spec, n) => [spec, texts(xml, 'setName')[n]])).toEqual(expected);
    // The journal without any issue has its set, and no volume.
    expect(specs.filter((spec) => spec.startsWith(`journal-${journals[3]!.id}`))).toEqual([
      `journal-${journals[3]!.id}`,
    ]);
    expect(specs).toContain(`journal-${journals[0]!.id}:vol:2`);
  });

  it("harvests every journal's records once, each as its journal gives it, a full page after another", async () => {
    const records = await harvest(portal, 'ListRecords', 'metadataPrefix=oai_dc');
    const expected = await journalsHarvest('ListRecords', () => 'metadataPrefix=oai_dc');
    expect(expected).toHaveLength(130 + 12 + 75 + 40);
    expect(records.items).toEqual(expected);
    expect(new Set(texts(records.items.join(''), 'identifier')).size).toBe(expected.length);
    // Deleted records are headers alone, as the journals give them.
    expect(records.items.filter((item) => item.includes('status="deleted"'))).toHaveLength(13 + 1 + 7 + 4);
    // Pages are full across journals' ends; the list's size is the same on every page.
    expect(records.pages).toEqual([
      expect.stringMatching(/^ completeListSize="257" cursor="0" expirationDate="/),
      expect.stringMatching(/^ completeListSize="257" cursor="100" expirationDate="/),
      ' completeListSize="257" cursor="200"',
    ]);
    // Tokens of the journal repository are not the portal's.
    const journalToken = writeToken(
      { verb: 'ListRecords', set: null, from: null, until: null, after: ['2026-01-01T00:00:00.000Z', 1], cursor: 1 },
      new Date(),
    ).token;
    expect(errorOf(await portal(`verb=ListRecords&resumptionToken=${journalToken}`))?.[0]).toBe('badResumptionToken');
  });

  it('harvests the headers alone with ListIdentifiers', async () => {
    const headers = await harvest(portal, 'ListIdentifiers', 'metadataPrefix=oai_dc');
    expect(headers.items).toEqual(await journalsHarvest('ListIdentifiers', () => 'metadataPrefix=oai_dc'));
    expect(headers.items).toHaveLength(257);
  });

  it("harvests a journal's set, a volume's set and a span of dates as the journals give them", async () => {
    const [first, second] = journals;
    const bySet = await harvest(portal, 'ListRecords', `metadataPrefix=oai_dc&set=journal-${second!.id}`);
    const ofSecond = await journalsHarvest('ListRecords', (id) => (id === second!.id ? 'metadataPrefix=oai_dc' : null));
    expect(bySet.items).toEqual(ofSecond);
    expect(bySet.items).toHaveLength(75);

    const byVolume = await harvest(portal, 'ListIdentifiers', `metadataPrefix=oai_dc&set=journal-${first!.id}:vol:2`);
    const ofVolume = await journalsHarvest('ListIdentifiers', (id) =>
      id === first!.id ? 'metadataPrefix=oai_dc&set=vol:2' : null,
    );
    expect(byVolume.items).toEqual(ofVolume);
    expect(byVolume.items).toHaveLength(12);

    const span = 'from=2026-01-01T01:00:00Z&until=2026-01-01T04:00:00Z';
    const byDates = await harvest(portal, 'ListIdentifiers', `metadataPrefix=oai_dc&${span}`);
    const ofDates = await journalsHarvest('ListIdentifiers', () => `metadataPrefix=oai_dc&${span}`);
    expect(byDates.items).toEqual(ofDates);
    expect(byDates.items.length).toBeGreaterThan(100);
    expect(byDates.items.length).toBeLessThan(257);
  });

  it("gives a record by its journal's identifier, as its journal does", async () => {
    for (const { id, host } of journals.slice(0, 3)) {
      const [identifier, deleted] = texts(
        await get(host, 'verb=ListIdentifiers&metadataPrefix=oai_dc'),
        'identifier',
      ).slice(8, 10);
      for (const asked of [identifier, deleted]) {
        const query = `verb=GetRecord&metadataPrefix=oai_dc&identifier=${asked}`;
        expect(itemsOf(await portal(query))).toEqual(
          itemsOf(await get(host, query)).map((item) => asPortalItem(id, item)),
        );
      }
      expect(errorOf(await portal(`verb=ListMetadataFormats&identifier=${deleted}`))?.[0]).toBe('noMetadataFormats');
      expect(texts(await portal(`verb=ListMetadataFormats&identifier=${identifier}`), 'metadataPrefix')).toEqual([
        'oai_dc',
      ]);
    }
    expect(
      errorOf(await portal(`verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${THIRD.origin.slice(8)}:article/7`)),
    ).toEqual(['idDoesNotExist', `No item has the identifier oai:third.example.org:article/7`]);
    expect(
      errorOf(await portal('verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:elsewhere.org:article/7'))?.[0],
    ).toBe('idDoesNotExist');
  });

  it("answers bad requests with the protocol's errors", async () => {
    const refusals: [query: string, code: string, message?: string][] = [
      ['verb=Harvest', 'badVerb', '&quot;Harvest&quot; is not a verb of OAI-PMH 2.0'],
      ['verb=ListRecords', 'badArgument', 'ListRecords needs the metadataPrefix argument'],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-13-01', 'badArgument'],
      ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
      ['verb=ListRecords&metadataPrefix=oai_dc&set=vol:1', 'noRecordsMatch', 'No set is named vol:1'],
      ['verb=ListRecords&metadataPrefix=oai_dc&set=journal-99', 'noRecordsMatch', 'No set is named journal-99'],
      [`verb=ListRecords&metadataPrefix=oai_dc&set=journal-${journals[3]!.id}`, 'noRecordsMatch'],
      ['verb=ListIdentifiers&resumptionToken=abc', 'badResumptionToken'],
      ['verb=ListSets&resumptionToken=abc', 'badResumptionToken'],
    ];
    for (const [query, code, message] of refusals) {
      const [answered, said] = errorOf(await portal(query)) ?? [];
      expect(answered, query).toBe(code);
      if (message) expect(said, query).toBe(message);
    }
  });

  it('answers a form sent by POST as the same request by GET', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oai',
      headers: { host: PUBLISHER_HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'verb=ListSets',
    });
    expect(response.statusCode).toBe(200);
    const without = (xml: string) => xml.replace(/<responseDate>.*?<\/responseDate>/, '');
    expect(without(response.body)).toBe(without(await portal('verb=ListSets')));
  });

  it('is cached as a journal repository is, until any journal changes', async () => {
    const ask = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/oai?verb=Identify', headers: { host: PUBLISHER_HOST, ...headers } });
    const first = await ask();
    const journal = await t.app.inject({ method: 'GET', url: '/oai?verb=Identify', headers: { host: SECOND.host } });
    expect(first.headers['cache-control']).toBe(journal.headers['cache-control']);
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(first.headers['last-modified']).toBeTruthy();
    expect((await ask({ 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

    t.ctx.journals.site(journals[2]!.id).clock.publicDataChanged();
    const changed = await ask({ 'if-none-match': String(first.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it('is harvested whole by a real harvester (HTTP::OAI)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { stdout } = await promisify(execFile)(
      'perl',
      [
        '-MHTTP::OAI',
        '-MHTTP::OAI::Metadata::OAI_DC',
        '-e',
        HARVESTER,
        `http://127.0.0.1:${port}/oai`,
        `${PUBLISHER_HOST}:${port}`,
      ],
      {
        env: { ...process.env, no_proxy: '*', NO_PROXY: '*' },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(lines.filter(([kind]) => kind === 'repository')).toEqual([['repository', PUBLISHER_NAME]]);
    const sets = lines.filter(([kind]) => kind === 'set').map(([, spec]) => spec!);
    expect(sets.filter((spec) => !spec.includes(':'))).toEqual(journals.map(({ id }) => `journal-${id}`));
    const records = lines.filter(([kind]) => kind === 'record');
    const expected = await journalsHarvest('ListIdentifiers', () => 'metadataPrefix=oai_dc');
    expect(records).toHaveLength(expected.length);
    // The journal without a public origin is asked for at the port the portal was: its identifiers name its host alone.
    expect(records.map(([, identifier]) => identifier)).toEqual(texts(expected.join(''), 'identifier'));
    expect(records.filter(([, , status]) => status === 'deleted')).toHaveLength(25);
    expect(records.filter(([, , , title]) => title).length).toBe(257 - 25);
  });

  it('is valid against the OAI-PMH and oai_dc schemas', () => {
    expect(answers.length).toBeGreaterThan(25);
    expect(schemaErrors('oai-pmh/all.xsd', answers)).toEqual([]);
    const broken = answers[0]!.xml.replace('<responseDate>', '<responseDate>yesterday');
    expect(schemaErrors('oai-pmh/all.xsd', [{ label: 'broken', xml: broken }])).not.toEqual([]);
  });
});

describe('a journal without an address', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ env: { PUBLISHER_HOST } });
    const second = await bare.ctx.journalList.create({ name: 'Hosted Journal', hosts: [SECOND.host] });
    for (const { db } of [bare.journal, bare.ctx.journals.site(second)]) {
      await addIssue(db, 2026, 1, 1);
      await addArticle(db, { year: 2026, volume: 1, issue: 1, modification: '2026-01-01T00:00:00.000Z' });
    }
  });
  afterAll(() => bare.close());

  it('is left out: it answers any host no journal claims, so its identifiers name no host of its own', async () => {
    const ask = async (query: string) =>
      (await bare.app.inject({ method: 'GET', url: `/oai?${query}`, headers: { host: PUBLISHER_HOST } })).body;
    expect(texts(await ask('verb=ListSets'), 'setSpec')).toEqual(['journal-2', 'journal-2:vol:1']);
    const identifiers = texts(await ask('verb=ListIdentifiers&metadataPrefix=oai_dc'), 'identifier');
    expect(identifiers).toEqual([expect.stringMatching(new RegExp(`^oai:${SECOND.host}:article/`))]);
  });
});

/**
 * Harvests a repository with HTTP::OAI (Debian's libhttp-oai-perl), following its resumption tokens: one line per
 * repository name, set and record (identifier, deleted or not, its Dublin Core title).
 */
const HARVESTER = `
use strict;
binmode STDOUT, ':utf8';
my $h = HTTP::OAI::Harvester->new(baseURL => $ARGV[0]);
# The server listens on 127.0.0.1; the request names the portal's host, as a name server would have it.
$h->default_header(Host => $ARGV[1]);
my $identify = $h->Identify;
die 'Identify: ' . $identify->message . "\\n" if $identify->is_error;
print "repository\\t", $identify->repositoryName, "\\n";
my $sets = $h->ListSets;
die 'ListSets: ' . $sets->message . "\\n" if $sets->is_error;
while (my $set = $sets->next) { print "set\\t", $set->setSpec, "\\t", $set->setName, "\\n" }
my $records = $h->ListRecords(
  metadataPrefix => 'oai_dc',
  handlers => { metadata => 'HTTP::OAI::Metadata::OAI_DC' },
  onRecord => sub {
    my $record = shift;
    my $title = $record->metadata ? join(' ', @{ $record->metadata->dc->{title} || [] }) : '';
    print "record\\t", $record->identifier, "\\t", ($record->is_deleted ? 'deleted' : ''), "\\t", $title, "\\n";
  },
);
die 'ListRecords: ' . $records->message . "\\n" if $records->is_error;
`;
