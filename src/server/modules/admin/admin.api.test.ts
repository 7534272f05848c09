import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_LINE_MESSAGE } from '../../../common/schemas/single-line.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('GET /api/admin/', () => {
  it('counts the archive articles and the editors, whatever their status', async () => {
    await t.journal.db.updateTable('editors').set({ status: 'disabled' }).where('id', '=', 2).execute();
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/', headers: await t.authHeader() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ archives: 72, editors: 8 });
  });

  it('needs the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/' })).statusCode).toBe(401);
  });
});

describe('POST /api/settings', () => {
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.authHeader();
  });
  const current = async () => (await t.app.inject({ method: 'GET', url: '/api/settings/', headers })).json();

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

  it('refuses a line break or other control character in every single-line setting, naming it', async () => {
    const before = await current();
    const { message: _m, ...settings } = before;
    const multiLine = ['formatted_journal_name', 'home_content', 'publisher_address', 'admin_ip_allowlist'];
    const choices = ['header_style', 'cover_page_variant'];
    const singleLine = Object.keys(settings).filter(
      (key) => typeof settings[key] === 'string' && ![...multiLine, ...choices].includes(key),
    );
    expect(singleLine).toEqual(expect.arrayContaining(['websitename', 'websiteemail', 'issn', 'publisher_url']));
    const wrong: string[] = [];
    for (const key of singleLine) {
      const value = String(settings[key] || 'x.example');
      for (const control of ['\r\n', '\n', '\t', '\u0085']) {
        const payload = { ...settings, [key]: `${value.slice(0, 4)}${control}${value.slice(4)}` };
        const response = await t.app.inject({ method: 'POST', url: '/api/settings', headers, payload });
        const answer = response.json();
        if (response.statusCode !== 400 || answer.message !== `${key}: ${SINGLE_LINE_MESSAGE}`)
          wrong.push(`${key} ${JSON.stringify(control)} -> ${response.statusCode} ${answer.message}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await current()).toEqual(before);
  });

  it('keeps the line breaks of the settings written on several lines', async () => {
    const { message: _m, ...settings } = await current();
    const lines = {
      publisher_address: '12 Knowledge Park\r\nNoida 201309\nIndia',
      admin_ip_allowlist: '127.0.0.1\n::1\r\n192.0.2.0/24',
      home_content: '<p>One</p>\n<p>Two</p>',
    };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/settings',
      headers,
      payload: { ...settings, ...lines },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await current()).toMatchObject(lines);
    await t.app.inject({ method: 'POST', url: '/api/settings', headers, payload: settings });
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
