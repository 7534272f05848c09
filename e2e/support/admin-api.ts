import { expect } from 'vitest';

type Credentials = { username: string; password: string };

/** Signs in through the API and returns the Authorization and content-type headers of JSON calls. */
export async function adminHeaders(baseUrl: string, admin: Credentials): Promise<Record<string, string>> {
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

/** The fields of the article edit form, sent back as they are. */
const ARTICLE_EDIT_FIELDS = [
  'refnumber',
  'title',
  'authorname',
  'abstract',
  'keywords',
  'doi',
  'subject',
  'country',
  'mobile',
  'email',
  'pagenumber',
  'txnid',
  'ptype',
  'publishdate',
  'status',
];

/** Signs in as `admin` and gives article `id` a corrected PDF, its other fields as they are. */
export async function replaceArticlePdf(baseUrl: string, admin: Credentials, id: number, pdf: Buffer): Promise<void> {
  const { authorization } = await adminHeaders(baseUrl, admin);
  const article = (await (
    await fetch(`${baseUrl}/api/archives/${id}`, { headers: { authorization } })
  ).json()) as Record<string, unknown>;
  const form = new FormData();
  for (const field of ARTICLE_EDIT_FIELDS) form.append(field, String(article[field] ?? ''));
  form.append('pdfFile', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'corrected.pdf');
  const saved = await fetch(`${baseUrl}/api/archives/${id}`, {
    method: 'POST',
    headers: { authorization },
    body: form,
  });
  expect(saved.status).toBe(200);
}
