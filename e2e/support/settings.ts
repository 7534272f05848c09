import { expect } from 'vitest';

/** Signs in as `admin` and saves the site settings with `changes` applied. */
export async function saveSettings(baseUrl: string, admin: { username: string; password: string }, changes: Record<string, unknown>): Promise<void> {
  const login = await fetch(`${baseUrl}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const settings = await (await fetch(`${baseUrl}/api/settings/`, { headers })).json();
  const saved = await fetch(`${baseUrl}/api/settings`, { method: 'POST', headers, body: JSON.stringify({ ...settings, ...changes }) });
  expect(saved.status).toBe(200);
}
