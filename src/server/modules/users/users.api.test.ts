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
const verify = (headers: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/auth/verify-token/', headers });
/** Signs in and returns the session's Authorization header. */
async function bearer(username: string, password: string): Promise<{ authorization: string }> {
  const response = await login(username, password);
  expect(response.statusCode).toBe(200);
  return { authorization: `Bearer ${response.json().token}` };
}
const createUser = async (username: string, role?: 'admin' | 'staff') => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: auth,
    payload: { username, name: username, password: `${username}-password`, ...(role ? { role } : {}) },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
};

let editorId: number;

describe('admin users', () => {
  it('GET /api/users/{id} answers the user without any password or hash', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/1', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 1,
      username: 'admin',
      name: 'Administrator',
      role: 'admin',
      enabled: true,
      creation: expect.any(String),
      email: '',
    });
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
    expect(response.json()).toMatchObject({
      username: 'editor',
      name: 'Desk Editor',
      role: 'admin',
      enabled: true,
      message: 'User created successfully',
    });
    editorId = response.json().id;
    expect((await login('editor', 'desk-password-1')).statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth,
      payload: { username: 'editor', name: 'X', password: 'another-pass' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'duplicate_username', message: 'This username is already taken.' });
  });

  it('GET /api/users lists every user without hashes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users', headers: auth });
    expect(response.json().map((u: { username: string }) => u.username)).toEqual(['admin', 'editor']);
    expect(response.body).not.toMatch(/password|argon2/);
  });

  it('POST /api/users/{id} changes name and password; the old password and the old token stop working', async () => {
    const oldSession = await bearer('editor', 'desk-password-1');
    const response = await update(editorId, { name: 'Senior Editor', password: 'new-desk-password' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Senior Editor', message: 'User updated successfully' });
    expect(response.json()).not.toHaveProperty('token');
    expect((await verify(oldSession)).statusCode).toBe(401);
    expect((await login('editor', 'desk-password-1')).json().error).toBe('invalid_credentials');
    const fresh = await login('editor', 'new-desk-password');
    expect(fresh.json().user).toMatchObject({ name: 'Senior Editor' });
  });

  it('an empty password keeps the old one, and a new name keeps the sessions', async () => {
    const session = await bearer('editor', 'new-desk-password');
    expect((await update(editorId, { name: 'Editor', password: '' })).statusCode).toBe(200);
    expect((await login('editor', 'new-desk-password')).statusCode).toBe(200);
    expect((await verify(session)).json().user).toMatchObject({ name: 'Editor' });
  });

  it('a disabled user gets "disabled" at login and their token stops working', async () => {
    const session = (await login('editor', 'new-desk-password')).json();
    const response = await update(editorId, { enabled: false });
    expect(response.json()).toMatchObject({ enabled: false });
    const refused = await login('editor', 'new-desk-password');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'disabled', message: 'User disabled' });
    const verify = await t.app.inject({
      method: 'GET',
      url: '/auth/verify-token/',
      headers: { authorization: `Bearer ${session.token}` },
    });
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
    [{ role: 'owner' }, 'role: role must be admin or staff'],
    [{}, 'Nothing to update'],
  ])('refuses %j with a clear 400', async (payload, message) => {
    const response = await update(editorId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', message });
  });

  it('refuses a bad new user and answers 404 for an unknown one', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth,
      payload: { username: '../x', name: 'X', password: 'long-enough' },
    });
    expect(bad.json()).toEqual({
      error: 'invalid_input',
      message: 'username: Username must be 3-64 letters, digits or _.@-',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/999', headers: auth })).statusCode).toBe(404);
    expect((await update(999, { name: 'Ghost' })).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('creates a staff user, who signs in for the work-log and is refused the admin calls', async () => {
    const id = await createUser('clerk', 'staff');
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: auth })).json()).toMatchObject({
      role: 'staff',
    });
    const signedIn = await login('clerk', 'clerk-password');
    expect(signedIn.json().user).toEqual({ id, username: 'clerk', name: 'clerk', role: 'staff', publisher: false });
    const staff = { authorization: `Bearer ${signedIn.json().token}` };
    expect((await verify(staff)).json().user).toMatchObject({ role: 'staff' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/users', headers: staff });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'This account may use the work-log only.' });
  });

  it('a new role takes effect at once: the old token stops working and the next one carries the role', async () => {
    const id = await createUser('deputy');
    const before = await bearer('deputy', 'deputy-password');
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: before })).statusCode).toBe(200);
    expect((await update(id, { role: 'staff' })).json()).toMatchObject({ role: 'staff' });
    expect((await verify(before)).statusCode).toBe(401);
    const after = await bearer('deputy', 'deputy-password');
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: after })).statusCode).toBe(403);
    expect((await update(id, { role: 'admin' })).json()).toMatchObject({ role: 'admin' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users', headers: await bearer('deputy', 'deputy-password') }))
        .statusCode,
    ).toBe(200);
  });

  it('disabling a user ends their sessions even after they are enabled again', async () => {
    const id = await createUser('seasonal', 'staff');
    const session = await bearer('seasonal', 'seasonal-password');
    await update(id, { enabled: false });
    await update(id, { enabled: true });
    expect((await verify(session)).statusCode).toBe(401);
  });

  it('nobody can change their own role', async () => {
    const response = await update(1, { role: 'staff' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'cannot_demote_self', message: 'You cannot change your own role.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/1', headers: auth })).json()).toMatchObject({
      role: 'admin',
    });
    expect((await update(1, { role: 'admin', name: 'Administrator' })).statusCode).toBe(200);
  });

  it('the last enabled admin can be neither disabled nor demoted, whoever asks', async () => {
    const others = (await t.journal.services.users.list()).filter((user) => user.id !== 1 && user.role === 'admin');
    for (const other of others) await update(other.id, { role: 'staff' });
    for (const change of [{ enabled: false }, { role: 'staff' as const }]) {
      await expect(
        t.journal.services.users.update(1, change, { userId: others[0]!.id, username: others[0]!.username }),
      ).rejects.toMatchObject({
        statusCode: 409,
        code: 'last_admin',
        message: 'This is the last enabled admin: make another user an admin first.',
      });
    }
    expect(await t.journal.services.users.get(1)).toMatchObject({ role: 'admin', enabled: true });
    for (const other of others) await update(other.id, { role: 'admin' });
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const twins = [await createUser('twin-a'), await createUser('twin-b')] as const;
    const setRole = (ids: number[], role: 'admin' | 'staff') =>
      t.journal.db.updateTable('journal_members').set({ role }).where('user_id', 'in', ids).execute();
    // Only the twins are admins while they demote each other; the race is run a few times to meet the bad interleaving.
    const bystanders = (await t.journal.services.users.list())
      .filter((user) => user.role === 'admin' && !twins.includes(user.id))
      .map((user) => user.id);
    await setRole(bystanders, 'staff');
    try {
      for (let round = 0; round < 5; round++) {
        await setRole([...twins], 'admin');
        const outcomes = await Promise.allSettled([
          t.journal.services.users.update(twins[1], { role: 'staff' }, { userId: twins[0], username: 'twin-a' }),
          t.journal.services.users.update(twins[0], { role: 'staff' }, { userId: twins[1], username: 'twin-b' }),
        ]);
        expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
        expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
          reason: { code: 'last_admin' },
        });
        expect((await t.journal.services.users.list()).filter((user) => user.role === 'admin')).toHaveLength(1);
      }
    } finally {
      await setRole(bystanders, 'admin');
    }
  });
});

