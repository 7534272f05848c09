import type { UserRole } from '../../../common/schemas/user.js';
import type { Executor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

export const findUserByUsername = (db: Executor, username: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

export const findUserById = (db: Executor, id: number): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertUser(
  db: Executor,
  user: { username: string; name: string; password_hash: string; enabled?: number; role?: UserRole; email?: string },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ enabled: 1, ...user, creation: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const listUsers = (db: Executor): Promise<UserRow[]> =>
  db.selectFrom('users').selectAll().orderBy('id').execute();

/** `revokeTokens` raises the token version, so every token signed for the user before stops working. */
export async function updateUser(
  db: Executor,
  id: number,
  values: { name?: string; password_hash?: string; enabled?: number; role?: UserRole; email?: string },
  revokeTokens: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ ...values, ...(revokeTokens ? { token_version: eb('token_version', '+', 1) } : {}) }))
    .where('id', '=', id)
    .execute();
}

/**
 * Locks the rows of the enabled admins until the transaction ends (an update that changes nothing takes
 * PostgreSQL's row locks, SQLite's database lock), so two concurrent changes cannot each count the other
 * admin as remaining.
 */
export async function lockEnabledAdmins(trx: Executor): Promise<void> {
  await trx.updateTable('users').set({ role: 'admin' }).where('role', '=', 'admin').where('enabled', '=', 1).execute();
}

export async function countEnabledAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', 'admin')
    .where('enabled', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
