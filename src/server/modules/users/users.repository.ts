import type { Executor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

export const findUserByUsername = (db: Executor, username: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

export const findUserById = (db: Executor, id: number): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export async function countUsers(db: Executor): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertUser(
  db: Executor,
  user: { username: string; name: string; password_hash: string; enabled?: number },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ enabled: 1, ...user, creation: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const listUsers = (db: Executor): Promise<UserRow[]> => db.selectFrom('users').selectAll().orderBy('id').execute();

export async function updateUser(
  db: Executor,
  id: number,
  values: { name?: string; password_hash?: string; enabled?: number },
): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}
