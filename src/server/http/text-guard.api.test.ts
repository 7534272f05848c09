import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../../common/schemas/text-characters.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { routeKey, routeTable } from '../test/route-table.js';
import { MALFORMED_FORM_MESSAGE } from './multipart.js';
import { DEPTH_MESSAGE } from './text-guard.js';

/**
 * Walks every route of the OpenAPI table and every public page with a NUL in each string input (path, query,
 * JSON and multipart fields), with ids no id column can hold in every place an id goes, with JSON nested
 * thousands deep and with broken multipart forms: never a 5xx, nothing changed.
 */
const NUL = '\u0000';
const pdf = Buffer.from('%PDF-1.4\n% probe\n%%EOF\n');
/** The first id past PostgreSQL's 4-byte integer, and the largest number JSON carries exactly. */
const TOO_LARGE_IDS = [2_147_483_648, Number.MAX_SAFE_INTEGER];

/** A body as the route's client sends it, or as raw bytes with their content type. */
type Body =
  | { json: unknown }
  | { multipart: Record<string, string>; file?: string }
  | { raw: string | Buffer; contentType: string };
type Sample = Exclude<Body, { raw: unknown }>;
type FormSample = Extract<Body, { multipart: unknown }>;
interface Probe {
  label: string;
  method: string;
  url: string;
  body?: Body;
}

let t: TestApp;
let auth: { authorization: string };
let routes: { method: string; path: string }[];
let samples: Record<string, Sample>;

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
async function bodySamples(): Promise<Record<string, Sample>> {
  const settings = (await t.app.inject({ method: 'GET', url: '/api/settings/', headers: auth })).json();
  const { message: _message, ...settingsBody } = settings;
  const issue = await t.journal.db.selectFrom('issues').selectAll().orderBy('id').executeTakeFirstOrThrow();
  return {
    'POST /auth/login/': { json: { username: 'admin', password: 'not-the-password' } },
    'POST /api/settings': { json: settingsBody },
    'POST /api/admin/create-issue': { json: { year: 2030, volume: 1, issue: 1, frequency: 'jan' } },
    'PUT /api/admin/issues/{id}': { json: { year: 2030, volume: 1, issue: 1, frequency: 'jan' } },
    'POST /api/admin/issues/{id}/publish': { json: { publication_date: '2030-01-01' } },
    'POST /api/admin/issues/{id}/schedule': { json: { publish_at: '2031-01-01T00:00:00Z' } },
    'POST /api/admin/issues/{id}/unpublish': { json: { confirm: true } },
    'POST /api/admin/deleted-articles/{id}/restore': { json: { confirm: true } },
    'POST /api/admin/articles/apply-licence': { json: { confirm: true } },
    'POST /api/usage/view': { json: { ref: 'no-such-article' } },
    'POST /api/usage/search': { json: { query: 'probe' } },
    'POST /api/admin/import/check': { multipart: { source: 'site', url: 'https://journal.invalid' } },
    'POST /api/admin/import/run': { multipart: { source: 'site', url: 'https://journal.invalid' } },
    'POST /api/admin/counter-keys': { json: { customer_id: 'probe-customer', institution_name: 'Probe Library' } },
    'POST /auth/forgot-password': { json: { username: 'nobody-here', from: 'admin' } },
    'POST /auth/reset-password': { json: { token: 'a'.repeat(43), password: 'probe-password' } },
    'POST /api/archives/{id}/send-to-author': { json: { action: 'published' } },
    'POST /api/admin/archives/': {
      multipart: { ...article, year: String(issue.year), volume: String(issue.volume), issue: String(issue.issue) },
      file: 'pdfFile',
    },
    'POST /api/archives/{id}': { multipart: { ...article, status: 'enabled', issue_id: String(issue.id) } },
    'POST /api/users': { json: { username: 'probe', name: 'Probe', password: 'probe-password' } },
    'POST /api/publisher/journals': { json: { name: 'Probe Journal', hosts: ['probe.example'] } },
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

/** A value each path parameter takes, so that a probe reaches what the route does with its body. */
const PATH_SAMPLES: Record<string, string> = { kind: 'logo', slug: 'about' };
const pathSample = (name: string) => PATH_SAMPLES[name] ?? '1';

const withNul = (value: string) => `${value}${NUL}x`;
const fill = (path: string, replace: (name: string) => string) =>
  path.replace(/\{([^}]+)\}/g, (_m, name: string) => replace(name));
const query = (values: Record<string, string>) => (Object.keys(values).length ? `?${new URLSearchParams(values)}` : '');

type FieldPath = (string | number)[];

/** The path of every string and number inside a JSON value. */
function leafFields(value: unknown, path: FieldPath = []): FieldPath[] {
  if (typeof value === 'string' || typeof value === 'number') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => leafFields(v, [...path, Array.isArray(value) ? Number(k) : k]));
}

