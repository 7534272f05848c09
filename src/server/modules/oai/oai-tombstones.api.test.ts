import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';
import { createTestApp, TEST_ACTOR, type TestApp } from '../../test/test-app.js';
import { schemaErrors, skipSchemaValidation } from '../../test/xml-schemas.js';
import { insertTombstone } from '../tombstones/tombstones.repository.js';

// Decision 099: a deleted article's tombstone is the deleted record of its identifier, in harvests at the time of its
// removal, and the list's pages stay one order over articles and tombstones.

const SITE = 'https://journal.example.org';
const identifier = (refnumber: string) => `oai:journal.example.org:article/${refnumber}`;

let t: TestApp;
const answers: { label: string; xml: string }[] = [];

async function get(query: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/oai?${query}` });
  expect(response.statusCode, query).toBe(200);
  answers.push({ label: query, xml: response.body });
  return response.body;
}

const texts = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((match) => match[1]!);

interface Header {
  identifier: string;
  datestamp: string;
  deleted: boolean;
}
const headersOf = (xml: string): Header[] =>
  [...xml.matchAll(/<header( status="deleted")?><identifier>([^<]*)<\/identifier><datestamp>([^<]*)</g)].map(
    (match) => ({ deleted: !!match[1], identifier: match[2]!, datestamp: match[3]! }),
  );

/** Every page of a list: its headers, cursor and completeListSize. */
async function harvest(query: string, between?: () => Promise<void>) {
  const pages: { headers: Header[]; cursor?: number; size?: number }[] = [];
  let xml = await get(`verb=ListIdentifiers&metadataPrefix=oai_dc&${query}`);
  for (;;) {
    const resumption = /<resumptionToken completeListSize="(\d+)" cursor="(\d+)"[^>]*>([^<]*)</.exec(xml);
    pages.push({ headers: headersOf(xml), size: Number(resumption?.[1]), cursor: Number(resumption?.[2]) });
    if (!resumption?.[3]) return pages;
    if (pages.length === 1 && between) await between();
    xml = await get(`verb=ListIdentifiers&resumptionToken=${resumption[3]}`);
  }
}

/** An article of volume 5 on its own, outside the ties below. */
const addLoneArticle = (refnumber: string, pagenumber: string, modification: string) =>
  addArticle(t.journal.db, { year: 2026, volume: 5, issue: 1, refnumber, pagenumber, modification });

const T1 = '2026-01-05T08:00:00.000Z';
const T2 = '2026-01-06T08:00:00.000Z';
/** Datestamp ties across the page boundary: T1 holds 120 tombstones and 10 articles, T2 50 articles and 10 tombstones. */
const expected = new Map<string, { datestamp: string; deleted: boolean }>();

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: SITE } });
  const db = t.journal.db;
  await addIssue(db, 2026, 5, 1);
  await addIssue(db, 2026, 6, 1);
  const tombstone = async (n: number, removedAt: string, volume = 5) => {
    const refnumber = String(90_000 + n);
    await insertTombstone(
      db,
      {
        id: 100_000 + n,
        refnumber,
        title: `Gone ${n}`,
        authorname: 'A Author',
        doi: '',
        year: 2026,
        volume,
        issue: 1,
        pagenumber: '1-2',
        publishdate: '2026-01-01',
      },
      removedAt,
    );
    expected.set(refnumber, { datestamp: removedAt.replace('.000', ''), deleted: true });
  };
  const article = async (n: number, modification: string, volume = 5) => {
    const refnumber = String(50_000 + n);
    await addArticle(db, { year: 2026, volume, issue: 1, refnumber, modification, pagenumber: `${n}-${n}` });
    expected.set(refnumber, { datestamp: modification.replace('.000', ''), deleted: false });
  };
  for (let n = 1; n <= 120; n++) await tombstone(n, T1);
  for (let n = 1; n <= 10; n++) await article(n, T1);
  for (let n = 11; n <= 60; n++) await article(n, T2);
  for (let n = 121; n <= 130; n++) await tombstone(n, T2);
  // Another volume, for a selective harvest.
  await tombstone(131, T2, 6);
  await article(61, T2, 6);
  t.journal.clock.publicDataChanged();
});
afterAll(() => t.close());

describe('OAI-PMH and deleted articles', () => {
  it('gives a deleted article as a deleted record dated by its removal, by GetRecord and in the lists', async () => {
    const id = await addLoneArticle('77001', '900-901', '2026-01-01T00:00:00.000Z');
    const before = await get(`verb=GetRecord&identifier=${identifier('77001')}&metadataPrefix=oai_dc`);
    expect(headersOf(before)).toEqual([
      { identifier: identifier('77001'), datestamp: '2026-01-01T00:00:00Z', deleted: false },
    ]);

    await t.journal.services.articles.delete(id, TEST_ACTOR);
    const { removed_at } = await t.journal.db
      .selectFrom('article_tombstones')
      .select('removed_at')
      .where('refnumber', '=', '77001')
      .executeTakeFirstOrThrow();
    const datestamp = removed_at.replace(/\.\d{3}Z$/, 'Z');

    const record = await get(`verb=GetRecord&identifier=${identifier('77001')}&metadataPrefix=oai_dc`);
    expect(record).toContain(
      `<record><header status="deleted"><identifier>${identifier('77001')}</identifier><datestamp>${datestamp}</datestamp><setSpec>vol:5</setSpec></header></record>`,
    );
    expect(record).not.toContain('<metadata>');
    expect(texts(await get(`verb=ListMetadataFormats&identifier=${identifier('77001')}`), 'error')).toHaveLength(1);

    const recent = await get(`verb=ListRecords&metadataPrefix=oai_dc&from=${datestamp}`);
    expect(headersOf(recent)).toContainEqual({ identifier: identifier('77001'), datestamp, deleted: true });
    expect(recent).not.toContain('<metadata>');
    expected.set('77001', { datestamp, deleted: true });
  });

  it('harvests articles and tombstones in one order, page by page, each once, with the right counts', async () => {
    const pages = await harvest('');
    // The first page ends inside T1's tombstones, the second starts with the rest of them.
    expect(pages.map((page) => page.headers.length)).toEqual([100, expected.size - 100]);
    expect(pages.map((page) => page.cursor)).toEqual([0, 100]);
    expect(pages.map((page) => page.size)).toEqual([expected.size, expected.size]);
    expect(pages[1]!.headers[0]).toEqual({
      identifier: identifier('90020'),
      datestamp: '2026-01-05T08:00:00Z',
      deleted: true,
    });
    const headers = pages.flatMap((page) => page.headers);
    expect(new Set(headers.map((header) => header.identifier)).size).toBe(headers.length);
    expect(
      Object.fromEntries(headers.map(({ identifier: id, datestamp, deleted }) => [id, { datestamp, deleted }])),
    ).toEqual(Object.fromEntries([...expected].map(([refnumber, value]) => [identifier(refnumber), value])));
    const datestamps = headers.map((header) => header.datestamp);
    expect(datestamps).toEqual([...datestamps].sort());
  });

  it('applies a set and a time range to tombstones by their volume and removal', async () => {
    const volume6 = (await harvest('set=vol:6')).flatMap((page) => page.headers);
    expect(volume6.map((header) => [header.identifier, header.deleted])).toEqual([
      [identifier('90131'), true],
      [identifier('50061'), false],
    ]);
    const onT2 = (await harvest('from=2026-01-06&until=2026-01-06')).flatMap((page) => page.headers);
    expect(onT2).toHaveLength(50 + 10 + 2);
    expect(onT2.filter((header) => header.deleted)).toHaveLength(11);
  });

  it('sends an article deleted during a harvest once more, as deleted, and skips nothing', async () => {
    // The first of the list, so the first page sends it.
    const id = await addLoneArticle('77002', '902-903', '2025-12-31T00:00:00.000Z');
    expected.set('77002', { datestamp: '', deleted: true });
    const pages = await harvest('', () => t.journal.services.articles.delete(id, TEST_ACTOR));
    const headers = pages.flatMap((page) => page.headers);
    expect(headers.filter((header) => header.identifier === identifier('77002')).map((h) => h.deleted)).toEqual([
      false,
      true,
    ]);
    expect(headers.at(-1)!.identifier).toBe(identifier('77002'));
    expect(new Set(headers.map((header) => header.identifier)).size).toBe(expected.size);
  });

  it.skipIf(skipSchemaValidation())('answers valid OAI-PMH', () => {
    expect(schemaErrors('oai-pmh/all.xsd', answers)).toEqual([]);
  });
});
