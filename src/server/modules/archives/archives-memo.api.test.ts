import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

/** Saves the settings unchanged: a successful write the server sees. */
async function writeThroughTheApi() {
  const headers = await t.authHeader();
  const settings = (await t.app.inject({ method: 'GET', url: '/api/settings/', headers })).json();
  const saved = await t.app.inject({ method: 'POST', url: '/api/settings', headers, payload: settings });
  expect(saved.statusCode).toBe(200);
}

describe('remembered year groups', () => {
  it('show a new issue as soon as an article is published in it through the API', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/archives/' })).json() as {
      year: number;
      volume: number;
    }[];
    expect(before.some((g) => g.volume === 77)).toBe(false);
    const headers = await t.authHeader();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/create-issue',
      headers,
      payload: { year: 2026, volume: 77, issue: 1, frequency: 'jan' },
    });
    expect(created.statusCode).toBeLessThan(300);
    await t.journal.db
      .updateTable('articles')
      .set({ year: 2026, volume: 77, issue: 1 })
      .where('refnumber', '=', '10001')
      .execute();
    // A direct database change is not a write the server saw; the next API write is.
    await writeThroughTheApi();
    const after = (await t.app.inject({ method: 'GET', url: '/api/archives/' })).json() as {
      year: number;
      volume: number;
    }[];
    expect(after.some((g) => g.volume === 77)).toBe(true);
  });
});

describe('remembered issue lists', () => {
  it('are read again after a write, and not before', async () => {
    const article = await t.journal.db
      .selectFrom('articles')
      .select(['year', 'volume', 'issue', 'refnumber'])
      .where('refnumber', '=', '10002')
      .executeTakeFirstOrThrow();
    const listUrl = `/api/archives/${article.year}/${article.volume}/${article.issue}`;
    const titleIn = async () =>
      ((await t.app.inject({ method: 'GET', url: listUrl })).json() as { refnumber: string; title: string }[]).find(
        (a) => a.refnumber === '10002',
      )?.title;
    const before = await titleIn();
    expect(before).toBeTruthy();
    await t.journal.db
      .updateTable('articles')
      .set({ title: 'A title changed behind the server' })
      .where('refnumber', '=', '10002')
      .execute();
    // A direct database change is not a write the server saw: the remembered list still answers.
    expect(await titleIn()).toBe(before);
    await writeThroughTheApi();
    expect(await titleIn()).toBe('A title changed behind the server');
  });
});

describe('remembered articles', () => {
  it('are handed out as the same object until a write, then read again', async () => {
    const archives = t.journal.services.archives;
    const first = await archives.publicArticleByRef('10003');
    expect(first).not.toBeNull();
    expect(await archives.publicArticleByRef('10003')).toBe(first);
    await t.journal.db.updateTable('articles').set({ title: 'Read Again' }).where('refnumber', '=', '10003').execute();
    expect((await archives.publicArticleByRef('10003'))?.title).toBe(first!.title);
    await writeThroughTheApi();
    expect((await archives.publicArticleByRef('10003'))?.title).toBe('Read Again');
  });
});
