import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';
import { createTestApp, TEST_ACTOR, testEngine, type TestApp } from '../../test/test-app.js';
import { REPORTS } from '../counter/counter-definitions.js';
import { KEY_FAILURES_PER_ADDRESS } from '../counter/counter-keys.service.js';
import { addMonths, monthOf } from '../counter/counter-period.js';
import { counterResponseErrors, counterSchemaErrors } from '../counter/counter-schema.test-support.js';
import { PublisherCounterKeys } from './publisher-counter.service.js';

// Decision 131: the COUNTER API at PUBLISHER_HOST, every journal's usage as the publisher's one platform.

const PUBLISHER_HOST = 'publisher.test';
const PUBLISHER_NAME = 'Field & Sea Press';
const HOSTS = ['first.example.org', 'second.test', 'third.test'];

let t: TestApp;
const thisMonth = monthOf(new Date());
const monthsAgo = (count: number) => addMonths(thisMonth, -count);
const SPAN = { begin_date: monthsAgo(3), end_date: monthsAgo(1) };

/** The same customer id at every journal and at the publisher, each with its own key. */
const CUSTOMER = 'mtlaurel';
const journalKeys: string[] = [];
let publisherKey: string;

const counter = (host: string, path: string, query: Record<string, string>, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'GET',
    url: `/api/counter/r51/${path}?${new URLSearchParams(query)}`,
    headers: { host },
    remoteAddress,
  });
const atPortal = (path: string, query: Record<string, string> = {}, address?: string) =>
  counter(PUBLISHER_HOST, path, { customer_id: CUSTOMER, api_key: publisherKey, ...query }, address);
const atJournal = (index: number, path: string, query: Record<string, string> = {}) =>
  counter(HOSTS[index]!, path, { customer_id: CUSTOMER, api_key: journalKeys[index]!, ...query });

interface Item {
  Platform?: string;
  Title?: string;
  Attribute_Performance?: { Data_Type?: string; Performance: Record<string, Record<string, number>> }[];
  Items?: Item[];
}

/** Every count of a report's items, added up by metric and month (and by Data_Type, for the platform report). */
function sums(items: Item[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const item of items.flatMap((entry) => entry.Items ?? [entry]))
    for (const line of item.Attribute_Performance ?? [])
      for (const [metric, months] of Object.entries(line.Performance))
        for (const [month, count] of Object.entries(months)) {
          const key = `${line.Data_Type ?? ''} ${metric} ${month}`;
          totals[key] = (totals[key] ?? 0) + count;
        }
  return totals;
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLISHER_HOST, PUBLISHER_NAME, SITE_URL: `https://${HOSTS[0]}` } });
  const second = await t.ctx.journalList.create({ name: 'Journal of the Second Coast', hosts: [HOSTS[1]!] });
  const third = await t.ctx.journalList.create({ name: 'Third Journal', hosts: [HOSTS[2]!] });
  const ids = [t.journal.journal.id, second, third];
  for (const [index, journalId] of ids.entries()) {
    const site = t.ctx.journals.site(journalId);
    await addIssue(site.db, 2025, 1, 1);
    const articles = [];
    for (let n = 0; n < 2; n += 1)
      articles.push(await addArticle(site.db, { year: 2025, volume: 1, issue: 1, refnumber: `${journalId}0${n}` }));
    // Each journal's use differs: the sums cannot match by chance.
    await site.db
      .insertInto('usage_events')
      .values([
        { article_id: articles[0]!, day: `${monthsAgo(3)}-05`, session: 's1', investigations: 2 + index, requests: 1 },
        { article_id: articles[1]!, day: `${monthsAgo(2)}-09`, session: 's2', investigations: 1, requests: index },
        { article_id: articles[0]!, day: `${monthsAgo(1)}-20`, session: 's3', investigations: 5, requests: 3 + index },
      ])
      .execute();
    await site.db
      .insertInto('usage_searches')
      .values([{ day: `${monthsAgo(2)}-02`, searches: 4 + index }])
      .execute();
    const key = await site.services.counterKeys.create(
      { customer_id: CUSTOMER, requestor_id: '', institution_name: 'Mount Laurel University' },
      TEST_ACTOR,
    );
    journalKeys.push(key.api_key);
  }
  const created = await new PublisherCounterKeys(t.ctx.db).create({
    customer_id: CUSTOMER,
    requestor_id: '',
    institution_name: 'Mount Laurel University',
  });
  publisherKey = created.api_key;
});
afterAll(() => t.close());