describe("changing one's own password", () => {
  let chief: { authorization: string };
  let chiefId: number;
  beforeAll(async () => {
    chiefId = await createUser('chief');
    chief = await bearer('chief', 'chief-password');
  });

  it.each([
    [{}, 'current_password_required', 'Enter your current password to set a new one.'],
    [{ current_password: 'not-my-password' }, 'wrong_current_password', 'The current password is not correct.'],
  ])('refuses a new password with %j', async (extra, error, message) => {
    const response = await update(chiefId, { password: 'chief-new-password', ...extra }, chief);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, message });
    expect((await login('chief', 'chief-password')).statusCode).toBe(200);
    expect((await verify(chief)).statusCode).toBe(200);
  });

  it('accepts the right current password, ends the old sessions and answers a new token', async () => {
    const otherTab = await bearer('chief', 'chief-password');
    const response = await update(
      chiefId,
      { password: 'chief-new-password', current_password: 'chief-password' },
      chief,
    );
    expect(response.statusCode).toBe(200);
    for (const old of [chief, otherTab]) expect((await verify(old)).statusCode).toBe(401);
    const renewed = await verify({ authorization: `Bearer ${response.json().token}` });
    expect(renewed.json().user).toMatchObject({ username: 'chief', role: 'admin' });
    expect((await login('chief', 'chief-new-password')).statusCode).toBe(200);
  });
});