const valueAt = (value: unknown, path: FieldPath) =>
  path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], value);

function replaced(value: unknown, path: FieldPath, by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaced(item, rest, by) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: replaced(record[head!], rest, by) };
}

/** The values to try in place of one field of a sample body; none leaves the field out of the walk. */
type Replacement = (value: unknown, field: FieldPath) => unknown[];

/** One probe per value `replace` gives for each field of the route's sample body. */
function bodyProbes(route: { method: string; path: string }, url: string, replace: Replacement): Probe[] {
  const sample = samples[routeKey(route)];
  if (!sample) return [];
  const probe = (kind: string, field: FieldPath, value: unknown, body: Body): Probe => ({
    label: `${routeKey(route)} ${kind} ${field.join('.')} = ${JSON.stringify(value)}`,
    method: route.method,
    url,
    body,
  });
  if ('json' in sample) {
    return leafFields(sample.json).flatMap((field) =>
      replace(valueAt(sample.json, field), field).map((value) =>
        probe('body', field, value, { json: replaced(sample.json, field, value) }),
      ),
    );
  }
  return Object.entries(sample.multipart).flatMap(([name, old]) =>
    [...new Set(replace(old, [name]).map(String))].map((value) =>
      probe('form', [name], value, { ...sample, multipart: { ...sample.multipart, [name]: value } }),
    ),
  );
}

const nulAfterText: Replacement = (value) => (typeof value === 'string' ? [withNul(value)] : []);

/**
 * Where an id goes: a field named id or ending in _id, or an item of a list named ids. COUNTER's customer and
 * requestor ids are names a library is given, not row ids.
 */
const ID_FIELD = /^(id|ids|\w+_id)$/;
const COUNTER_NAMES = new Set(['customer_id', 'requestor_id']);
const isIdField = (field: FieldPath) => {
  const name = String(field.findLast((key) => typeof key === 'string') ?? '');
  return ID_FIELD.test(name) && !COUNTER_NAMES.has(name);
};
/** Ids no id column holds, as numbers and as digits (forms and some JSON lists send ids as text). */
const tooLargeIds: Replacement = (_value, field) =>
  isIdField(field) ? [...TOO_LARGE_IDS, ...TOO_LARGE_IDS.map(String)] : [];

/** One probe per string input of a route: each path parameter, each query parameter, each body field. */
function probesOf(route: { method: string; path: string }): Probe[] {
  const params = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const values = QUERIES[routeKey(route)] ?? {};
  const url = fill(route.path, pathSample) + query(values);
  return [
    ...params.map((param) => ({
      label: `${routeKey(route)} path ${param}`,
      method: route.method,
      url:
        fill(route.path, (name) =>
          name === param ? encodeURIComponent(withNul(pathSample(name))) : pathSample(name),
        ) + query(values),
      body: samples[routeKey(route)],
    })),
    ...Object.keys(values).map((name) => ({
      label: `${routeKey(route)} query ${name}`,
      method: route.method,
      url: fill(route.path, pathSample) + query({ ...values, [name]: withNul(values[name]!) }),
      body: samples[routeKey(route)],
    })),
    ...bodyProbes(route, url, nulAfterText),
  ];
}

/** Every path parameter of a route at once, and every id of its body in turn, holding a number no id column can. */
function idProbesOf(route: { method: string; path: string }): Probe[] {
  const url = fill(route.path, pathSample) + query(QUERIES[routeKey(route)] ?? {});
  const inPath = route.path.includes('{')
    ? ['99999999999999999999', '2147483648', String(Number.MAX_SAFE_INTEGER), '-1', '1e999'].map((number) => ({
        label: `${routeKey(route)} path = ${number}`,
        method: route.method,
        url: fill(route.path, () => number),
        body: samples[routeKey(route)],
      }))
    : [];
  return [...inPath, ...bodyProbes(route, url, tooLargeIds)];
}

function formOf(body: FormSample): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body.multipart)) form.append(name, value);
  if (body.file) form.append(body.file, new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'probe.pdf');
  return form;
}

function payloadOf(body: Body | undefined): { payload?: string | Buffer | object; headers?: Record<string, string> } {
  if (!body) return {};
  if ('json' in body) return { payload: body.json as object };
  if ('raw' in body) return { payload: body.raw, headers: { 'content-type': body.contentType } };
  return { payload: formOf(body) };
}

