import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addArticle, addIssue } from '../test/archive-fixtures.js';
import { createTestApp, startAnotherInstance, TEST_ADMIN, type TestApp } from '../test/test-app.js';
import { LOGIN_REQUESTS_PER_MINUTE } from '../modules/auth/auth.routes.js';

// Decision 116: two instances on one database, requests spread over them as a load balancer spreads them: every
// limit and COUNTER's double-click rule hold as on one instance.

let first: TestApp;
let second: Awaited<ReturnType<typeof startAnotherInstance>>;
let instances: TestApp['app'][];

beforeAll(async () => {
  first = await createTestApp();
  second = await startAnotherInstance(first);
  instances = [first.app, second.app];
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** A sign-in from `address`, at the instance whose turn it is. */
const signIn = (turn: number, username: string, password: string, address = '198.51.100.1') =>
  instances[turn % 2]!.inject({
    method: 'POST',
    url: '/auth/login/',
    remoteAddress: address,
    payload: { username, password },
  });

describe('the sign-in limits, across instances', () => {
  it('refuses the eleventh wrong password for a name, whichever instance each came to', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++)
      statuses.push((await signIn(attempt, TEST_ADMIN.username, `wrong-${attempt}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    // The right password too, at either instance, until the window ends; another address is not held back.
    expect((await signIn(0, TEST_ADMIN.username, TEST_ADMIN.password)).statusCode).toBe(429);
    expect((await signIn(1, TEST_ADMIN.username, TEST_ADMIN.password, '198.51.100.2')).statusCode).toBe(200);
  });

  it(`refuses sign-in request ${LOGIN_REQUESTS_PER_MINUTE + 1} from one address in a minute, spread over instances`, async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LOGIN_REQUESTS_PER_MINUTE; attempt++)
      statuses.push((await signIn(attempt, `nobody-${attempt}`, 'guess', '198.51.100.3')).statusCode);
    expect(statuses.slice(0, LOGIN_REQUESTS_PER_MINUTE).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("COUNTER's double-click rule, across instances", () => {
  it("counts ten readers' views once each when each view reaches both instances within a second", async () => {
    await addIssue(first.journal.db, 2025, 4, 1);
    const articleId = await addArticle(first.journal.db, { year: 2025, volume: 4, issue: 1, refnumber: '88001' });
    const answers: boolean[] = [];
    for (let reader = 0; reader < 10; reader++)
      for (const app of instances) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/usage/view',
          remoteAddress: `203.0.113.${reader}`,
          headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
          payload: { ref: '88001' },
        });
        expect(response.statusCode, response.body).toBe(200);
        answers.push((response.json() as { counted: boolean }).counted);
      }
    // Each instance saw each reader once, so each answered that it counted; the shared rule keeps one of the two.
    expect(answers.every(Boolean)).toBe(true);
    await Promise.all([first.ctx.usage.flush(), second.ctx.usage.flush()]);
    const { views } = await first.journal.db
      .selectFrom('usage_events')
      .select((eb) => eb.fn.sum<number>('investigations').as('views'))
      .where('article_id', '=', articleId)
      .executeTakeFirstOrThrow();
    expect(Number(views)).toBe(10);
  });
});
