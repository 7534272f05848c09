import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGE_SLUGS } from '../../../common/schemas/pages.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  auth = await t.authHeader();
});
afterAll(() => t.close());

const save = (slug: string, payload: unknown, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/pages/${slug}`, headers, payload: payload as object });
const storedContent = async (slug: string) =>
  (await t.journal.db.selectFrom('content_pages').select('content').where('slug', '=', slug).executeTakeFirstOrThrow())
    .content;
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

describe('GET /api/pages/{slug}', () => {
  it('answers every page, seeded with its text and the settings it names as placeholders', async () => {
    for (const slug of CONTENT_PAGE_SLUGS) {
      const response = await t.app.inject({ method: 'GET', url: `/api/pages/${slug}` });
      expect(response.statusCode, slug).toBe(200);
      expect(response.json().slug).toBe(slug);
    }
    const instructions = (await t.app.inject({ method: 'GET', url: '/api/pages/instructions' })).json();
    expect(instructions.title).toBe('Instructions to Authors');
    expect(instructions.content).toContain('<h2>Preparing the manuscript</h2>');
    expect(instructions.content).toContain('₹ {fee_rupee}');
  });

  it('refuses a page that does not exist with 400 and names the pages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/pages/secrets' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('slug: must be one of instructions, about, contact');
  });
});

describe('GET /api/admin/pages', () => {
  it('lists the five pages for an admin and refuses visitors', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/pages' })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/pages', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().map((page: { slug: string }) => page.slug)).toEqual(CONTENT_PAGE_SLUGS);
  });
});

describe('PUT /api/admin/pages/{slug}', () => {
  it('stores sanitised text that the public page shows at once, with settings filled in', async () => {
    expect(mainOf((await t.app.inject({ method: 'GET', url: '/about' })).body)).toContain('Peer review');
    const response = await save('about', {
      content:
        '<h2>Our aims</h2><p onclick="steal()">{websitename} <b>publishes</b> careful work.</p><script>alert(1)</script><ul><li>Open</li></ul>',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Page updated successfully');
    expect(response.json().content).toBe(
      '<h2>Our aims</h2><p>{websitename} <b>publishes</b> careful work.</p><ul><li>Open</li></ul>',
    );
    const main = mainOf((await t.app.inject({ method: 'GET', url: '/about' })).body);
    expect(main).toContain(
      '<h2>Our aims</h2><p>International Journal of Applied Research and Studies <b>publishes</b> careful work.</p>',
    );
    expect(main).not.toContain('Peer review');
    expect(main).not.toContain('alert(1)');
  });

  it('keeps the scroll target of the privacy and terms pages whatever their text', async () => {
    expect((await save('privacy-policy', { content: '<p>We keep nothing.</p>' })).statusCode).toBe(200);
    const body = (await t.app.inject({ method: 'GET', url: '/privacy-policy' })).body;
    expect(body).toContain('<section id="privacy"');
    expect(mainOf(body)).toContain('We keep nothing.');
  });

  it('refuses empty text, text that is only markup or script, an unknown page and a missing token, changing nothing', async () => {
    const before = await storedContent('contact');
    for (const content of ['', '<p> </p>', '<script>alert(1)</script>']) {
      const response = await save('contact', { content });
      expect(response.statusCode, content).toBe(400);
      expect(response.json().message).toBe('content: Page text is required');
    }
    expect((await save('contact', {})).statusCode).toBe(400);
    expect((await save('contact', { content: `<p>${'x'.repeat(200_001)}</p>` })).json().message).toBe(
      'content: must be at most 200000 characters',
    );
    expect((await save('secrets', { content: '<p>x</p>' })).statusCode).toBe(400);
    expect((await save('contact', { content: '<p>x</p>' }, {})).statusCode).toBe(401);
    expect(await storedContent('contact')).toBe(before);
  });

  it('fills placeholders with escaped settings and leaves unknown ones as written', async () => {
    await t.journal.db.updateTable('settings').set({ websitename: 'A <b>&</b> B' }).execute();
    t.journal.clock.publicDataChanged();
    await save('terms-and-conditions', { content: '<p>{websitename} and {no_such_setting}</p>' });
    const main = mainOf((await t.app.inject({ method: 'GET', url: '/terms-and-conditions' })).body);
    expect(main).toContain('<p>A &lt;b&gt;&amp;&lt;/b&gt; B and {no_such_setting}</p>');
  });
});
