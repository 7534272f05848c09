import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGE_SLUGS } from '../../common/schemas/pages.js';
import { articleFields, issueFields, multipartForm, testPdf } from '../test/article-form.js';
import { addEditor } from '../test/editor-fixtures.js';
import { pdfText } from '../test/pdf-inspect.js';
import { routeTable } from '../test/route-table.js';
import { createTestApp, TEST_ADMIN, testEngine, type TestApp } from '../test/test-app.js';

/**
 * Two journals made alike: the same reference number, issue, title, author, editor and settings, each text
 * carrying its journal's marker. No answer at one journal's host may carry the other's marker (decision 095).
 */
const JOURNALS = [
  { id: 1, host: 'alpha.journals.test', marker: 'QXALPHA' },
  { id: 2, host: 'bravo.journals.test', marker: 'QXBRAVO' },
] as const;
type Journal = (typeof JOURNALS)[number];
const ISSUE = { year: 2025, volume: 3, issue: 1 };
const REFNUMBER = '7001';
const other = (journal: Journal) => JOURNALS.find((j) => j !== journal)!;

let t: TestApp;
let auth: { authorization: string };
/** Each journal's article id (the two differ: ids are the installation's). */
const articleIds = new Map<number, number>();

const ask = (journal: Journal, url: string, method = 'GET', payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers: { ...auth, host: journal.host }, payload: payload as never });

async function makeJournal(journal: Journal) {
  const settings = (await ask(journal, '/api/settings/')).json();
  const saved = await ask(journal, '/api/settings', 'POST', {
    ...settings,
    message: undefined,
    websitename: `Annals ${journal.marker}`,
    publisher_name: `Press ${journal.marker}`,
    issn: '2999-1234',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await ask(journal, '/api/admin/create-issue', 'POST', { ...ISSUE, frequency: 'jan-feb' })).statusCode).toBe(
    201,
  );
  const fields = articleFields(1, {
    ...issueFields(ISSUE),
    refnumber: REFNUMBER,
    title: `Soil study ${journal.marker}`,
    authorname: `Asha ${journal.marker}`,
    txnid: 'TXN-1',
  });
  const added = await ask(journal, '/api/admin/archives/', 'POST', multipartForm(fields, testPdf(journal.marker)));
  expect(added.statusCode, added.body).toBe(201);
  articleIds.set(journal.id, added.json().id);
  await addEditor(t.ctx.journals.site(journal.id).db, `Rao ${journal.marker}`);
}

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
  await t.ctx.db.insertInto('journal_hosts').values({ host: JOURNALS[0].host, journal_id: 1, is_primary: 1 }).execute();
  await t.ctx.journals.reload();
  await t.ctx.journalList.create({ name: 'Second', hosts: [JOURNALS[1].host] });
  for (const journal of JOURNALS) await makeJournal(journal);
}, 60_000);
afterAll(() => t?.close());

/** The public addresses every journal has, besides the API's GET routes. */
const PUBLIC_PATHS = [
  '/',
  '/archives',
  `/archives/${ISSUE.year}`,
  `/archives/${ISSUE.year}/vol${ISSUE.volume}/issue${ISSUE.issue}`,
  `/archives/${ISSUE.year}/vol${ISSUE.volume}/issue${ISSUE.issue}/${REFNUMBER}`,
  '/board',
  '/indexing',
  '/contact',
  `/search?keyword=soil`,
  `/download/${REFNUMBER}`,
  '/sitemap.xml',
  `/sitemap-${ISSUE.year}.xml`,
  '/feed.xml',
  '/robots.txt',
  '/oai?verb=Identify',
  '/oai?verb=ListRecords&metadataPrefix=oai_dc',
  `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:alpha.journals.test:${REFNUMBER}`,
  `/cite/${REFNUMBER}.bib`,
  `/cite/${REFNUMBER}.ris`,
  `/assets/archives/${ISSUE.year}/vol${ISSUE.volume}issue${ISSUE.issue}/${REFNUMBER}.pdf`,
  `/api/admin/crossref/${ISSUE.year}/${ISSUE.volume}/${ISSUE.issue}`,
];

