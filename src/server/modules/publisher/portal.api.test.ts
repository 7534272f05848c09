import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_DEMO_HOST } from '../../seed/second-demo-journal.js';
import { createTestApp, TEST_ACTOR, type TestApp } from '../../test/test-app.js';
import { TEST_PICTURES } from '../../test/upload-fixtures.js';
import { portalHtml } from './portal.js';

const PUBLISHER_HOST = 'publisher.test';
const PUBLISHER_NAME = 'Applied Research Publications';
const FIRST = { name: 'International Journal of Applied Research and Studies', issn: '2999-1234', eissn: '2999-1242' };
const SECOND = { name: 'Journal of Coastal and Marine Ecology', issn: '2999-5678', eissn: '2999-5686' };
const UNKNOWN_HOST_TEXT = 'No site is served at this address.';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
/** The portal's entries, one `<li>` each, in the order of the page. */
const entriesOf = (html: string) => [...html.matchAll(/<li>(.*?)<\/li>/g)].map((match) => match[1]!);

let t: TestApp;
const get = (url: string, host: string) => t.app.inject({ method: 'GET', url, headers: { host } });
const portal = async (host = PUBLISHER_HOST) => (await get('/', host)).body;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLISHER_HOST, PUBLISHER_NAME }, seedDemo: true });
});
afterAll(() => t.close());

describe('GET / at PUBLISHER_HOST', () => {
  it('answers the portal: the publisher name, then each journal in id order with its name, ISSNs and link', async () => {
    const response = await get('/', PUBLISHER_HOST);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    // The site's security headers still apply, and their policy allows the page's inline <style>.
    expect(response.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    const html = response.body;
    expect(html.startsWith('<!doctype html><html lang="en"><head><meta charset="utf-8">')).toBe(true);
    expect(titleOf(html)).toBe(PUBLISHER_NAME);
    expect(html).toContain(`<h1>${PUBLISHER_NAME}</h1>`);

    const [first, second, ...more] = entriesOf(html);
    expect(more).toEqual([]);
    // Journal 1 of the demo has neither SITE_URL nor a host (it is the catch-all journal): its name links nowhere.
    expect(first).toContain(`<h2>${FIRST.name}</h2>`);
    expect(first).toContain(`<dt>ISSN (print)</dt><dd>${FIRST.issn}</dd><dt>E-ISSN</dt><dd>${FIRST.eissn}</dd>`);
    expect(first).not.toContain('<a ');
    // Journal 2 has no public origin: its primary host, with the protocol the portal was asked with.
    expect(second).toContain(`<h2><a href="http://${SECOND_DEMO_HOST}">${SECOND.name}</a></h2>`);
    expect(second).toContain(`<dt>ISSN (print)</dt><dd>${SECOND.issn}</dd><dt>E-ISSN</dt><dd>${SECOND.eissn}</dd>`);
    // Neither demo journal has a cover picture uploaded.
    expect(html).not.toContain('<img');
  });

  it('answers whatever the port and case of the host, keeping the port on a link made from a host', async () => {
    for (const host of [`${PUBLISHER_HOST}:8080`, 'Publisher.TEST', `${PUBLISHER_HOST}.`]) {
      const response = await get('/', host);
      expect(response.statusCode, host).toBe(200);
      expect(titleOf(response.body), host).toBe(PUBLISHER_NAME);
    }
    // A development server listens on a port, which journal 2's host then needs as well (as the alias redirect keeps it).
    expect(await portal(`${PUBLISHER_HOST}:8080`)).toContain(`<a href="http://${SECOND_DEMO_HOST}:8080">`);
    expect((await get('/?utm_source=mail', PUBLISHER_HOST)).statusCode).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { host: PUBLISHER_HOST } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it("shows a cover picture from the journal's own host, and none for a journal without an address", async () => {
    const auth = await t.authHeader();
    const upload = async (host: string) => {
      const form = new FormData();
      form.append('imgFile', new Blob([new Uint8Array(TEST_PICTURES.png)]), 'cover.png');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/site-pictures/cover',
        headers: { ...auth, host },
        payload: form,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ cover: string }>().cover;
    };
    const secondCover = await upload(SECOND_DEMO_HOST);
    await upload('localhost');
    const [first, second] = entriesOf(await portal());
    expect(second).toContain(`<img src="http://${SECOND_DEMO_HOST}${secondCover}" alt="">`);
    // Journal 1's picture would have no host to be served from: the portal's own answers 404 for it.
    expect(first).not.toContain('<img');
    expect((await get(secondCover, SECOND_DEMO_HOST)).statusCode).toBe(200);
    expect((await get(secondCover, PUBLISHER_HOST)).statusCode).toBe(404);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/site-pictures/cover',
      headers: { ...auth, host: 'localhost' },
    });
  });

  it("escapes every value a journal's settings give it", async () => {
    const settings = t.ctx.journals.site(2).services.settings;
    const before = await settings.get();
    await settings.update(
      { ...before, websitename: '<script>alert("x")</script> & Co', issn: '<b>1234</b>' },
      TEST_ACTOR,
    );
    const html = await portal();
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</a></h2>');
    expect(html).toContain('<dd>&lt;b&gt;1234&lt;/b&gt;</dd>');
    await settings.update(before, TEST_ACTOR);
    expect(await portal()).toContain(`${SECOND.name}</a>`);
  });

  it('lists a journal added later, linked to its public address, after the others', async () => {
    const id = await t.ctx.journalList.create({
      name: 'Journal of Third Things',
      publicOrigin: 'https://third.example.org',
      hosts: ['third.test'],
    });
    const entries = entriesOf(await portal());
    expect(entries.map((entry) => /<h2>(?:<a [^>]*>)?([^<]*)/.exec(entry)?.[1])).toEqual([
      FIRST.name,
      SECOND.name,
      'Journal of Third Things',
    ]);
    expect(id).toBe(3);
    // A new journal has no ISSN yet: no numbers are listed for it.
    expect(entries[2]).toBe('<h2><a href="https://third.example.org">Journal of Third Things</a></h2>');
  });
});

