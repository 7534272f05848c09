import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_SIZE_MESSAGE, MAX_UPLOAD_BYTES } from '../../../common/constants.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_PICTURES } from '../../test/upload-fixtures.js';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
});
afterAll(() => t.close());

const { png: PNG, gif: GIF } = TEST_PICTURES;

const fields = (overrides: Record<string, string> = {}) => ({
  name: 'Dr. Lena Ortiz',
  content: 'Department of Botany, University of Lisbon',
  category: 'associate editor',
  post: 'Professor',
  degree: 'Ph.D.',
  email: 'lena@uni.example',
  phone: '+351 900 000 000',
  country: 'Portugal',
  editor_website: 'https://profiles.example/lena',
  ...overrides,
});

function form(values: Record<string, string>, picture?: { data: Buffer; name?: string }): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  if (picture) data.append('imgFile', new Blob([new Uint8Array(picture.data)]), picture.name ?? 'photo.png');
  return data;
}

const post = (url: string, payload: FormData | object, headers = auth) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const pictures = () =>
  fs.existsSync(path.join(t.journal.files.root, 'editors'))
    ? fs.readdirSync(path.join(t.journal.files.root, 'editors')).sort()
    : [];
const editorRows = () => t.journal.db.selectFrom('editors').selectAll().orderBy('id').execute();

let lenaId: number;

describe('POST /api/editors', () => {
  it('adds an editor with a picture stored under a name the server makes', async () => {
    const response = await post(
      '/api/editors',
      form(fields({ post: 'Professor <script>x()</script><em>Emeritus</em>' }), { data: PNG, name: '../../evil.png' }),
    );
    expect(response.statusCode).toBe(201);
    const editor = response.json();
    lenaId = editor.id;
    expect(editor).toMatchObject({
      name: 'Dr. Lena Ortiz',
      post: 'Professor <em>Emeritus</em>',
      status: 'enabled',
      is_pinned: false,
      message: 'Editor created successfully',
    });
    expect(editor.picture).toMatch(/^editor-[0-9a-f]{16}\.png$/);
    expect(pictures()).toEqual([editor.picture]);
    expect(fs.existsSync(path.join(t.journal.files.root, 'evil.png'))).toBe(false);
  });

  it('adds an editor without a picture; a website typed without a scheme is stored as https://', async () => {
    const response = await post(
      '/api/editors',
      form(fields({ name: 'Dr. Tomas Berg', category: 'chief editor', editor_website: ' profiles.example/asha ' })),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().picture).toBeNull();
    expect(response.json().editor_website).toBe('https://profiles.example/asha');
  });

  it.each([
    [{ name: '' }, 'name: Name is required'],
    [{ name: '<img src=x onerror=alert(1)>' }, 'name: Name is required'],
    [{ content: '' }, 'content: Affiliation is required'],
    [{ category: 'guest editor' }, 'category: Category is required'],
    [{ post: '' }, 'post: Post is required'],
    [{ email: 'nope' }, 'email: Email must be an email address'],
    [{ editor_website: 'javascript:alert(1)' }, 'editor_website: Website must be a web address'],
    [{ editor_website: 'mailto:lena@uni.example' }, 'editor_website: Website must be a web address'],
    [{ editor_website: 'not a web address' }, 'editor_website: Website must be a web address'],
  ])('refuses %j with a clear 400, changing nothing', async (override, message) => {
    const before = await editorRows();
    const response = await post('/api/editors', form(fields(override), { data: PNG }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message });
    expect(await editorRows()).toEqual(before);
    expect(pictures()).toHaveLength(1);
  });

  it('accepts only images, checked by content, at most 5 MB', async () => {
    const fake = await post('/api/editors', form(fields(), { data: Buffer.from('%PDF-1.4'), name: 'photo.png' }));
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({
      error: 'invalid_file',
      message: 'The picture must be a PNG, JPEG, GIF or WebP image.',
    });
    const big = await post(
      '/api/editors',
      form(fields(), { data: Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]) }),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'file_too_large', message: FILE_SIZE_MESSAGE });
    expect(pictures()).toHaveLength(1);
    expect(await editorRows()).toHaveLength(2);
  });
});

