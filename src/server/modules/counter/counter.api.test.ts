import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUNTER_KEY_CREATED_MESSAGE,
  COUNTER_KEY_DELETED_MESSAGE,
  DUPLICATE_CUSTOMER_MESSAGE,
} from '../../../common/schemas/counter.js';
import { hashPassword } from '../../auth/passwords.js';
import { addArticle, addIssue } from '../../test/archive-fixtures.js';
import { createTestApp, testEngine, type TestApp } from '../../test/test-app.js';
import { replaceAuthors } from '../articles/article-authors.repository.js';
import { insertUser } from '../users/users.repository.js';
import { REPORTS } from './counter-definitions.js';
import { addMonths, monthOf } from './counter-period.js';
import { KEY_FAILURES_PER_ADDRESS } from './counter-keys.service.js';
import { counterResponseErrors, counterSchemaErrors } from './counter-schema.test-support.js';

// Decision 101: the COUNTER API 5.1 of each journal, and the keys its admins hand out.

let t: TestApp;
let auth: { authorization: string };
let articleId: number;

const thisMonth = monthOf(new Date());
const monthsAgo = (count: number) => addMonths(thisMonth, -count);
const SPAN = { begin_date: monthsAgo(2), end_date: monthsAgo(1) };

const createKey = (payload: object, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'POST', url: '/api/admin/counter-keys', headers, payload });
const counter = (
  path: string,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  t.app.inject({
    method: 'GET',
    url: `/api/counter/r51/${path}?${new URLSearchParams(query)}`,
    headers,
    remoteAddress,
  });

let harvester: { customer_id: string; api_key: string };

const newestActivity = () =>
  t.journal.db
    .selectFrom('activity_log')
    .select(['action', 'object_type', 'object_id', 'summary'])
    .orderBy('id', 'desc')
    .executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  await addIssue(t.journal.db, 2025, 4, 2);
  articleId = await addArticle(t.journal.db, { year: 2025, volume: 4, issue: 2, doi: '10.5555/counted.1' });
  // Four sessions over two months, and searches; one search long before, so the months between have no usage.
  await t.journal.db
    .insertInto('usage_events')
    .values([
      { article_id: articleId, day: `${monthsAgo(2)}-05`, session: 's1', investigations: 3, requests: 1 },
      { article_id: articleId, day: `${monthsAgo(2)}-09`, session: 's2', investigations: 1, requests: 0 },
      { article_id: articleId, day: `${monthsAgo(1)}-28`, session: 's3', investigations: 2, requests: 2 },
    ])
    .execute();
  await t.journal.db
    .insertInto('usage_searches')
    .values([
      { day: `${monthsAgo(6)}-15`, searches: 1 },
      { day: `${monthsAgo(2)}-05`, searches: 4 },
      { day: `${monthsAgo(1)}-02`, searches: 6 },
    ])
    .execute();
  const created = await createKey({ customer_id: 'mtlaurel', institution_name: 'Mount Laurel University' });
  harvester = { customer_id: 'mtlaurel', api_key: created.json().api_key };
});
afterAll(() => t.close());

