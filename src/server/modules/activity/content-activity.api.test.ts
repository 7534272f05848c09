import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../../common/schemas/activity.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_PICTURES } from '../../test/upload-fixtures.js';

// The writes of the pages, indexing and site-picture screens are logged like every other admin write (decision 051).

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
});
afterAll(() => t.close());

const PNG = TEST_PICTURES.png;

function form(values: Record<string, string>, picture?: Buffer): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  if (picture) data.append('imgFile', new Blob([new Uint8Array(picture)]), 'picture.png');
  return data;
}

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: FormData | object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

/** The newest activity row, as the activity screen lists it. */
async function newest() {
  const page: ActivityPage = (await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: auth })).json();
  const [entry] = page.entries;
  return {
    total: page.total,
    entry: entry && { username: entry.username, action: entry.action, type: entry.object_type, summary: entry.summary },
  };
}

/** Makes a write and checks it added exactly one activity row, returning it. */
async function oneRowFor(write: () => Promise<{ statusCode: number; body: string }>) {
  const before = (await newest()).total;
  const response = await write();
  expect(response.statusCode, response.body).toBeLessThan(300);
  const after = await newest();
  expect(after.total).toBe(before + 1);
  return after.entry;
}

describe('activity of the content screens', () => {
  it('records an edited page', async () => {
    const entry = await oneRowFor(() =>
      send('PUT', '/api/admin/pages/about', { content: '<p>About the journal.</p>' }),
    );
    expect(entry).toEqual({ username: 'admin', action: 'update', type: 'page', summary: 'Edited the about page' });
  });

  it('records each indexing write: add, edit, switch, reorder, delete', async () => {
    const added = await send(
      'POST',
      '/api/admin/indexing',
      form({ title: 'Scopus', link: 'https://scopus.example' }, PNG),
    );
    expect(added.statusCode, added.body).toBe(201);
    expect((await newest()).entry).toEqual({
      username: 'admin',
      action: 'create',
      type: 'indexing',
      summary: 'Added Scopus',
    });
    const id = added.json().id as number;

    const edited = await oneRowFor(() =>
      send('POST', `/api/admin/indexing/${id}`, form({ title: 'Scopus', link: 'https://scopus.example/j' })),
    );
    expect(edited).toMatchObject({ action: 'update', type: 'indexing', summary: 'Scopus: link' });
    const switched = await oneRowFor(() => send('POST', `/api/admin/indexing/${id}`, form({ status: 'disabled' })));
    expect(switched).toMatchObject({ action: 'update', summary: 'Scopus: status disabled' });
    const ids = (await t.journal.db.selectFrom('indexing').select('id').orderBy('sortnumber').execute()).map(
      (row) => row.id,
    );
    const reordered = await oneRowFor(() => send('PUT', '/api/admin/indexing/order', { ids: [...ids].reverse() }));
    expect(reordered).toMatchObject({ action: 'update', summary: 'Put the indexing entries in a new order' });
    const removed = await oneRowFor(() => send('DELETE', `/api/admin/indexing/${id}`));
    expect(removed).toMatchObject({ action: 'delete', type: 'indexing', summary: 'Deleted Scopus' });
  });

  it('records an uploaded site picture and the return to the built-in one', async () => {
    const uploaded = await oneRowFor(() => send('POST', '/api/admin/site-pictures/logo', form({}, PNG)));
    expect(uploaded).toEqual({
      username: 'admin',
      action: 'update',
      type: 'site_picture',
      summary: 'Uploaded a new logo picture',
    });
    const reset = await oneRowFor(() => send('DELETE', '/api/admin/site-pictures/logo'));
    expect(reset).toMatchObject({ action: 'delete', summary: 'Went back to the built-in logo picture' });
  });

  it('records nothing for a refused write', async () => {
    const before = (await newest()).total;
    expect((await send('PUT', '/api/admin/pages/about', { content: '<p> </p>' })).statusCode).toBe(400);
    expect((await send('POST', '/api/admin/indexing', form({ title: 'No logo' }))).statusCode).toBe(400);
    expect(
      (await send('POST', '/api/admin/site-pictures/logo', form({}, Buffer.from('not a picture')))).statusCode,
    ).toBe(400);
    expect((await newest()).total).toBe(before);
  });

  it('offers the new kinds in the type filter', async () => {
    for (const type of ['page', 'indexing', 'site_picture']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/activity?type=${type}`, headers: auth });
      expect(response.statusCode).toBe(200);
      expect((response.json() as ActivityPage).entries.every((entry) => entry.object_type === type)).toBe(true);
    }
  });
});