describe(`the publisher's COUNTER API at PUBLISHER_HOST (${testEngine})`, () => {
  it('answers every report, the status, members and report list as the COUNTER API specification describes', async () => {
    for (const definition of Object.values(REPORTS)) {
      const answer = await atPortal(`reports/${definition.id.toLowerCase()}`, SPAN);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(counterSchemaErrors(definition.id, answer.json()), definition.id).toEqual([]);
      const items = answer.json().Report_Items as Item[];
      // TR_J1 leaves out open access, which is all there is here: no items, and Exception 3030 says so.
      if (definition.id === 'TR_J1') expect(answer.json().Report_Header.Exceptions[0].Code).toBe(3030);
      else expect(items.length, definition.id).toBeGreaterThan(0);
      for (const item of items.flatMap((entry) => entry.Items ?? [entry]))
        expect(item.Platform, definition.id).toBe(PUBLISHER_NAME);
      expect(answer.json().Report_Header.Created_By).toBe(PUBLISHER_NAME);
    }
    const status = await counter(PUBLISHER_HOST, 'status', {});
    expect(counterResponseErrors('200_Status', status.json())).toEqual([]);
    expect(status.json()[0].Description).toContain(PUBLISHER_NAME);
    expect(counterResponseErrors('200_Members', (await atPortal('members')).json())).toEqual([]);
    expect(counterResponseErrors('200_Reports', (await atPortal('reports')).json())).toEqual([]);
  });

  it("adds up every journal's usage: each metric of PR and TR is the sum of the journals' for the same months", async () => {
    for (const report of ['pr', 'tr', 'ir']) {
      const portal = await atPortal(`reports/${report}`, SPAN);
      const journals = await Promise.all(HOSTS.map((_host, index) => atJournal(index, `reports/${report}`, SPAN)));
      const expected: Record<string, number> = {};
      for (const journal of journals)
        for (const [key, count] of Object.entries(sums(journal.json().Report_Items)))
          expected[key] = (expected[key] ?? 0) + count;
      expect(Object.keys(expected).length, report).toBeGreaterThan(3);
      expect(sums(portal.json().Report_Items), report).toEqual(expected);
    }
    // A title per journal, each with the journal's own counts.
    const titles = (await atPortal('reports/tr', SPAN)).json().Report_Items as Item[];
    for (const [index] of HOSTS.entries()) {
      const own = (await atJournal(index, 'reports/tr', SPAN)).json().Report_Items as Item[];
      expect(titles.filter((title) => title.Title === own[0]!.Title)).toEqual([
        { ...own[0], Platform: PUBLISHER_NAME },
      ]);
    }
    // The platform report is one item, its searches the journals' together (4 + 5 + 6).
    const platform = (await atPortal('reports/pr', SPAN)).json().Report_Items as Item[];
    expect(platform).toHaveLength(1);
    expect(sums(platform)[`Platform Searches_Platform ${monthsAgo(2)}`]).toBe(15);
  });

  it("keeps the keys apart: a journal's key is refused at the portal, the publisher's at a journal", async () => {
    const journalKeyAtPortal = await atPortal('reports/pr', { ...SPAN, api_key: journalKeys[0]! });
    expect([journalKeyAtPortal.statusCode, journalKeyAtPortal.json().Code]).toEqual([401, 2020]);
    const publisherKeyAtJournal = await atJournal(1, 'reports/pr', { ...SPAN, api_key: publisherKey });
    expect([publisherKeyAtJournal.statusCode, publisherKeyAtJournal.json().Code]).toEqual([401, 2020]);
    const elsewhere = await counter(HOSTS[2]!, 'reports/pr', { ...SPAN, customer_id: 'press-only', api_key: 'x' });
    expect([elsewhere.statusCode, elsewhere.json().Code]).toEqual([403, 2010]);
    await new PublisherCounterKeys(t.ctx.db).create({
      customer_id: 'press-only',
      requestor_id: '',
      institution_name: 'Press Library',
    });
    const unknownAtJournal = await counter(HOSTS[2]!, 'reports/pr', {
      ...SPAN,
      customer_id: 'press-only',
      api_key: 'x',
    });
    expect([unknownAtJournal.statusCode, unknownAtJournal.json().Code]).toEqual([403, 2010]);
    for (const [index] of HOSTS.entries()) expect((await atJournal(index, 'reports/pr', SPAN)).statusCode).toBe(200);
    expect((await atPortal('reports/pr', SPAN)).statusCode).toBe(200);
  });

  it('answers bad requests with the COUNTER Exceptions, never a server error', async () => {
    const cases: [Record<string, string>, number, number][] = [
      [{ api_key: 'not-the-key' }, 401, 2020],
      [{ customer_id: 'nobody' }, 403, 2010],
      [{ customer_id: '' }, 400, 1030],
      [{ begin_date: 'soon', end_date: monthsAgo(1) }, 400, 3020],
    ];
    for (const [query, status, code] of cases) {
      const answer = await atPortal('reports/pr', { ...SPAN, ...query }, '10.9.9.9');
      expect([answer.statusCode, answer.json().Code], JSON.stringify(query)).toEqual([status, code]);
    }
    // Without credentials, no one is The World at the portal.
    const bare = await counter(PUBLISHER_HOST, 'reports/pr', SPAN);
    expect([bare.statusCode, bare.json().Code]).toEqual([400, 1030]);
    expect((await atPortal('reports/xx', SPAN)).statusCode).toBe(404);
  });

  it("counts wrong credentials with the journals': the limit is one for every platform", async () => {
    const address = '10.7.7.7';
    for (let n = 0; n < KEY_FAILURES_PER_ADDRESS; n += 1) {
      const host = n % 2 === 0 ? PUBLISHER_HOST : HOSTS[1]!;
      const wrong = await counter(host, 'reports/pr', { ...SPAN, customer_id: CUSTOMER, api_key: 'wrong' }, address);
      expect(wrong.statusCode).toBe(401);
    }
    const limited = await atPortal('reports/pr', SPAN, address);
    expect([limited.statusCode, limited.json().Code]).toEqual([429, 1020]);
    expect(counterResponseErrors('429_Exception', limited.json())).toEqual([]);
    const atJournalToo = await counter(
      HOSTS[0]!,
      'reports/pr',
      { ...SPAN, customer_id: CUSTOMER, api_key: journalKeys[0]! },
      address,
    );
    expect([atJournalToo.statusCode, atJournalToo.json().Code]).toEqual([429, 1020]);
  });
});