function send(probe: Probe, headers: Record<string, string> = auth) {
  const { payload, headers: bodyHeaders } = payloadOf(probe.body);
  return t.app.inject({
    method: probe.method as 'GET',
    url: probe.url,
    headers: { ...headers, ...bodyHeaders },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A sample form as the browser encodes it: its bytes and its content type with the boundary. */
async function encoded(body: FormSample): Promise<{ bytes: Buffer; contentType: string }> {
  const request = new Request('http://probe.example/', { method: 'POST', body: formOf(body) });
  return { bytes: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** Every stored file, temporary ones included, to show that a refused upload left nothing behind. */
const storedFiles = () => fs.readdirSync(t.journal.files.root, { recursive: true }).map(String).sort();

const answerOf = (response: { headers: Record<string, unknown>; json(): unknown }) =>
  (String(response.headers['content-type']).includes('json') ? response.json() : {}) as {
    error?: string;
    message?: string;
  };

/** Every row of every table, to show that refused requests changed nothing. */
async function snapshot() {
  const tables = ['settings', 'editors', 'indexing', 'issues', 'articles', 'users', 'worklog_entries'] as const;
  return Promise.all(tables.map((table) => t.journal.db.selectFrom(table).selectAll().orderBy('id').execute()));
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

describe('bad input to any route', () => {
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
      const answer = answerOf(response);
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

  it('answers 4xx to ids no id column can hold, in the path and wherever a body holds one, and changes nothing', async () => {
    const before = await snapshot();
    const probes = routes.flatMap(idProbesOf);
    const inBodies = probes.filter((probe) => !probe.label.includes(' path '));
    expect(inBodies.map((probe) => probe.label.split(' ').slice(0, 2).join(' '))).toEqual(
      expect.arrayContaining([
        'POST /api/archives/{id}',
        'POST /api/editors/pin',
        'PUT /api/admin/indexing/order',
        'POST /api/pdf/indexpage',
        'POST /api/pdf/bulkcertificates',
        'POST /api/pdf/editorscertificate',
      ]),
    );
    const wrong: string[] = [];
    for (const probe of probes) {
      const response = await send(probe);
      const refused = probe.label.includes(' path ')
        ? response.statusCode >= 400 && response.statusCode < 500
        : response.statusCode === 400 && answerOf(response).error === 'invalid_input';
      if (!refused) wrong.push(`${probe.label} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('answers 400 to JSON nested thousands deep on every route that takes JSON, with or without a token', async () => {
    const before = await snapshot();
    const jsonRoutes = routes.filter((route) => {
      const sample = samples[routeKey(route)];
      return sample && 'json' in sample;
    });
    expect(jsonRoutes.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const route of jsonRoutes) {
      for (const [shape, raw] of [
        ['objects', `${'{"a":'.repeat(8000)}1${'}'.repeat(8000)}`],
        ['lists', `${'['.repeat(8000)}${']'.repeat(8000)}`],
      ] as const) {
        const probe = { label: `${routeKey(route)} ${shape}`, method: route.method, url: fill(route.path, pathSample) };
        for (const [who, headers] of [
          ['admin', auth],
          ['anonymous', {}],
        ] as const) {
          const response = await send({ ...probe, body: { raw, contentType: 'application/json' } }, headers);
          const answer = answerOf(response);
          const deep = response.statusCode === 400 && answer.message === `body: ${DEPTH_MESSAGE}`;
          // Without a token, a route that checks it before reading the body answers 401 first.
          if (!deep && !(who === 'anonymous' && response.statusCode === 401))
            wrong.push(`${probe.label} ${who} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('answers 400 to a multipart form without a boundary or cut short, on every upload route, and writes nothing', async () => {
    const before = [await snapshot(), storedFiles()];
    const formRoutes = routes.filter((route) => {
      const sample = samples[routeKey(route)];
      return sample && 'multipart' in sample;
    });
    expect(formRoutes.map(routeKey)).toEqual(
      expect.arrayContaining(['POST /api/admin/archives/', 'POST /api/archives/{id}', 'POST /api/editors']),
    );
    const wrong: string[] = [];
    for (const route of formRoutes) {
      const { bytes, contentType } = await encoded(samples[routeKey(route)] as FormSample);
      const closing = bytes.lastIndexOf('\r\n--');
      for (const [what, raw, type] of [
        ['no boundary', bytes, 'multipart/form-data'],
        ['cut mid-part', bytes.subarray(0, Math.floor(bytes.length / 2)), contentType],
        ['cut before its closing boundary', bytes.subarray(0, closing), contentType],
      ] as const) {
        const url = fill(route.path, pathSample);
        const response = await send({ label: what, method: route.method, url, body: { raw, contentType: type } });
        const answer = answerOf(response);
        if (response.statusCode !== 400 || answer.message !== MALFORMED_FORM_MESSAGE)
          wrong.push(`${routeKey(route)} ${what} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect([await snapshot(), storedFiles()]).toEqual(before);
  }, 120_000);
});
