import type { AdminUser, UserCreateInput, UserUpdateInput } from '../../../common/schemas/user.js';
import { uniqueViolation, type Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { hashPassword } from '../../auth/passwords.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { findUserById, insertUser, listUsers, updateUser } from './users.repository.js';

/** The hash never leaves the service (DESIGN.md §5.4). */
const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  username: row.username,
  name: row.name,
  enabled: row.enabled === 1,
  creation: row.creation,
});

export class UsersService {
  constructor(private readonly db: Db) {}

  async list(): Promise<AdminUser[]> {
    return (await listUsers(this.db)).map(toAdminUser);
  }

  async get(id: number): Promise<AdminUser> {
    const row = await findUserById(this.db, id);
    if (!row) throw notFound('User not found');
    return toAdminUser(row);
  }

  async create(input: UserCreateInput): Promise<AdminUser> {
    try {
      const id = await insertUser(this.db, { username: input.username, name: input.name, password_hash: await hashPassword(input.password) });
      return this.get(id);
    } catch (error) {
      if (uniqueViolation(error)) throw new HttpError(409, 'duplicate_username', 'This username is already taken.');
      throw error;
    }
  }

  /** Nobody may disable themselves, so there is always someone left to sign in. */
  async update(id: number, input: UserUpdateInput, actingUserId: number): Promise<AdminUser> {
    await this.get(id);
    if (input.enabled === false && id === actingUserId) throw badRequest('You cannot disable yourself.', 'cannot_disable_self');
    await updateUser(this.db, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
    });
    return this.get(id);
  }
}
