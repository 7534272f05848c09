import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PICTURE_BYTES, PICTURE_SIZE_MESSAGE } from '../../../common/constants.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_PICTURES } from '../../test/upload-fixtures.js';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  auth = await t.authHeader();
});
afterAll(() => t.close());

const { png: PNG, webp: WEBP } = TEST_PICTURES;

function form(values: Record<string, string>, logo?: { data: Buffer; name?: string }): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  if (logo) data.append('imgFile', new Blob([new Uint8Array(logo.data)]), logo.name ?? 'logo.png');
  return data;
}

const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: FormData | object,
  headers: Record<string, string> = auth,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const logos = () => fs.readdirSync(path.join(t.journal.files.root, 'indexing')).sort();
const rows = () => t.journal.db.selectFrom('indexing').selectAll().orderBy('id').execute();
const publicTitles = async () =>
  ((await t.app.inject({ method: 'GET', url: '/api/indexing/' })).json() as { title: string }[]).map((e) => e.title);

let scopusId: number;

describe('POST /api/admin/indexing', () => {
  it('adds an entry at the end with its logo stored under a name the server makes; it shows publicly at once', async () => {
    const before = await publicTitles();
    const response = await send(
      'POST',
      '/api/admin/indexing',
      form({ title: 'Scopus', link: 'scopus.example/journal' }, { data: PNG, name: '../../x.png' }),
    );
    expect(response.statusCode).toBe(201);
    const entry = response.json();
    scopusId = entry.id;
    expect(entry).toMatchObject({
      title: 'Scopus',
      link: 'https://scopus.example/journal',
      status: 'enabled',
      sortnumber: before.length + 1,
      message: 'Indexing entry created successfully',
    });
    expect(entry.image).toMatch(/^indexing-[0-9a-f]{16}\.png$/);
    expect(logos()).toContain(entry.image);
    expect(await publicTitles()).toEqual([...before, 'Scopus']);
    expect((await t.app.inject({ method: 'GET', url: `/assets/indexing/${entry.image}` })).statusCode).toBe(200);
  });

  it.each([
    [{ title: '' }, { data: PNG }, 400, 'invalid_input', 'title: Title is required'],
    [
      { title: 'X', link: 'javascript:alert(1)' },
      { data: PNG },
      400,
      'invalid_input',
      'link: Link must be a web address',
    ],
    [
      { title: 'X', status: 'hidden' },
      { data: PNG },
      400,
      'invalid_input',
      'status: Status must be enabled or disabled',
    ],
    [{ title: 'X' }, undefined, 400, 'invalid_input', 'imgFile: A logo is required'],
    [
      { title: 'X' },
      { data: Buffer.from('%PDF-1.4'), name: 'logo.png' },
      400,
      'invalid_file',
      'The picture must be a PNG, JPEG, GIF or WebP image.',
    ],
    [
      { title: 'X' },
      { data: Buffer.concat([PNG, Buffer.alloc(MAX_PICTURE_BYTES)]) },
      413,
      'file_too_large',
      PICTURE_SIZE_MESSAGE,
    ],
  ])('refuses %j with a clear answer, changing nothing', async (values, logo, status, error, message) => {
    const [beforeRows, beforeLogos] = [await rows(), logos()];
    const response = await send('POST', '/api/admin/indexing', form(values, logo));
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error, message });
    expect(await rows()).toEqual(beforeRows);
    expect(logos()).toEqual(beforeLogos);
  });

  it('needs an admin token', async () => {
    expect((await send('POST', '/api/admin/indexing', form({ title: 'X' }, { data: PNG }), {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/indexing' })).statusCode).toBe(401);
  });
});

describe('GET, POST and DELETE /api/admin/indexing/{id}', () => {
  it('lists disabled entries too, and answers one entry', async () => {
    await send('POST', `/api/admin/indexing/${scopusId}`, form({ status: 'disabled' }));
    expect(await publicTitles()).not.toContain('Scopus');
    const all = (await t.app.inject({ method: 'GET', url: '/api/admin/indexing', headers: auth })).json() as {
      title: string;
    }[];
    expect(all.map((e) => e.title)).toContain('Scopus');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/indexing/${scopusId}`, headers: auth })).json(),
    ).toMatchObject({ status: 'disabled' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/indexing/9999', headers: auth })).statusCode).toBe(
      404,
    );
  });

  it('switches an entry on with its status alone', async () => {
    const response = await send('POST', `/api/admin/indexing/${scopusId}`, form({ status: 'enabled' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Scopus',
      status: 'enabled',
      message: 'Indexing entry updated successfully',
    });
    expect(await publicTitles()).toContain('Scopus');
    expect((await send('POST', `/api/admin/indexing/${scopusId}`, form({ status: 'maybe' }))).statusCode).toBe(400);
  });

  it('edits the fields and replaces the logo, removing the old file', async () => {
    const old = (await t.app.inject({ method: 'GET', url: `/api/admin/indexing/${scopusId}`, headers: auth })).json()
      .image;
    const response = await send(
      'POST',
      `/api/admin/indexing/${scopusId}`,
      form({ title: 'Scopus Preview', link: '' }, { data: WEBP }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Scopus Preview', link: '' });
    expect(response.json().image).toMatch(/\.webp$/);
    expect(logos()).toContain(response.json().image);
    expect(logos()).not.toContain(old);
  });

  it('keeps the logo when none is sent, and refuses a bad one keeping the old', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/admin/indexing/${scopusId}`, headers: auth })
    ).json();
    expect((await send('POST', `/api/admin/indexing/${scopusId}`, form({ title: 'Scopus' }))).json().image).toBe(
      before.image,
    );
    const refused = await send(
      'POST',
      `/api/admin/indexing/${scopusId}`,
      form({ title: 'Scopus' }, { data: Buffer.from('<svg/>') }),
    );
    expect(refused.statusCode).toBe(400);
    expect(logos()).toContain(before.image);
    expect((await send('POST', '/api/admin/indexing/9999', form({ title: 'X' }))).statusCode).toBe(404);
  });

  it('deletes an entry and its logo; a second delete is 404', async () => {
    const { image } = (
      await t.app.inject({ method: 'GET', url: `/api/admin/indexing/${scopusId}`, headers: auth })
    ).json();
    expect((await send('DELETE', `/api/admin/indexing/${scopusId}`, undefined, {})).statusCode).toBe(401);
    const response = await send('DELETE', `/api/admin/indexing/${scopusId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Indexing entry deleted' });
    expect(logos()).not.toContain(image);
    expect(await publicTitles()).not.toContain('Scopus');
    expect((await send('DELETE', `/api/admin/indexing/${scopusId}`)).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/indexing/order', () => {
  it('puts the entries in the given order, publicly too', async () => {
    const ids = (await rows()).map((row) => row.id);
    const reversed = [...ids].reverse();
    const response = await send('PUT', '/api/admin/indexing/order', { ids: reversed });
    expect(response.statusCode).toBe(200);
    expect(response.json().entries.map((e: { id: number }) => e.id)).toEqual(reversed);
    const titles = new Map((await rows()).map((row) => [row.id, row.title]));
    expect(await publicTitles()).toEqual(reversed.map((id) => titles.get(id)));
  });

  it.each([
    ['a missing entry', (ids: number[]) => ids.slice(1)],
    ['an entry twice', (ids: number[]) => [...ids, ids[0]!]],
    ['an unknown id', (ids: number[]) => [...ids.slice(1), 9999]],
  ])('refuses a list with %s, changing nothing', async (_case, change) => {
    const before = await rows();
    const response = await send('PUT', '/api/admin/indexing/order', { ids: change(before.map((row) => row.id)) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('ids: must list every indexing entry once');
    expect(await rows()).toEqual(before);
  });

  it('refuses a body that is not a list of ids', async () => {
    expect((await send('PUT', '/api/admin/indexing/order', { ids: ['a'] })).statusCode).toBe(400);
    expect((await send('PUT', '/api/admin/indexing/order', { ids: [] })).statusCode).toBe(400);
  });
});
