import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true, env: { SITE_URL: 'https://journal.example.org' } });
});
afterAll(() => t.close());

describe('SITE_URL', () => {
  it('is the origin of the absolute links of a page, whatever host the request names', async () => {
    const article = await t.journal.db
      .selectFrom('articles')
      .selectAll()
      .where('status', '=', 'enabled')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const url = `/archives/${article.year}/vol${article.volume}/issue${article.issue}/${article.refnumber}`;
    const page = await t.app.inject({ method: 'GET', url, headers: { host: 'other-host.example:8080' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="https://journal.example.org${url}">`);
    expect(page.body).toMatch(
      /<meta name="citation_pdf_url" content="https:\/\/journal\.example\.org\/assets\/archives\//,
    );
    expect(page.body).not.toContain('other-host.example');
  });
});