/** Every GET route of the API with its parameters filled for `journal`, its article id and the other's. */
function apiPaths(journal: Journal): string[] {
  const values: Record<string, string[]> = {
    year: [String(ISSUE.year)],
    volume: [String(ISSUE.volume)],
    vol: [String(ISSUE.volume)],
    issue: [String(ISSUE.issue)],
    ref: [REFNUMBER],
    refno: [REFNUMBER],
    authorname: [`Asha ${journal.marker}`, `Asha ${other(journal).marker}`],
    id: [...articleIds.values()].map(String),
    slug: [...CONTENT_PAGE_SLUGS],
  };
  return routeTable(t.app)
    .filter((route) => route.method === 'GET')
    .flatMap(({ path }) => {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      for (const name of names) expect(values, `a value for {${name}} of ${path}`).toHaveProperty(name);
      return names.reduce(
        (paths, name) =>
          paths.flatMap((p) => values[name]!.map((value) => p.replace(`{${name}}`, encodeURIComponent(value)))),
        [path],
      );
    })
    .map((path) => (path === '/api/search' || path === '/api/admin/search' ? `${path}?keyword=soil&q=soil` : path));
}

/** The answer's text: a PDF's shown text, anything else as it is. */
function textOf(response: Awaited<ReturnType<typeof ask>>): string {
  const type = String(response.headers['content-type'] ?? '');
  return type.includes('pdf') ? pdfText(response.rawPayload) : response.body;
}

