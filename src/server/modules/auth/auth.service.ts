import type { LoginInput, LoginResult } from '../../../common/schemas/auth.js';
import type { JournalDb } from '../../db/database.js';
import { parseIpAllowList, type IpAllowList } from '../../auth/ip-allow-list.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { FailureThrottle } from '../../auth/shared-counts.js';
import type { TokenService } from '../../auth/tokens.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import { findUserById, findUserByUsername, roleHere, type JournalUserRow } from '../users/users.repository.js';

// Checked against when the user does not exist, so both cases take the same time.
const DUMMY_HASH = hashPassword('timing-equaliser');

export class AuthService {
  /** The allow-list as last parsed, with its text: parsed again only when the settings hold another text. */
  private allowList: { text: string; list: IpAllowList } | null = null;

  constructor(
    private readonly db: JournalDb,
    private readonly tokens: TokenService,
    private readonly settings: SettingsService,
    /** The installation's: accounts are the installation's, so failures at one journal's host count at every one. */
    readonly throttle: FailureThrottle,
  ) {}

  async login(input: LoginInput, ip: string): Promise<LoginResult> {
    await this.checkAddress(ip);
    const key = `${ip}|${input.username.toLowerCase()}`;
    const wait = await this.throttle.waitFor(key);
    if (wait > 0) {
      throw new HttpError(
        429,
        'too_many_attempts',
        `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60_000)} minutes.`,
      );
    }
    const user = await findUserByUsername(this.db, input.username);
    const valid = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH), input.password);
    if (!user || !valid) {
      await this.throttle.recordFailure(key);
      throw new HttpError(401, 'invalid_credentials', 'Invalid user and password');
    }
    await this.throttle.clear(key);
    if (user.enabled !== 1) throw new HttpError(403, 'disabled', 'User disabled');
    if (!roleHere(user)) throw new HttpError(403, 'not_a_member', 'This account has no access to this journal.');
    return this.sessionOf(user);
  }

  /** A new token for the user, e.g. when changing their own password ended every session they had. */
  async renewSession(userId: number): Promise<LoginResult> {
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound('User not found');
    return this.sessionOf(user);
  }

  private async sessionOf(user: JournalUserRow): Promise<LoginResult> {
    const token = await this.tokens.sign({
      userId: user.id,
      username: user.username,
      name: user.name,
      tokenVersion: user.token_version,
    });
    const role = roleHere(user) ?? 'staff';
    return {
      token,
      user: { id: user.id, username: user.username, name: user.name, role, publisher: user.publisher === 1 },
    };
  }

  /**
   * Refuses an address the admin IP allow-list leaves out (an empty list admits every address): at sign-in and on
   * every request with a token (decision 094). The settings are kept until the next write, so this reads no row.
   */
  async checkAddress(ip: string): Promise<void> {
    const text = (await this.settings.get()).admin_ip_allowlist;
    if (this.allowList?.text !== text) this.allowList = { text, list: parseIpAllowList(text) };
    const { list } = this.allowList;
    if (!list.empty && !list.admits(ip)) throw new HttpError(403, 'invalid_ip', 'Invalid IP');
  }
}
