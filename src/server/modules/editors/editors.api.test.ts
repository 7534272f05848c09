import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TEST_ACTOR } from '../../test/test-app.js';
import { addEditor } from '../../test/editor-fixtures.js';

let t: TestApp;

async function setContactsShown(shown: boolean) {
  const settings = await t.journal.services.settings.get();
  await t.journal.services.settings.update({ ...settings, show_editor_contacts: shown }, TEST_ACTOR);
}

beforeAll(async () => {
  t = await createTestApp();
  await addEditor(t.journal.db, 'Alpha');
  await addEditor(t.journal.db, 'Bravo', { status: 'disabled' });
  await addEditor(t.journal.db, 'Charlie', { is_pinned: 1, category: 'chief editor' });
  await addEditor(t.journal.db, 'Delta', { post: 'Head<script>alert(1)</script> <em>of Department</em>' });
});
afterAll(() => t.close());

const names = (body: { name: string }[]) => body.map((editor) => editor.name);

describe('GET /api/editors/', () => {
  it('lists only enabled editors, pinned first, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/editors/' });
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).toEqual(['Charlie', 'Alpha', 'Delta']);
    expect(response.json()[0]).toMatchObject({
      category: 'chief editor',
      is_pinned: true,
      content: 'University of Charlie',
    });
  });

  it('lists every editor, disabled ones too, with a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/editors', headers: await t.authHeader() });
    expect(names(response.json())).toEqual(['Charlie', 'Alpha', 'Bravo', 'Delta']);
    expect(response.json()[2].status).toBe('disabled');
  });

  it('sanitises the post on the way out', async () => {
    const delta = (await t.app.inject({ method: 'GET', url: '/api/editors/' }))
      .json()
      .find((e: { name: string }) => e.name === 'Delta');
    expect(delta.post).toBe('Head <em>of Department</em>');
  });

  it('hides contact details from the public list unless the site shows them', async () => {
    await setContactsShown(false);
    const hidden = (await t.app.inject({ method: 'GET', url: '/api/editors/' })).json()[0];
    expect(hidden).toMatchObject({ email: '', phone: '', editor_website: '' });
    const admin = (
      await t.app.inject({ method: 'GET', url: '/api/editors/', headers: await t.authHeader() })
    ).json()[0];
    expect(admin.email).toBe('charlie@uni.example');

    await setContactsShown(true);
    const shown = (await t.app.inject({ method: 'GET', url: '/api/editors/' })).json()[0];
    expect(shown).toMatchObject({
      email: 'charlie@uni.example',
      phone: '+91 90000 00000',
      editor_website: 'https://profiles.example/charlie',
    });
  });
});
