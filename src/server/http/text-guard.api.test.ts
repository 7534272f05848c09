import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { routeKey, routeTable } from '../test/route-table.js';
import { NUL_MESSAGE } from './text-guard.js';

/**
 * Walks every route of the OpenAPI table and every public page with a NUL in each string input (path, query,
 * JSON and multipart fields), and with numbers no column can hold: never a 5xx, nothing changed.
 */
const NUL = '\u0000';
const pdf = Buffer.from('%PDF-1.4\n% probe\n%%EOF\n');

type Body = { json: unknown } | { multipart: Record<string, string>; file?: string };
interface Probe {
  label: string;
  method: string;
  url: string;
  body?: Body;
}

let t: TestApp;
let auth: { authorization: string };
let routes: { method: string; path: string }[];
let samples: Record<string, Body>;

const article = {
  refnumber: '990001',
  title: 'A probe title',
  authorname: 'Asha Rao',
  abstract: '<p>Probe abstract.</p>',
  keywords: 'probe',
  subject: 'Testing',
  country: 'India',
  email: 'probe@uni.example',
  mobile: '9800000000',
  pagenumber: '900-901',
  txnid: 'TXNPROBE',
  ptype: 'paid',
  publishdate: '2026-01-10',
};
const editor = {
  name: 'Probe Editor',
  content: 'Probe University',
  category: 'associate editor',
  post: 'Professor',
  email: 'ed@uni.example',
};

/** A valid input for each route that takes a body; a new route with a body must add one here. */
async function bodySamples(): Promise<Record<string, Body>> {
  const settings = (await t.app.inject({ method: 'GET', url: '/api/settings/', headers: auth })).json();
  const { message: _message, ...settingsBody } = settings;
  const issue = await t.ctx.db.selectFrom('issues').selectAll().orderBy('id').executeTakeFirstOrThrow();
  return {
    'POST /auth/login/': { json: { username: 'admin', password: 'not-the-password' } },
    'POST /api/settings': { json: settingsBody },
    'POST /api/admin/create-issue': { json: { year: 2030, volume: 1, issue: 1, frequency: 'jan' } },
    'PUT /api/admin/issues/{id}': { json: { year: 2030, volume: 1, issue: 1, frequency: 'jan' } },
    'POST /auth/forgot-password': { json: { username: 'nobody-here', from: 'admin' } },
    'POST /auth/reset-password': { json: { token: 'a'.repeat(43), password: 'probe-password' } },
    'POST /api/archives/{id}/send-to-author': { json: { action: 'published' } },
    'POST /api/admin/archives/': {
      multipart: { ...article, year: String(issue.year), volume: String(issue.volume), issue: String(issue.issue) },
      file: 'pdfFile',
    },
    'POST /api/archives/{id}': { multipart: { ...article, status: 'enabled' } },
    'POST /api/users': { json: { username: 'probe', name: 'Probe', password: 'probe-password' } },
    'POST /api/users/{id}': { json: { name: 'Probe', password: 'probe-password' } },
    'POST /api/editors': { multipart: editor },
    'POST /api/editors/{id}': { multipart: editor },
    'POST /api/editors/pin': { json: { ids: [1], pinned: true } },
    'POST /api/webdata': { json: { status: 'info', content: 'Probe entry' } },
    'PUT /api/webdata/{id}': { json: { status: 'pending' } },
    'POST /api/pdf/indexpage': { json: [{ id: '1', title: 'Probe' }] },
    'POST /api/pdf/bulkcertificates': { json: [{ id: '1', title: 'Probe' }] },
    'POST /api/pdf/editorscertificate': { json: [{ id: '1', name: 'Probe' }] },
    'PUT /api/admin/pages/{slug}': { json: { content: '<p>Probe page</p>' } },
    'POST /api/admin/indexing': { multipart: { title: 'Probe Index', link: 'probe.example' } },
    'POST /api/admin/indexing/{id}': { multipart: { title: 'Probe Index', link: '' } },
    'PUT /api/admin/indexing/order': { json: { ids: [1] } },
    'POST /api/admin/site-pictures/{kind}': { multipart: {}, file: 'imgFile' },
  };
}

/** Query parameters each route and page reads. */
const QUERIES: Record<string, Record<string, string>> = {
  'GET /api/search': { keyword: 'soil', page: '1' },
  'GET /api/admin/search': { q: 'soil' },
  'GET /api/webdata': { status: 'info', search: 'probe', page: '1' },
  'GET /search': { keyword: 'soil' },
  'GET /pdf': { refno: '1' },
};
/** Public pages with their path parameters, beside the API table. */
const PAGES = [
  '/archives/{year}/vol{vol}/issue{issue}',
  '/archives/{year}/{vol}/{issue}/{ref}',
  '/search',
  '/pdf',
  '/board',
];