describe('GET and POST /api/editors/{id}', () => {
  it('answers one editor, whatever its status, with the token only', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/editors/${lenaId}`, headers: auth })).json()).toMatchObject({
      name: 'Dr. Lena Ortiz',
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/editors/${lenaId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/editors/999', headers: auth })).statusCode).toBe(404);
  });

  it('updates the fields and replaces the picture, removing the old file', async () => {
    const old = (await t.app.inject({ method: 'GET', url: `/api/editors/${lenaId}`, headers: auth })).json().picture;
    const response = await post(
      `/api/editors/${lenaId}`,
      form(fields({ name: 'Prof. Lena Ortiz', category: 'chief editor' }), { data: GIF, name: 'x.gif' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Prof. Lena Ortiz',
      category: 'chief editor',
      message: 'Editor updated successfully',
    });
    expect(response.json().picture).toMatch(/\.gif$/);
    expect(pictures()).toEqual([response.json().picture]);
    expect(pictures()).not.toContain(old);
  });

  it('keeps the picture when none is sent', async () => {
    const before = (await t.app.inject({ method: 'GET', url: `/api/editors/${lenaId}`, headers: auth })).json().picture;
    const response = await post(`/api/editors/${lenaId}`, form(fields({ name: 'Prof. Lena Ortiz' })));
    expect(response.json().picture).toBe(before);
  });

  it('switches the status with a form holding only the status', async () => {
    const off = await post(`/api/editors/${lenaId}`, form({ status: 'disabled' }));
    expect(off.json()).toMatchObject({
      status: 'disabled',
      name: 'Prof. Lena Ortiz',
      message: 'Editor updated successfully',
    });
    const publicNames = (await t.app.inject({ method: 'GET', url: '/api/editors/' }))
      .json()
      .map((e: { name: string }) => e.name);
    expect(publicNames).not.toContain('Prof. Lena Ortiz');
    const bad = await post(`/api/editors/${lenaId}`, form({ status: 'archived' }));
    expect(bad.json()).toEqual({ error: 'invalid_input', message: 'status: Status must be enabled or disabled' });
    expect((await post(`/api/editors/${lenaId}`, form({ status: 'enabled' }))).json().status).toBe('enabled');
  });

  it('refuses an unknown editor and a bad picture, keeping the old one', async () => {
    expect((await post('/api/editors/999', form({ status: 'enabled' }))).statusCode).toBe(404);
    const before = pictures();
    const bad = await post(`/api/editors/${lenaId}`, form(fields(), { data: Buffer.from('<svg onload=alert(1)>') }));
    expect(bad.statusCode).toBe(400);
    expect(pictures()).toEqual(before);
  });
});

describe('POST /api/editors/pin', () => {
  const order = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/editors/', headers: auth }))
      .json()
      .map((e: { id: number }) => e.id);

  it('pins the selected editors to the top and answers List Sorted!', async () => {
    const ids = await order();
    const last = ids[ids.length - 1];
    const response = await post('/api/editors/pin', { ids: [last], pinned: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 1, message: 'List Sorted!' });
    expect((await order())[0]).toBe(last);
    await post('/api/editors/pin', { ids: [last], pinned: false });
    expect(await order()).toEqual(ids);
  });

  it.each([
    [{ ids: [], pinned: true }, 'ids: Select at least one editor'],
    [{ ids: ['1'], pinned: true }, 'ids.0: id must be a positive number'],
    [{ ids: [1] }, 'pinned: pinned must be true or false'],
    [{ pinned: true }, 'ids: ids must be a list of editor ids'],
  ])('refuses %j with a clear 400', async (payload, message) => {
    const response = await post('/api/editors/pin', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message });
  });
});
