import type { AdminUser, UserCreateInput, UserUpdateInput } from '../../../common/schemas/user.js';
import { uniqueViolation, type JournalDb } from '../../db/database.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { TokenClaims } from '../../auth/tokens.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { recordActivity, type Actor } from '../activity/activity.repository.js';
import {
  countEnabledAdmins,
  findUserById,
  insertUser,
  listUsers,
  lockEnabledAdmins,
  roleHere,
  updateUser,
  type JournalUserRow,
} from './users.repository.js';

/** The signed-in user of a token, as the journal of the request sees them. */
export interface TokenUser extends Omit<AdminUser, 'role'> {
  /** Their role in this journal; null when they are no member of it (and no publisher admin). */
  role: AdminUser['role'] | null;
  publisher: boolean;
}

/** The hash never leaves the service (docs/security.md, Who may do what). */
const toAdminUser = (row: JournalUserRow): AdminUser => ({
  id: row.id,
  username: row.username,
  name: row.name,
  // The membership's role, which the users form edits; a publisher admin without one acts as an admin.
  role: row.role ?? 'admin',
  enabled: row.enabled === 1,
  creation: row.creation,
  email: row.email,
});

/** Names what changed; a new password is mentioned, never shown. */
function userChangeSummary(row: JournalUserRow, input: UserUpdateInput): string {
  const changes = [
    input.name !== undefined && input.name !== row.name ? 'name' : '',
    input.password ? 'password' : '',
    input.enabled !== undefined && (input.enabled ? 1 : 0) !== row.enabled
      ? input.enabled
        ? 'enabled'
        : 'disabled'
      : '',
    input.role !== undefined && input.role !== row.role ? `role ${input.role}` : '',
    input.email !== undefined && input.email !== row.email ? 'email' : '',
  ].filter(Boolean);
  return `${row.username}: ${changes.length ? changes.join(', ') : 'nothing changed'}`;
}

/**
 * The users of one journal (the handle is scoped to it): accounts are the installation's, one per person, and a
 * membership gives each a role in a journal (decision 096). A user created here becomes a member here.
 */
export class UsersService {
  constructor(private readonly db: JournalDb) {}

  async list(): Promise<AdminUser[]> {
    return (await listUsers(this.db)).map(toAdminUser);
  }

  async get(id: number): Promise<AdminUser> {
    return toAdminUser(await this.row(id));
  }

  /**
   * The user a token names, while that user is enabled and the token's version is still theirs (a new password,
   * role or status ends older tokens); null otherwise.
   */
  async tokenUser({ userId, tokenVersion }: TokenClaims): Promise<TokenUser | null> {
    const row = await findUserById(this.db, userId);
    if (!row || row.enabled !== 1 || row.token_version !== tokenVersion) return null;
    return { ...toAdminUser(row), role: roleHere(row), publisher: row.publisher === 1 };
  }

  /** A member of this journal; any other account is not found here. */
  private async row(id: number): Promise<JournalUserRow> {
    const row = await findUserById(this.db, id);
    if (!row || row.role === null) throw notFound('User not found');
    return row;
  }

  async create(input: UserCreateInput, actor: Actor): Promise<AdminUser> {
    try {
      const passwordHash = await hashPassword(input.password);
      const id = await this.db.transaction().execute(async (trx) => {
        const inserted = await insertUser(trx, {
          username: input.username,
          name: input.name,
          role: input.role,
          email: input.email,
          password_hash: passwordHash,
        });
        const summary = `Added ${input.username} (${input.role})`;
        await recordActivity(trx, actor, { action: 'create', objectType: 'user', objectId: inserted, summary });
        return inserted;
      });
      return this.get(id);
    } catch (error) {
      if (uniqueViolation(error)) throw new HttpError(409, 'duplicate_username', 'This username is already taken.');
      throw error;
    }
  }

  /**
   * A new password, a new role or disabling ends the user's sessions. Nobody may disable or demote
   * themselves, and at least one enabled admin always remains, so someone can always manage the site.
   */
  async update(id: number, input: UserUpdateInput, actor: Actor): Promise<AdminUser> {
    const row = await this.row(id);
    const roleChanges = input.role !== undefined && input.role !== row.role;
    if (id === actor.userId) await this.checkOwnChange(row, input, roleChanges);
    const revokeTokens = Boolean(input.password) || input.enabled === false || roleChanges;
    const values = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
      ...(roleChanges ? { role: input.role } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
    };
    await this.db.transaction().execute(async (trx) => {
      const mayRemoveAdmin = input.enabled === false || roleChanges;
      if (mayRemoveAdmin) await lockEnabledAdmins(trx);
      await updateUser(trx, id, values, revokeTokens);
      await recordActivity(trx, actor, {
        action: 'update',
        objectType: 'user',
        objectId: id,
        summary: userChangeSummary(row, input),
      });
      if (mayRemoveAdmin && (await countEnabledAdmins(trx)) === 0) {
        throw new HttpError(409, 'last_admin', 'This is the last enabled admin: make another user an admin first.');
      }
    });
    return this.get(id);
  }

  private async checkOwnChange(row: JournalUserRow, input: UserUpdateInput, roleChanges: boolean): Promise<void> {
    if (input.enabled === false) throw badRequest('You cannot disable yourself.', 'cannot_disable_self');
    if (roleChanges) throw badRequest('You cannot change your own role.', 'cannot_demote_self');
    if (!input.password) return;
    if (!input.current_password)
      throw badRequest('Enter your current password to set a new one.', 'current_password_required');
    if (!(await verifyPassword(row.password_hash, input.current_password))) {
      throw badRequest('The current password is not correct.', 'wrong_current_password');
    }
  }
}
