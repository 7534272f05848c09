import { expect } from 'vitest';

type Credentials = { username: string; password: string };

/** Signs in through the API and returns the Authorization and content-type headers of JSON calls. */
async function adminHeaders(baseUrl: string, admin: Credentials): Promise<Record<string, string>> {
  const login = await fetch(`${baseUrl}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

/** Signs in as `admin` and saves the site settings with `changes` applied. */
export async function saveSettings(
  baseUrl: string,
  admin: Credentials,
  changes: Record<string, unknown>,
): Promise<void> {
  const headers = await adminHeaders(baseUrl, admin);
  const settings = await (await fetch(`${baseUrl}/api/settings/`, { headers })).json();
  const saved = await fetch(`${baseUrl}/api/settings`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...settings, ...changes }),
  });
  expect(saved.status).toBe(200);
}

/** Signs in as `admin` and creates another user. */
export async function createUser(
  baseUrl: string,
  admin: Credentials,
  user: Credentials & { name: string; role?: string },
): Promise<void> {
  const created = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: await adminHeaders(baseUrl, admin),
    body: JSON.stringify(user),
  });
  expect(created.status).toBe(201);
}
