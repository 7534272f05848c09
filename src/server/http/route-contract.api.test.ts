import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** The OpenAPI document at /api/docs/json describes every API route with the shapes its schemas enforce. */

interface JsonSchema {
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
type Paths = Record<string, Record<string, Operation>>;

/** Routes that read query parameters, and the names they read. */
const QUERIES: Record<string, string[]> = {
  'GET /api/search': ['keyword', 'page'],
  'GET /api/admin/search': ['q'],
  'GET /api/webdata': ['status', 'search', 'page'],
};

/** A schema that says something: an object with fields, a list of such objects, or a file. */
const hasShape = (schema: JsonSchema | undefined): boolean =>
  !!schema &&
  ((schema.type === 'object' && Object.keys(schema.properties ?? {}).length > 0) ||
    (schema.type === 'array' &&
      (hasShape(schema.items) ||
        schema.items?.type === 'integer' ||
        (schema.items as { anyOf?: unknown })?.anyOf !== undefined)) ||
    (schema.type === 'string' && schema.format === 'binary'));

let t: TestApp;
let paths: Paths;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  paths = response.json().paths;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => method !== 'head')
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, operation })),
  );

describe('/api/docs/json', () => {
  it('lists the API routes, no page or file route, with every path and query parameter a route reads', () => {
    const keys = operations().map((operation) => operation.key);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter((key) => !/ \/(api|auth)\/|^GET \/healthz$/.test(key))).toEqual([]);
    expect(keys.filter((key) => key.includes('/assets/') || key.endsWith('/*'))).toEqual([]);
    for (const { key, path, operation } of operations()) {
      const described = new Map(
        (operation.parameters ?? []).map((parameter) => [`${parameter.in} ${parameter.name}`, parameter.schema]),
      );
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g))
        expect(described.get(`path ${name}`)?.type, `${key} path ${name}`).toBeTruthy();
      for (const name of QUERIES[key] ?? [])
        expect(described.get(`query ${name}`)?.type, `${key} query ${name}`).toBeTruthy();
    }
  });

  it('describes the body of every write but a delete: JSON fields, or the multipart form with its files', () => {
    for (const { key, method, operation } of operations()) {
      // A read or a delete names its record in the address and takes no body.
      if (method === 'get' || method === 'delete') {
        expect(operation.requestBody, key).toBeUndefined();
        continue;
      }
      const content = operation.requestBody?.content ?? {};
      const [type] = Object.keys(content);
      expect(['application/json', 'multipart/form-data'], key).toContain(type);
      const schema = content[type!]!.schema;
      expect(hasShape(schema), `${key} body ${JSON.stringify(schema)}`).toBe(true);
      if (type === 'multipart/form-data') {
        const files = Object.values(schema.properties ?? {}).filter((field) => field.format === 'binary');
        expect(files.length, key).toBeGreaterThan(0);
      }
    }
  });

  it('describes the answer of every route for its success status, and the error shape', () => {
    for (const { key, operation } of operations()) {
      const responses = operation.responses ?? {};
      const success = responses['201'] ?? responses['200'];
      const schemas = Object.values(success?.content ?? {}).map((body) => body.schema);
      expect(schemas.length, key).toBeGreaterThan(0);
      for (const schema of schemas) expect(hasShape(schema), `${key} answer ${JSON.stringify(schema)}`).toBe(true);
      if (key === 'GET /healthz') continue;
      const error = Object.values(responses['4XX']?.content ?? {})[0]?.schema;
      expect(Object.keys(error?.properties ?? {}), key).toEqual(expect.arrayContaining(['error', 'message']));
    }
  });
});

describe('answers', () => {
  it('carry only the declared fields, whatever a service returns', async () => {
    const indexing = t.journal.services.indexing;
    const listPublic = indexing.listPublic.bind(indexing);
    indexing.listPublic = async () => (await listPublic()).map((entry) => ({ ...entry, secret: 'not for the client' }));
    try {
      await t.journal.db
        .insertInto('indexing')
        .values({ title: 'Index', link: 'https://index.example', image: 'i.png', sortnumber: 1, status: 'enabled' })
        .execute();
      const response = await t.app.inject({ method: 'GET', url: '/api/indexing/' });
      expect(response.json()).toEqual([
        {
          id: expect.any(Number),
          title: 'Index',
          link: 'https://index.example',
          image: 'i.png',
          sortnumber: 1,
          status: 'enabled',
        },
      ]);
    } finally {
      indexing.listPublic = listPublic;
    }
  });

  it('read every {id} with one schema: digits only, refused with the first problem after the token check', async () => {
    const auth = await t.authHeader();
    for (const url of ['/api/users/1e3', '/api/editors/%201', '/api/users/0']) {
      const response = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: 'invalid_input', message: 'id: id must be a positive number' });
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