describe('every other request at PUBLISHER_HOST', () => {
  // Its OAI-PMH repository at /oai is the publisher's (publisher-oai.api.test.ts).
  it('answers the plain 404 of an unknown host at any other path or method', async () => {
    for (const url of ['/about', '/archives', '/api/settings/', '/sitemap.xml', '/oai/', '/admin', '/index.html']) {
      const response = await get(url, PUBLISHER_HOST);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.body, url).toContain(UNKNOWN_HOST_TEXT);
    }
    const post = await t.app.inject({ method: 'POST', url: '/', headers: { host: PUBLISHER_HOST }, payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.body).toContain(UNKNOWN_HOST_TEXT);
  });

  it('keeps /healthz', async () => {
    const response = await get('/healthz', PUBLISHER_HOST);
    expect(response.statusCode).toBe(200);
  });
});

describe("the journals' hosts", () => {
  it('answer their journal pages as before', async () => {
    expect(titleOf((await get('/', 'localhost')).body)).toBe(FIRST.name);
    expect(titleOf((await get('/', 'anything.example')).body)).toBe(FIRST.name);
    expect(titleOf((await get('/', SECOND_DEMO_HOST)).body)).toBe(SECOND.name);
    expect((await get('/about', SECOND_DEMO_HOST)).statusCode).toBe(200);
  });
});

describe('portalHtml', () => {
  it('escapes the publisher name, and says so when there is no journal', () => {
    const html = portalHtml('A & B <Publishers>', []);
    expect(html).toContain('<title>A &amp; B &lt;Publishers&gt;</title>');
    expect(html).toContain('<h1>A &amp; B &lt;Publishers&gt;</h1>');
    expect(html).toContain('<p>No journal is published here yet.</p>');
  });
});

describe('without PUBLISHER_HOST', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ seedDemo: true });
  });
  afterAll(() => plain.close());

  it('treats that host as any unknown host: here it reaches journal 1, the one journal without a host', async () => {
    // The demo keeps journal 1 host-less, so it is the catch-all journal (decision 095): an unknown host gets its
    // pages, not the portal. An installation where every journal has hosts would answer the plain 404 instead.
    const response = await plain.app.inject({ method: 'GET', url: '/', headers: { host: PUBLISHER_HOST } });
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe(FIRST.name);
    expect(response.body).not.toContain(`<h1>${PUBLISHER_NAME}</h1>`);
    const about = await plain.app.inject({ method: 'GET', url: '/about', headers: { host: PUBLISHER_HOST } });
    expect(about.statusCode).toBe(200);
  });
});