describe(`journals on one installation (${testEngine})`, () => {
  it("answers at each host with that journal's data only, on every page, document, API route and PDF", async () => {
    for (const journal of JOURNALS) {
      const foreign = other(journal).marker;
      let own = 0;
      for (const path of [...PUBLIC_PATHS, ...apiPaths(journal)]) {
        const response = await ask(journal, path);
        expect(response.statusCode, `${journal.host}${path}`).toBeLessThan(500);
        const text = textOf(response);
        // Asked for the other journal's author by name, the answer may repeat the name asked, but finds nothing.
        if (path.includes(foreign)) expect(response.statusCode, `${journal.host}${path}`).toBe(404);
        else expect(text, `${journal.host}${path}`).not.toContain(foreign);
        if (text.includes(journal.marker)) own++;
      }
      // Most answers name their journal: the walk reads real answers, not empty ones.
      expect(own).toBeGreaterThan(20);
    }
  });

  it("finds each journal's article by the same reference number at its own host only", async () => {
    for (const journal of JOURNALS) {
      const found = (await ask(journal, `/api/archives/ref/${REFNUMBER}`)).json();
      expect(found.title).toBe(`Soil study ${journal.marker}`);
      const foreignId = articleIds.get(other(journal).id)!;
      expect((await ask(journal, `/api/archives/${foreignId}`)).statusCode).toBe(404);
    }
  });

  it("changes nothing of the other journal through its ids, and keeps the other journal's cached pages", async () => {
    const [alpha, bravo] = JOURNALS;
    const bravoSite = t.ctx.journals.site(bravo.id);
    const home = `http://${bravo.host}/`;
    await ask(bravo, '/');
    await ask(bravo, '/');
    expect(bravoSite.services.pages.get(home)).toBeDefined();
    const bravoVersion = bravoSite.clock.version();

    const bravoArticle = articleIds.get(bravo.id)!;
    expect((await ask(alpha, `/api/archives/${bravoArticle}`, 'DELETE')).statusCode).toBe(404);
    const edited = await ask(
      alpha,
      `/api/archives/${bravoArticle}`,
      'POST',
      multipartForm(articleFields(1, { ...issueFields(ISSUE), refnumber: REFNUMBER, title: 'Taken' })),
    );
    expect(edited.statusCode).toBe(404);
    expect((await ask(bravo, `/api/archives/ref/${REFNUMBER}`)).json().title).toBe(`Soil study ${bravo.marker}`);

    const current = (await ask(alpha, '/api/settings/')).json() as Record<string, unknown>;
    const saved = await ask(alpha, '/api/settings', 'POST', {
      ...current,
      message: undefined,
      fee_rupee: '4321',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(bravoSite.clock.version()).toBe(bravoVersion);
    expect(bravoSite.services.pages.get(home)).toBeDefined();
    expect((await ask(alpha, '/')).body).toContain('4321');
    expect((await ask(bravo, '/')).body).not.toContain('4321');
  });

  it("refuses every write, and the sign-in, of one journal's admin at the other journal's host", async () => {
    const [alpha, bravo] = JOURNALS;
    const created = await ask(alpha, '/api/users', 'POST', {
      username: 'alpha-admin',
      name: 'Alpha Admin',
      password: 'alpha-admin-password',
      role: 'admin',
    });
    expect(created.statusCode, created.body).toBe(201);
    const signIn = (journal: Journal) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        headers: { host: journal.host },
        payload: { username: 'alpha-admin', password: 'alpha-admin-password' },
      });
    const atAlpha = await signIn(alpha);
    expect(atAlpha.statusCode).toBe(200);
    expect((await signIn(bravo)).json()).toMatchObject({ error: 'not_a_member' });

    const token = { authorization: `Bearer ${atAlpha.json().token}` };
    const writes = routeTable(t.app).filter((route) => route.method !== 'GET');
    expect(writes.length).toBeGreaterThan(20);
    for (const { method, path } of writes) {
      const url = path.replace(/\{(\w+)\}/g, (_match, name: string) =>
        name === 'id' ? String(articleIds.get(bravo.id)) : name === 'slug' ? 'about' : '1',
      );
      const response = await t.app.inject({ method: method as 'POST', url, headers: { ...token, host: bravo.host } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await ask(bravo, `/api/archives/ref/${REFNUMBER}`)).json().title).toBe(`Soil study ${bravo.marker}`);
    expect((await ask(alpha, '/api/users', 'GET')).json().map((user: { username: string }) => user.username)).toContain(
      'alpha-admin',
    );
    expect(
      (await ask(bravo, '/api/users', 'GET')).json().map((user: { username: string }) => user.username),
    ).not.toContain('alpha-admin');
  });

  it("counts failed sign-ins at one journal's host at every other: accounts are the installation's", async () => {
    const [alpha, bravo] = JOURNALS;
    const remoteAddress = '203.0.113.27';
    const login = (journal: Journal, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        headers: { host: journal.host },
        remoteAddress,
        payload: { username: 'admin', password },
      });
    for (let i = 0; i < t.journal.services.auth.throttle.maxFailures; i++) {
      expect((await login(alpha, `wrong-${i}`)).statusCode).toBe(401);
    }
    const locked = await login(bravo, TEST_ADMIN.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('too_many_attempts');
  });

  describe('an issue only the second journal published', () => {
    const [alpha, bravo] = JOURNALS;
    const own = { year: 2019, volume: 1, issue: 1 };
    const ownRefnumber = '7002';

    beforeAll(async () => {
      const created = await ask(bravo, '/api/admin/create-issue', 'POST', { ...own, frequency: 'jan-feb' });
      expect(created.statusCode).toBe(201);
      const fields = articleFields(1, {
        ...issueFields(own),
        refnumber: ownRefnumber,
        title: 'Bravo only',
        txnid: 'TXN-2',
      });
      const added = await ask(bravo, '/api/admin/archives/', 'POST', multipartForm(fields, testPdf(bravo.marker)));
      expect(added.statusCode, added.body).toBe(201);
    });

    it("lists its year's page at that journal's host only", async () => {
      const atBravo = await ask(bravo, '/archives/2019');
      expect(atBravo.statusCode).toBe(200);
      expect(atBravo.body).toContain('href="/archives/2019/vol1/issue1"');
      const atAlpha = await ask(alpha, '/archives/2019');
      expect(atAlpha.statusCode).toBe(404);
      expect(atAlpha.body).not.toContain('/archives/2019/vol1');
    });

    it("takes a counted view of its article at that journal's host only", async () => {
      const beacon = (journal: Journal) => ask(journal, '/api/usage/view', 'POST', { ref: ownRefnumber });
      expect((await beacon(alpha)).statusCode).toBe(404);
      expect((await beacon(bravo)).statusCode).toBe(200);
    });
  });

  it('answers a host no journal claims with a plain 404 that names no journal', async () => {
    const response = await t.app.inject({ url: '/', headers: { host: 'unknown.journals.test' } });
    expect(response.statusCode).toBe(404);
    for (const { marker } of JOURNALS) expect(response.body).not.toContain(marker);
    expect(response.body).not.toContain('Annals');
    const api = await t.app.inject({ url: '/api/settings/', headers: { host: 'unknown.journals.test:8080' } });
    expect(api.statusCode).toBe(404);
  });
});
