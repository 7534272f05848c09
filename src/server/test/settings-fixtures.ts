import { expect } from 'vitest';
import type { SiteSettings } from '../../common/schemas/settings.js';
import type { TestApp } from './test-app.js';

/** Saves every setting with `values` changed, as an administrator does through the settings form. */
export async function saveSettings(t: TestApp, values: Partial<SiteSettings>): Promise<void> {
  const headers = await t.authHeader();
  const current = (await t.app.inject({ method: 'GET', url: '/api/settings/', headers })).json();
  const { message: _message, ...settings } = { ...current, ...values };
  const response = await t.app.inject({ method: 'POST', url: '/api/settings', headers, payload: settings });
  expect(response.statusCode, response.body).toBe(200);
}
