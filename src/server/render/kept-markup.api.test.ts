import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addArticle, addIssue } from '../test/archive-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
const ISSUE_PATH = '/archives/2025/vol3/issue1';

beforeAll(async () => {
  t = await createTestApp();
  await addIssue(t.ctx.db, 2024, 2, 1, 'jan-jun');
  await addIssue(t.ctx.db, 2025, 3, 1, 'jan-feb');
  await addArticle(t.ctx.db, {
    year: 2025,
    volume: 3,
    issue: 1,
    refnumber: '91001',
    title: 'Soils of the Vistula basin',
    authorname: 'Zoë Müller-Łukasiewicz',
  });
  await addArticle(t.ctx.db, {
    year: 2025,
    volume: 3,
    issue: 1,
    refnumber: '91002',
    // A comment shaped like the renderer's placeholders: sanitising drops it before it reaches a page.
    title: 'Rainfall <!--kept:0--> in Pune',
  });
  await addArticle(t.ctx.db, { year: 2024, volume: 2, issue: 1, refnumber: '91003' });
});
afterAll(() => t.close());

/** A first render: a query string nobody asked for before keeps the page out of the page cache. */
let firstRenders = 0;
const firstRender = async (path: string) => {
  const response = await t.app.inject({ method: 'GET', url: `${path}?first=${(firstRenders += 1)}` });
  expect(response.statusCode).toBe(200);
  return response;
};

describe('kept markup (the table rows, the year list and the hydration JSON written from kept bytes)', () => {
  it('puts each piece in its place, as UTF-8, and leaves no placeholder behind', async () => {
    const { body, rawPayload } = await firstRender(ISSUE_PATH);
    expect(body).not.toContain('<!--kept:');
    expect(body).toContain('<p class="article-authors">Zoë Müller-Łukasiewicz</p>');
    expect(body).toContain('<p class="article-title">Rainfall in Pune</p>');
    expect(body).toMatch(/<div class="year-groups"><section class="year-group"><h3><button[^>]*>2025 ISSUES/);
    // The declared charset holds: the bytes decode to the same text strictly.
    expect(new TextDecoder('utf-8', { fatal: true }).decode(rawPayload)).toBe(body);
  });

  it('hydrates from the same data the API gives', async () => {
    const { body } = await firstRender(ISSUE_PATH);
    const json = /<script type="application\/json" id="router-data">(.*?)<\/script>/.exec(body)?.[1];
    const hydration = JSON.parse(json!) as { loaderData: Record<string, unknown>; actionData: unknown };
    const groups = (await t.app.inject({ method: 'GET', url: '/api/archives/' })).json<unknown>();
    expect(hydration.loaderData.archives).toEqual(groups);
    expect(hydration.loaderData).toHaveProperty('root');
    expect(hydration.actionData).toBeNull();
  });

  it('gives the same bytes on every render until a write, and the new rows after it', async () => {
    const first = (await firstRender(ISSUE_PATH)).rawPayload;
    const again = (await firstRender(ISSUE_PATH)).rawPayload;
    expect(again.equals(first)).toBe(true);

    await addArticle(t.ctx.db, { year: 2025, volume: 3, issue: 1, refnumber: '91004', authorname: 'Ola Żak' });
    t.ctx.clock.publicDataChanged();
    const after = (await firstRender(ISSUE_PATH)).body;
    expect(after).toContain('<p class="article-authors">Ola Żak</p>');
    expect(after).toContain('<p class="article-authors">Zoë Müller-Łukasiewicz</p>');
  });
});