describe(`COUNTER API keys (${testEngine})`, () => {
  it('shows a new key once, lists keys without it or its hash, and logs the change', async () => {
    const created = await createKey({
      customer_id: 'consortium-7',
      requestor_id: 'harvest.bot',
      institution_name: 'Seven Libraries',
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json();
    expect(key).toMatchObject({
      customer_id: 'consortium-7',
      requestor_id: 'harvest.bot',
      institution_name: 'Seven Libraries',
      last_used_at: null,
      message: COUNTER_KEY_CREATED_MESSAGE,
    });
    expect(key.api_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key.key_hint).toBe(key.api_key.slice(-4));

    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/counter-keys', headers: auth });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((entry: { customer_id: string }) => entry.customer_id)).toEqual([
      'consortium-7',
      'mtlaurel',
    ]);
    expect(listed.body).not.toContain(key.api_key);
    expect(Object.keys(listed.json()[0]).sort()).toEqual(
      ['created_at', 'customer_id', 'id', 'institution_name', 'key_hint', 'last_used_at', 'requestor_id'].sort(),
    );
    const stored = await t.journal.db.selectFrom('counter_api_keys').selectAll().where('id', '=', key.id).execute();
    expect(stored[0]!.key_hash).not.toContain(key.api_key);

    expect(await newestActivity()).toEqual({
      action: 'create',
      object_type: 'counter_key',
      object_id: key.id,
      summary: 'Added a COUNTER API key for Seven Libraries (customer consortium-7)',
    });
  });

  it('refuses a customer id that has a key (409) and input that is not well-formed (400)', async () => {
    const again = await createKey({ customer_id: 'mtlaurel', institution_name: 'Someone else' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'duplicate_customer_id', message: DUPLICATE_CUSTOMER_MESSAGE });
    for (const payload of [
      { institution_name: 'No customer id' },
      { customer_id: 'has space', institution_name: 'Library' },
      { customer_id: 'ok', requestor_id: 'a|b', institution_name: 'Library' },
      { customer_id: 'ok', institution_name: 'X' },
    ]) {
      const refused = await createKey(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error).toBe('invalid_input');
    }
  });

  it('needs an admin token', async () => {
    expect((await createKey({ customer_id: 'x1', institution_name: 'Library' }, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/counter-keys' })).statusCode).toBe(401);
  });

  it('deletes a key, after which its customer is refused; an unknown key is 404', async () => {
    const created = (await createKey({ customer_id: 'leaving', institution_name: 'Leaving College' })).json();
    const credentials = { customer_id: 'leaving', api_key: created.api_key };
    expect((await counter('members', credentials)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/counter-keys/${created.id}`,
      headers: auth,
    });
    expect(removed.json()).toEqual({ message: COUNTER_KEY_DELETED_MESSAGE });
    expect(await newestActivity()).toEqual({
      action: 'delete',
      object_type: 'counter_key',
      object_id: created.id,
      summary: 'Deleted the COUNTER API key of Leaving College (customer leaving)',
    });
    const refused = await counter('members', credentials);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Code).toBe(2010);
    for (const id of [String(created.id), 'abc', '99999999999']) {
      const missing = await t.app.inject({ method: 'DELETE', url: `/api/admin/counter-keys/${id}`, headers: auth });
      expect(missing.statusCode, id).toBe(404);
    }
  });
});

describe(`COUNTER API authentication (${testEngine})`, () => {
  it('answers the status to anyone', async () => {
    const status = await counter('status');
    expect(status.statusCode).toBe(200);
    expect(counterResponseErrors('200_Status', status.json())).toEqual([]);
    expect(status.json()[0]).toMatchObject({ Service_Active: true });
  });

  it('refuses requests without valid credentials with the Exception and HTTP status the Code gives', async () => {
    await createKey({ customer_id: 'with-requestor', requestor_id: 'bot-1', institution_name: 'Requestor Library' });
    const cases: [Record<string, string>, number, number][] = [
      [{}, 400, 1030],
      [{ customer_id: 'nobody', api_key: 'x' }, 403, 2010],
      [{ customer_id: '0000000000000000', api_key: 'x' }, 403, 2011],
      [{ customer_id: 'mtlaurel' }, 401, 2020],
      [{ customer_id: 'mtlaurel', api_key: 'not-the-key' }, 401, 2020],
      [{ customer_id: 'with-requestor', api_key: 'x' }, 400, 1030],
      [{ customer_id: 'with-requestor', requestor_id: 'bot-2', api_key: 'x' }, 401, 2000],
    ];
    for (const [query, status, code] of cases)
      for (const path of ['members', 'reports', 'reports/tr_j3']) {
        const answer = await counter(path, path.includes('/') ? { ...SPAN, ...query } : query);
        const label = `${path} ${JSON.stringify(query)}`;
        expect(answer.statusCode, label).toBe(status);
        expect(answer.json().Code, label).toBe(code);
        expect(counterSchemaErrors(`Exception_${code}`, answer.json()), label).toEqual([]);
        expect(counterResponseErrors(`${status}_Exception`, answer.json()), label).toEqual([]);
      }
  });

  it('refuses an address that keeps sending wrong credentials (1020, 429) until the window ends, a right key too', async () => {
    const guesser = '203.0.113.7';
    const guess = (index: number) =>
      counter('members', { customer_id: 'mtlaurel', api_key: `guess-${index}` }, {}, guesser);
    for (let index = 0; index < KEY_FAILURES_PER_ADDRESS; index++)
      expect((await guess(index)).statusCode, `guess ${index}`).toBe(401);
    const limited = await guess(KEY_FAILURES_PER_ADDRESS);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ Code: 1020, Message: 'Client has made too many requests' });
    expect(counterResponseErrors('429_Exception', limited.json())).toEqual([]);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const rightKey = await counter('reports/tr_j3', { ...SPAN, ...harvester }, {}, guesser);
    expect([rightKey.statusCode, rightKey.json().Code]).toEqual([429, 1020]);
    expect(rightKey.headers['retry-after']).toBeDefined();
    // Another address is not held back by this one's guesses.
    expect((await counter('members', harvester, {}, '198.51.100.9')).statusCode).toBe(200);
  });

  it('refuses a report without its dates (1030) or with dates that are not dates (3020)', async () => {
    const missing = await counter('reports/tr', { ...harvester, begin_date: monthsAgo(2) });
    expect([missing.statusCode, missing.json().Code]).toEqual([400, 1030]);
    const invalid = await counter('reports/tr', { ...harvester, begin_date: '2025-02-30', end_date: monthsAgo(1) });
    expect([invalid.statusCode, invalid.json().Code]).toEqual([400, 3020]);
    expect(counterSchemaErrors('Exception_3020', invalid.json())).toEqual([]);
  });

  it('notes when a key was last used, at most once a minute', async () => {
    const lastUse = async () =>
      (
        await t.journal.db
          .selectFrom('counter_api_keys')
          .select('last_used_at')
          .where('customer_id', '=', 'mtlaurel')
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect((await counter('members', harvester)).statusCode).toBe(200);
    const noted = await lastUse();
    expect(Date.parse(noted!)).toBeGreaterThan(Date.now() - 60_000);
    await counter('members', harvester);
    expect(await lastUse()).toBe(noted);
  });

  it("works only at its journal's host", async () => {
    await t.ctx.db
      .updateTable('users')
      .set({ publisher: 1 } as never)
      .where('id', '=', 1)
      .execute();
    const journal = await t.app.inject({
      method: 'POST',
      url: '/api/publisher/journals',
      headers: await t.authHeader(),
      payload: { name: 'Annals of Soil', shortName: 'AnnSoil', hosts: ['soil.test'] },
    });
    expect(journal.statusCode, journal.body).toBe(201);
    const elsewhere = await counter('members', harvester, { host: 'soil.test' });
    expect([elsewhere.statusCode, elsewhere.json().Code]).toEqual([403, 2010]);
  });
});

describe(`COUNTER reports (${testEngine})`, () => {
  const report = (path: string, query: Record<string, string> = {}) =>
    counter(`reports/${path}`, { ...harvester, ...SPAN, ...query });

  it('lists its members and reports, with the months available', async () => {
    const members = await counter('members', harvester);
    expect(members.json()).toEqual([{ Institution_Name: 'Mount Laurel University', Customer_ID: 'mtlaurel' }]);
    expect(counterResponseErrors('200_Members', members.json())).toEqual([]);
    const reports = await counter('reports', harvester);
    expect(counterResponseErrors('200_Reports', reports.json())).toEqual([]);
    expect(reports.json().map((entry: { Report_ID: string }) => entry.Report_ID)).toEqual(
      Object.values(REPORTS).map((definition) => definition.id),
    );
    expect(reports.json()[0]).toMatchObject({
      First_Month_Available: monthsAgo(6),
      Last_Month_Available: monthsAgo(1),
    });
  });

  it('answers every report, valid by COUNTER_API.json, for the customer', async () => {
    for (const [path, definition] of Object.entries(REPORTS)) {
      const answer = await report(path);
      expect(answer.statusCode, path).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(counterSchemaErrors(definition.id, answer.json()), path).toEqual([]);
      expect(answer.json().Report_Header).toMatchObject({
        Institution_Name: 'Mount Laurel University',
        Report_Filters: { Begin_Date: `${SPAN.begin_date}-01` },
      });
    }
  });

  it('counts exactly the stored uses and searches', async () => {
    const [title] = (await report('tr_j3')).json().Report_Items;
    expect(title.Attribute_Performance).toEqual([
      {
        Access_Type: 'Open',
        Performance: {
          Total_Item_Investigations: { [monthsAgo(2)]: 4, [monthsAgo(1)]: 2 },
          Total_Item_Requests: { [monthsAgo(2)]: 1, [monthsAgo(1)]: 2 },
          Unique_Item_Investigations: { [monthsAgo(2)]: 2, [monthsAgo(1)]: 1 },
          Unique_Item_Requests: { [monthsAgo(2)]: 1, [monthsAgo(1)]: 1 },
        },
      },
    ]);
    const [platform] = (await report('pr', { granularity: 'Total' })).json().Report_Items;
    expect(platform.Attribute_Performance[1]).toEqual({
      Data_Type: 'Platform',
      Performance: { Searches_Platform: { [monthsAgo(2)]: 10 } },
    });
    const [group] = (await report('ir_a1')).json().Report_Items;
    expect(group.Items).toHaveLength(1);
    expect(group.Items[0]).toMatchObject({ Item_ID: { DOI: '10.5555/counted.1' } });
  });

  it('says when a span has no usage (3030) and when its months are not over yet (3031)', async () => {
    const quiet = (await report('tr', { begin_date: monthsAgo(5), end_date: monthsAgo(3) })).json();
    expect(quiet.Report_Items).toEqual([]);
    expect(quiet.Report_Header.Exceptions).toEqual([
      expect.objectContaining({ Code: 3030, Message: 'No Usage Available for Requested Dates' }),
    ]);
    const open = (await report('pr_p1', { end_date: thisMonth })).json();
    expect(open.Report_Header.Exceptions.map((exception: { Code: number }) => exception.Code)).toEqual([3031]);
    expect(counterSchemaErrors('PR_P1', open)).toEqual([]);
  });

  it('offers the same report as a tab-separated file', async () => {
    const answer = await report('tr_j3', { format: 'tsv' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="TR_J3_${SPAN.begin_date}_${SPAN.end_date}.tsv"`,
    );
    const rows = answer.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(rows[0]).toBe('Report_Name\tJournal Usage by Access Type');
    expect(rows[13]).toBe('');
    expect(rows.slice(15).map((row) => row.split('\t').slice(-4))).toContainEqual([
      'Total_Item_Investigations',
      '6',
      '4',
      '2',
    ]);
  });

  it("gives a signed-in admin the report for The World without credentials, staff the customer's refusal", async () => {
    const answer = await counter('reports/ir', SPAN, auth);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().Report_Header).toMatchObject({
      Institution_Name: 'The World',
      Institution_ID: { Proprietary: [expect.stringMatching(/:0000000000000000$/)] },
    });
    expect(counterSchemaErrors('IR', answer.json())).toEqual([]);
    const staffId = await insertUser(t.journal.db, {
      username: 'clerk',
      name: 'Clerk',
      password_hash: await hashPassword('clerk-password'),
      role: 'staff',
    });
    const staff = {
      authorization: `Bearer ${await t.ctx.tokens.sign({ userId: staffId, username: 'clerk', name: 'Clerk' })}`,
    };
    const refused = await counter('reports/ir', SPAN, staff);
    expect([refused.statusCode, refused.json().Code]).toEqual([400, 1030]);
  });

  it('answers 404 for a report this platform does not provide', async () => {
    const answer = await report('dr');
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toContain('pr, pr_p1, tr, tr_j1, tr_j3, ir, ir_a1');
  });
  it("names IR_A1's authors with their ORCID iDs, in the JSON and in the TSV's Authors column", async () => {
    const authorsOf = async () => (await report('ir_a1')).json().Report_Items[0].Items[0].Authors;
    // An article without stored authors: its author line names them.
    expect(await authorsOf()).toEqual([{ Name: 'Test Author' }]);
    const author = { email: '', corresponding: false, affiliation: '', country: '', orcid: '' };
    await replaceAuthors(t.journal.db, articleId, [
      { ...author, given_name: 'Asha', family_name: 'Rao', orcid: '0000-0002-1825-0097', corresponding: true },
      { ...author, given_name: 'Jan', family_name: 'van der Berg' },
      { ...author, given_name: 'Meera', family_name: 'Pillai', orcid: '0000-0001-5109-3700' },
      { ...author, given_name: 'Fourth', family_name: 'Author' },
    ]);
    const answer = (await report('ir_a1')).json();
    expect(counterSchemaErrors('IR_A1', answer)).toEqual([]);
    // COUNTER names at most three.
    expect(answer.Report_Items[0].Items[0].Authors).toEqual([
      { Name: 'Asha Rao', ORCID: '0000-0002-1825-0097' },
      { Name: 'Jan van der Berg' },
      { Name: 'Meera Pillai', ORCID: '0000-0001-5109-3700' },
    ]);
    const rows = (await report('ir_a1', { format: 'tsv' })).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    const header = rows.find((row) => row.startsWith('Item\t'))!.split('\t');
    const item = rows[rows.indexOf(header.join('\t')) + 1]!.split('\t');
    expect(item[header.indexOf('Authors')]).toBe(
      'Asha Rao (ORCID:0000-0002-1825-0097); Jan van der Berg; Meera Pillai (ORCID:0000-0001-5109-3700)',
    );
  });
});
