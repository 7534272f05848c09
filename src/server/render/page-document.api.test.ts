import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addArticle, addIssue } from '../test/archive-fixtures.js';
import { hydrationDataOf } from '../test/hydration-data.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
const ISSUE_PATH = '/archives/2025/vol3/issue1';

beforeAll(async () => {
  t = await createTestApp();
  await addIssue(t.journal.db, 2024, 2, 1, 'jan-jun');
  await addIssue(t.journal.db, 2025, 3, 1, 'jan-feb');
  await addArticle(t.journal.db, {
    year: 2025,
    volume: 3,
    issue: 1,
    refnumber: '91001',
    title: 'Soils of the Vistula basin',
    authorname: 'Zoë Müller-Łukasiewicz',
  });
  await addArticle(t.journal.db, { year: 2025, volume: 3, issue: 1, refnumber: '91002', title: 'Rainfall in Pune' });
  await addArticle(t.journal.db, { year: 2024, volume: 2, issue: 1, refnumber: '91003' });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** A first render: a query string nobody asked for before keeps the page out of the page cache. */
let firstRenders = 0;
const firstRender = (path: string) => t.app.inject({ method: 'GET', url: `${path}?first=${(firstRenders += 1)}` });

describe('a server-rendered page', () => {
  it('is UTF-8 as declared, with the rows and the year list in place', async () => {
    const { body, rawPayload } = await firstRender(ISSUE_PATH);
    expect(body).toContain('<p class="article-authors">Zoë Müller-Łukasiewicz</p>');
    expect(body).toContain('<p class="article-title">Rainfall in Pune</p>');
    expect(body).toMatch(
      /<div class="year-groups"><section class="year-group"><h3><a href="\/archives\/2025"[^>]*>2025 ISSUES/,
    );
    expect(new TextDecoder('utf-8', { fatal: true }).decode(rawPayload)).toBe(body);
  });

  it('hydrates from the same data the API gives, with no action data and no errors', async () => {
    const { body } = await firstRender(ISSUE_PATH);
    const hydration = hydrationDataOf(body);
    const groups = (await t.app.inject({ method: 'GET', url: '/api/archives/' })).json<unknown>();
    expect(hydration.loaderData.archives).toEqual(groups);
    expect(hydration.loaderData).toHaveProperty('root');
    expect(hydration.actionData).toBeNull();
    expect(hydration.errors).toBeNull();
  });

  it('lets its hydration script run by its hash, and no other inline script', async () => {
    const { body, headers } = await firstRender(ISSUE_PATH);
    const script = /<script>(window\.__staticRouterHydrationData[^<]*)<\/script>/.exec(body)![1]!;
    const hash = createHash('sha256').update(script).digest('base64');
    const scriptSrc = String(headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('gives the same bytes on every render until a write, and the new rows after it', async () => {
    const first = (await firstRender(ISSUE_PATH)).rawPayload;
    const again = (await firstRender(ISSUE_PATH)).rawPayload;
    expect(again.equals(first)).toBe(true);

    await addArticle(t.journal.db, { year: 2025, volume: 3, issue: 1, refnumber: '91004', authorname: 'Ola Żak' });
    t.journal.clock.publicDataChanged();
    const after = (await firstRender(ISSUE_PATH)).body;
    expect(after).toContain('<p class="article-authors">Ola Żak</p>');
    expect(after).toContain('<p class="article-authors">Zoë Müller-Łukasiewicz</p>');
  });
});

describe('a page whose loader throws', () => {
  it('shows the error screen and hands the error to hydration, so the browser does not load the page again', async () => {
    vi.spyOn(t.journal.services.archives, 'issueArticles').mockRejectedValue(new Error('The shelf collapsed'));
    const { statusCode, body } = await firstRender(ISSUE_PATH);
    expect(statusCode).toBe(500);
    expect(body).toContain('<h1>Oops!</h1>');
    expect(body).toContain('<i>The shelf collapsed</i>');
    const hydration = hydrationDataOf(body);
    expect(Object.values(hydration.errors ?? {})).toEqual([{ message: 'The shelf collapsed', __type: 'Error' }]);
    // The layouts' loaders that did answer hydrate as they are.
    expect(hydration.loaderData).toHaveProperty('root');
    expect(hydration.loaderData).toHaveProperty('archives');
  });
});
