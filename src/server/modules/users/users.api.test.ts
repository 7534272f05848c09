import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login/', payload: { username, password } });
const update = (id: number, payload: unknown, headers = auth) =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}`, headers, payload: payload as object });

let editorId: number;

describe('admin users', () => {
  it('GET /api/users/{id} answers the user without any password or hash', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/1', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, username: 'admin', name: 'Administrator', enabled: true, creation: expect.any(String) });
    expect(response.body).not.toMatch(/password|argon2/);
  });

  it('POST /api/users creates a user who can sign in; a taken username gets 409', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth,
      payload: { username: 'editor', name: 'Desk Editor', password: 'desk-password-1' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ username: 'editor', name: 'Desk Editor', enabled: true, message: 'User created successfully' });
    editorId = response.json().id;
    expect((await login('editor', 'desk-password-1')).statusCode).toBe(200);

    const again = await t.app.inject({ method: 'POST', url: '/api/users', headers: auth, payload: { username: 'editor', name: 'X', password: 'another-pass' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'duplicate_username', message: 'This username is already taken.' });
  });

  it('GET /api/users lists every user without hashes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users', headers: auth });
    expect(response.json().map((u: { username: string }) => u.username)).toEqual(['admin', 'editor']);
    expect(response.body).not.toMatch(/password|argon2/);
  });

  it('POST /api/users/{id} changes name and password; the old password stops working', async () => {
    const response = await update(editorId, { name: 'Senior Editor', password: 'new-desk-password' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Senior Editor', message: 'User updated successfully' });
    expect((await login('editor', 'desk-password-1')).json().error).toBe('invalid_credentials');
    const fresh = await login('editor', 'new-desk-password');
    expect(fresh.json().user).toMatchObject({ name: 'Senior Editor' });
  });

  it('an empty password keeps the old one', async () => {
    expect((await update(editorId, { name: 'Editor', password: '' })).statusCode).toBe(200);
    expect((await login('editor', 'new-desk-password')).statusCode).toBe(200);
  });

  it('a disabled user gets "disabled" at login and their token stops working', async () => {
    const session = (await login('editor', 'new-desk-password')).json();
    const response = await update(editorId, { enabled: false });
    expect(response.json()).toMatchObject({ enabled: false });
    const refused = await login('editor', 'new-desk-password');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'disabled', message: 'User disabled' });
    const verify = await t.app.inject({ method: 'GET', url: '/auth/verify-token/', headers: { authorization: `Bearer ${session.token}` } });
    expect(verify.statusCode).toBe(401);
    await update(editorId, { enabled: true });
    expect((await login('editor', 'new-desk-password')).statusCode).toBe(200);
  });

  it('nobody can disable themselves', async () => {
    const response = await update(1, { enabled: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'cannot_disable_self', message: 'You cannot disable yourself.' });
    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password)).statusCode).toBe(200);
  });

  it.each([
    [{ name: '' }, 'name: Name is required'],
    [{ password: 'short' }, 'password: Password must be at least 8 characters'],
    [{ name: 42 }, 'name: Name is required'],
    [{ enabled: 'no' }, 'enabled: enabled must be true or false'],
    [{ password_hash: 'x' }, 'Unrecognized key: "password_hash"'],
    [{}, 'Nothing to update'],
  ])('refuses %j with a clear 400', async (payload, message) => {
    const response = await update(editorId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message });
  });

  it('refuses a bad new user and answers 404 for an unknown one', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/users', headers: auth, payload: { username: '../x', name: 'X', password: 'long-enough' } });
    expect(bad.json()).toEqual({ error: 'invalid_input', message: 'username: Username must be 3-64 letters, digits or _.@-' });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/999', headers: auth })).statusCode).toBe(404);
    expect((await update(999, { name: 'Ghost' })).statusCode).toBe(404);
  });
});
