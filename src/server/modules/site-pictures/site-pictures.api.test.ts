import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PICTURE_BYTES, PICTURE_SIZE_MESSAGE } from '../../../common/constants.js';
import { checkFiles, disagreementCount, repairFiles } from '../../storage/file-repair.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_PICTURES } from '../../test/upload-fixtures.js';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  auth = await t.authHeader();
});
afterAll(() => t.close());

const { png: PNG, jpg: JPEG } = TEST_PICTURES;

function form(picture?: { data: Buffer; name?: string }): FormData {
  const data = new FormData();
  if (picture) data.append('imgFile', new Blob([new Uint8Array(picture.data)]), picture.name ?? 'picture.png');
  return data;
}

const upload = (kind: string, picture?: { data: Buffer; name?: string }, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'POST', url: `/api/admin/site-pictures/${kind}`, headers, payload: form(picture) });
const addresses = async () => (await t.app.inject({ method: 'GET', url: '/api/site-pictures' })).json();
const stored = () =>
  fs.existsSync(path.join(t.journal.files.root, 'site'))
    ? fs.readdirSync(path.join(t.journal.files.root, 'site')).sort()
    : [];
const home = async () => (await t.app.inject({ method: 'GET', url: '/' })).body;

describe('GET /api/site-pictures', () => {
  it('names the built-in logo and header, and no cover picture or signature, before any upload', async () => {
    expect(await addresses()).toEqual({ logo: '/logo.svg', header: '/header.svg', cover: null, signature: null });
    const page = await home();
    expect(page).toContain('src="/logo.svg"');
    expect(page).toContain('class="issue-cover"');
  });
});

describe('POST /api/admin/site-pictures/{kind}', () => {
  it('stores an uploaded logo under a name the server makes and shows it on every page at once', async () => {
    const response = await upload('logo', { data: PNG, name: '../../../etc/passwd' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Picture saved');
    expect(response.json().logo).toMatch(/^\/assets\/site\/logo-[0-9a-f]{16}\.png$/);
    expect(stored()).toEqual([path.basename(response.json().logo)]);
    expect(await home()).toContain(`src="${response.json().logo}"`);
    const served = await t.app.inject({ method: 'GET', url: response.json().logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('replaces the previous upload, removing its file; the cover picture replaces the drawn cover', async () => {
    const before = (await addresses()).logo;
    const logo = (await upload('logo', { data: JPEG })).json().logo;
    expect(logo).toMatch(/\.jpg$/);
    const cover = (await upload('cover', { data: PNG })).json().cover;
    expect(stored()).toEqual([path.basename(cover), path.basename(logo)].sort());
    expect(stored()).not.toContain(path.basename(before));
    const page = await home();
    expect(page).toContain(`class="cover-picture" src="${cover}"`);
    expect(page).not.toContain('class="cover-art"');
    // The files agree with the rows: nothing for the repair to do, and the repair keeps them.
    expect(disagreementCount(await checkFiles(t.journal.db, t.journal.files))).toBe(0);
    await repairFiles(t.journal.db, t.journal.files, { clearMissingArticleFiles: false });
    expect(stored()).toHaveLength(2);
  });

  it.each([
    ['header', undefined, 400, 'invalid_input', 'imgFile: Choose a picture to upload'],
    [
      'header',
      { data: Buffer.from('<svg onload="alert(1)"/>'), name: 'x.svg' },
      400,
      'invalid_file',
      'The picture must be a PNG, JPEG, GIF or WebP image.',
    ],
    [
      'header',
      { data: Buffer.concat([PNG, Buffer.alloc(MAX_PICTURE_BYTES)]) },
      413,
      'file_too_large',
      PICTURE_SIZE_MESSAGE,
    ],
    ['favicon', { data: PNG }, 400, 'invalid_input', 'kind: must be one of logo, header, cover, signature'],
  ])('refuses %s %#, changing nothing', async (kind, picture, status, error, message) => {
    const [before, files] = [await addresses(), stored()];
    const response = await upload(kind, picture);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error, message });
    expect(await addresses()).toEqual(before);
    expect(stored()).toEqual(files);
  });

  it('needs an admin token', async () => {
    expect((await upload('logo', { data: PNG }, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/site-pictures/logo' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/admin/site-pictures/{kind}', () => {
  it('goes back to the built-in picture and removes the upload; a second reset changes nothing', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/admin/site-pictures/logo', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ logo: '/logo.svg', message: 'Picture reset to the built-in one' });
    expect(stored()).toHaveLength(1);
    expect(await home()).toContain('src="/logo.svg"');
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/admin/site-pictures/logo', headers: auth })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/admin/site-pictures/banner', headers: auth })).statusCode,
    ).toBe(400);
  });
});