const withNul = (value: string) => `${value}${NUL}x`;
const fill = (path: string, replace: (name: string) => string) =>
  path.replace(/\{([^}]+)\}/g, (_m, name: string) => replace(name));
const query = (values: Record<string, string>) => (Object.keys(values).length ? `?${new URLSearchParams(values)}` : '');

function stringFields(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => stringFields(v, [...path, Array.isArray(value) ? Number(k) : k]));
}

function replaced(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return withNul(value as string);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaced(item, rest) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: replaced(record[head!], rest) };
}

function bodyProbes(route: { method: string; path: string }, url: string): Probe[] {
  const sample = samples[routeKey(route)];
  if (!sample) return [];
  if ('json' in sample) {
    return stringFields(sample.json).map((field) => ({
      label: `${routeKey(route)} body ${field.join('.')}`,
      method: route.method,
      url,
      body: { json: replaced(sample.json, field) },
    }));
  }
  return Object.keys(sample.multipart).map((field) => ({
    label: `${routeKey(route)} form ${field}`,
    method: route.method,
    url,
    body: { ...sample, multipart: { ...sample.multipart, [field]: withNul(sample.multipart[field]!) } },
  }));
}

/** One probe per string input of a route: each path parameter, each query parameter, each body field. */
function probesOf(route: { method: string; path: string }): Probe[] {
  const params = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const values = QUERIES[routeKey(route)] ?? {};
  const url = fill(route.path, () => '1') + query(values);
  return [
    ...params.map((param) => ({
      label: `${routeKey(route)} path ${param}`,
      method: route.method,
      url: fill(route.path, (name) => (name === param ? encodeURIComponent(withNul('1')) : '1')) + query(values),
      body: samples[routeKey(route)],
    })),
    ...Object.keys(values).map((name) => ({
      label: `${routeKey(route)} query ${name}`,
      method: route.method,
      url: fill(route.path, () => '1') + query({ ...values, [name]: withNul(values[name]!) }),
      body: samples[routeKey(route)],
    })),
    ...bodyProbes(route, url),
  ];
}

function payloadOf(body: Body | undefined) {
  if (!body) return {};
  if ('json' in body) return { payload: body.json as object };
  const form = new FormData();
  for (const [name, value] of Object.entries(body.multipart)) form.append(name, value);
  if (body.file) form.append(body.file, new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'probe.pdf');
  return { payload: form };
}

const send = (probe: Probe) =>
  t.app.inject({ method: probe.method as 'GET', url: probe.url, headers: auth, ...payloadOf(probe.body) });

/** Every row of every table, to show that refused requests changed nothing. */
async function snapshot() {
  const tables = ['settings', 'editors', 'indexing', 'issues', 'articles', 'users', 'worklog_entries'] as const;
  return Promise.all(tables.map((table) => t.ctx.db.selectFrom(table).selectAll().orderBy('id').execute()));
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  auth = await t.authHeader();
  await t.app.inject({
    method: 'POST',
    url: '/api/webdata',
    headers: auth,
    payload: { status: 'info', content: 'An entry' },
  });
  routes = routeTable(t.app);
  routes.push(...PAGES.map((path) => ({ method: 'GET', path })));
  samples = await bodySamples();
}, 120_000);
afterAll(() => t.close());

describe('invalid text in any input', () => {
  it('has a sample body for every route that takes one', () => {
    const withBody = routes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method)).map(routeKey);
    expect(withBody.filter((route) => !samples[route])).toEqual([]);
  });

  it('answers 400 naming the input to a NUL in every path, query and body string, and changes nothing', async () => {
    const before = await snapshot();
    const probes = routes.flatMap(probesOf);
    expect(probes.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    for (const probe of probes) {
      const response = await send(probe);
      const answer = String(response.headers['content-type']).includes('json') ? response.json() : {};
      if (
        response.statusCode !== 400 ||
        answer.error !== 'invalid_input' ||
        !String(answer.message).endsWith(NUL_MESSAGE)
      ) {
        wrong.push(`${probe.label} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('never answers 5xx to numbers no column can hold in a path', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.path.includes('{'))) {
      for (const number of ['99999999999999999999', '2147483648', '-1', '1e999']) {
        const response = await send({
          label: routeKey(route),
          method: route.method,
          url: fill(route.path, () => number),
          body: samples[routeKey(route)],
        });
        if (response.statusCode >= 500)
          failures.push(`${routeKey(route)} with ${number} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
