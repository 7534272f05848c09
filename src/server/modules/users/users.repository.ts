import type { UserRole } from '../../../common/schemas/user.js';
import type { JournalExecutor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

/**
 * A user as one journal sees them (the handle is scoped to it): the installation's account with the role it has
 * here, null when it is no member of this journal.
 */
export type JournalUserRow = UserRow & { role: UserRole | null };

const USER_COLUMNS = [
  'users.id',
  'users.username',
  'users.name',
  'users.password_hash',
  'users.enabled',
  'users.creation',
  'users.publisher',
  'users.token_version',
  'users.email',
] as const;

/** Every account, with its membership of the journal when it has one (the scope puts the journal in the join). */
const journalUsers = (db: JournalExecutor) =>
  db
    .selectFrom('users')
    .leftJoin('journal_members', 'journal_members.user_id', 'users.id')
    .select([...USER_COLUMNS, 'journal_members.role']);

export const findUserByUsername = (db: JournalExecutor, username: string): Promise<JournalUserRow | undefined> =>
  journalUsers(db).where('users.username', '=', username).executeTakeFirst();

export const findUserById = (db: JournalExecutor, id: number): Promise<JournalUserRow | undefined> =>
  journalUsers(db).where('users.id', '=', id).executeTakeFirst();

export async function countUsers(db: JournalExecutor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new account, member of the handle's journal with `role`. */
export async function insertUser(
  db: JournalExecutor,
  user: {
    username: string;
    name: string;
    password_hash: string;
    /** Their role in the handle's journal; admin unless given. */
    role?: UserRole;
    enabled?: number;
    email?: string;
    publisher?: number;
  },
): Promise<number> {
  const { role = 'admin', ...account } = user;
  const row = await db
    .insertInto('users')
    .values({ enabled: 1, ...account, creation: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('journal_members').values({ user_id: row.id, role }).execute();
  return row.id;
}

/** The role a user acts with in the journal: a publisher admin's is admin everywhere; null for no member. */
export const roleHere = (user: JournalUserRow): UserRole | null => (user.publisher === 1 ? 'admin' : user.role);

/** The members of the journal. */
export const listUsers = async (db: JournalExecutor): Promise<JournalUserRow[]> =>
  (await journalUsers(db)
    .where('journal_members.role', 'is not', null)
    .orderBy('users.id')
    .execute()) as JournalUserRow[];

/** `revokeTokens` raises the token version, so every token signed for the user before stops working. */
export async function updateUser(
  db: JournalExecutor,
  id: number,
  values: { name?: string; password_hash?: string; enabled?: number; role?: UserRole; email?: string },
  revokeTokens: boolean,
): Promise<void> {
  const { role, ...account } = values;
  await db
    .updateTable('users')
    .set((eb) => ({ ...account, ...(revokeTokens ? { token_version: eb('token_version', '+', 1) } : {}) }))
    .where('id', '=', id)
    .execute();
  if (role) await db.updateTable('journal_members').set({ role }).where('user_id', '=', id).execute();
}

/**
 * Locks the journal's admin memberships until the transaction ends (an update that changes nothing takes
 * PostgreSQL's row locks, SQLite's database lock), so two concurrent changes cannot each count the other
 * admin as remaining.
 */
export async function lockEnabledAdmins(trx: JournalExecutor): Promise<void> {
  await trx.updateTable('journal_members').set({ role: 'admin' }).where('role', '=', 'admin').execute();
}

/** The journal's enabled admins. */
export async function countEnabledAdmins(db: JournalExecutor): Promise<number> {
  const row = await db
    .selectFrom('journal_members')
    .innerJoin('users', 'users.id', 'journal_members.user_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('journal_members.role', '=', 'admin')
    .where('users.enabled', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
