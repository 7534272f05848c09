import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrationDataOf } from '../test/hydration-data.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('server-rendered home page', () => {
  it('holds the journal information, fees and the four-step process in the HTML itself', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>International Journal of Applied Research and Studies</title>');
    expect(html).toContain('Applied Research and Studies</span>');
    expect(html).toContain('Peer Reviewed');
    expect(html).toMatch(/₹ (<!-- -->)?2000/);
    expect(html).toMatch(/\$ (<!-- -->)?50/);
    expect(html.match(/class="step-number"/g)).toHaveLength(4);
    expect(html).toContain('within 5 days');
    expect(html).toContain('NAAS Rating');
    expect(html).toContain('editor@ijars.example');
    expect(html).toContain('<script>window.__staticRouterHydrationData = JSON.parse(');
    expect(html).toContain(`© ${new Date().getFullYear()}`);
  });

  it('links the header and footer as the specification lists', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    for (const href of [
      '/archives',
      '/board',
      '/instructions',
      '/indexing',
      '/contact',
      '/privacy-policy',
      '/terms-and-conditions',
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain('action="/search"');
    expect(html).toContain('https://wa.me/919876543210?text=');
  });

  it("lists the current issue's articles and hands hydration only what the list shows", async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const [newest] = (await t.app.inject({ method: 'GET', url: '/api/archives/' })).json<
      { year: number; volume: number; issues: number[] }[]
    >();
    const issuePath = `/archives/${newest!.year}/vol${newest!.volume}/issue${newest!.issues[0]}`;
    const listed = (await t.app.inject({ method: 'GET', url: `/api${issuePath}` })).json<{ refnumber: string }[]>();
    expect(listed.length).toBeGreaterThan(0);
    for (const { refnumber } of listed) expect(html).toContain(`href="${issuePath}/${refnumber}"`);
    const home = Object.values(hydrationDataOf(html).loaderData).find(
      (data): data is { articles: Record<string, unknown>[] } =>
        typeof data === 'object' && data !== null && 'articles' in data,
    );
    expect(home?.articles).toHaveLength(listed.length);
    for (const entry of home!.articles)
      expect(Object.keys(entry).sort()).toEqual(['authorname', 'pagenumber', 'refnumber', 'title']);
  });

  it("shows the journal's home text, and no empty box where a journal has none", async () => {
    const headers = await t.authHeader();
    const { message: _m, ...settings } = (await t.app.inject({ method: 'GET', url: '/api/settings/', headers })).json<
      Record<string, unknown>
    >();
    const homeWith = async (home_content: string) => {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/settings',
        headers,
        payload: { ...settings, home_content },
      });
      expect(saved.statusCode).toBe(200);
      return (await t.app.inject({ method: 'GET', url: '/' })).body;
    };
    try {
      expect(await homeWith('<p>Aims and scope</p>')).toContain(
        '<section class="home-content rich-text"><p>Aims and scope</p></section>',
      );
      const without = await homeWith('');
      expect(without).toContain('<h2 id="fees-title">Publication Fees</h2>');
      expect(without).not.toContain('home-content');
    } finally {
      await homeWith(String(settings.home_content));
    }
  });

  it('answers an unknown page with a not-found page and HTTP 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
  });

  it('sends a content security policy that forbids inline scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
