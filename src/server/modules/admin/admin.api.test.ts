import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('GET /api/admin/', () => {
  it('counts the archive articles and the editors, whatever their status', async () => {
    await t.ctx.db.updateTable('editors').set({ status: 'disabled' }).where('id', '=', 2).execute();
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/', headers: await t.authHeader() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ archives: 72, editors: 8 });
  });

  it('needs the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/' })).statusCode).toBe(401);
  });
});

describe('POST /api/settings', () => {
  const current = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/settings/', headers: await t.authHeader() })).json();

  it('saves every field, sanitises the HTML ones, and the public site shows the change', async () => {
    const { message: _m, ...settings } = await current();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: await t.authHeader(),
      payload: {
        ...settings,
        fee_dollar: '75',
        show_subject_column: false,
        home_content: '<p>Hello<script>alert(1)</script></p>',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fee_dollar: '75',
      show_subject_column: false,
      home_content: '<p>Hello</p>',
      message: 'Settings updated successfully',
    });
    const publicSettings = (await t.app.inject({ method: 'GET', url: '/api/settings/' })).json();
    expect(publicSettings).toMatchObject({ fee_dollar: '75', show_subject_column: false });
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toMatch(/\$ (<!-- -->)?75/);
  });

  it.each([
    [{ websiteemail: 'not-an-email' }, 'websiteemail: must be an email address'],
    [{ websitename: '' }, 'websitename: Website name is required'],
    [{ publisher_url: 'javascript:alert(1)' }, 'publisher_url: must be a web address'],
    [{ fee_rupee: 'two thousand' }, 'fee_rupee: must be a number, like 2000 or 49.50'],
    [{ fee_dollar: '50$' }, 'fee_dollar: must be a number, like 2000 or 49.50'],
    [{ show_editor_contacts: 'yes' }, 'show_editor_contacts: Invalid input: expected boolean, received string'],
    [{ header_style: 'video' }, 'header_style: Invalid option: expected one of "image"|"text"'],
  ])('refuses %j with a clear 400, changing nothing', async (override, message) => {
    const before = await current();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: await t.authHeader(),
      payload: { ...before, ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message });
    expect(await current()).toEqual(before);
  });

  it('stores a web address typed without a scheme as https://', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers: await t.authHeader(),
      payload: { ...(await current()), publisher_url: 'publisher.example/about', fee_rupee: '2500.50' },
    });
    expect(response.statusCode).toBe(200);
    expect(await current()).toMatchObject({ publisher_url: 'https://publisher.example/about', fee_rupee: '2500.50' });
  });

  it('needs the token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/settings', payload: await current() });
    expect(response.statusCode).toBe(401);
  });
});
