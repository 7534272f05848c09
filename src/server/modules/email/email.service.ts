import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { shareMessage, type AuthorMessageAction } from '../../../common/author-message.js';
import { authorsOrLine, type Author } from '../../../common/authors.js';
import { textOf } from '../../../common/html.js';
import {
  EMAIL_DISABLED_MESSAGE,
  EMAIL_FAILED_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  NO_AUTHOR_EMAIL_MESSAGE,
  RESET_LINK_MINUTES,
  SITE_URL_REQUIRED_MESSAGE,
} from '../../../common/schemas/email.js';
import { FailureThrottle } from '../../auth/shared-counts.js';
import { hashPassword } from '../../auth/passwords.js';
import type { JournalDb } from '../../db/database.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import type { Mail, Mailer } from '../../email/mailer.js';
import { recordActivity, type Actor } from '../activity/activity.repository.js';
import { findAuthors } from '../articles/article-authors.repository.js';
import { findArticleById } from '../articles/articles.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import { findUserById, findUserByUsername, updateUser } from '../users/users.repository.js';
import { consumePasswordReset, insertPasswordReset, retirePasswordResets } from './password-resets.repository.js';

/** Reset requests per user name in the throttle's window: enough for a typo, too few to flood a mailbox. */
const RESETS_PER_USER = 3;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

function requireLinkOrigin(origin: string | null): string {
  if (origin === null) throw new HttpError(409, 'site_url_required', SITE_URL_REQUIRED_MESSAGE);
  return origin;
}

/**
 * Mail to authors and password-reset links (decision 052); without SMTP_URL every call is refused, and without an
 * origin for mailed links (public-origin.ts, decision 094) too. Each call takes that origin, or null when none.
 */
/** The article's email and every author's, each once (decision 100): the message reaches every author who has one. */
function recipients(articleEmail: string, authors: readonly Author[]): string[] {
  const byAddress = new Map<string, string>();
  for (const email of [articleEmail, ...authors.map((author) => author.email)]) {
    if (email && !byAddress.has(email.toLowerCase())) byAddress.set(email.toLowerCase(), email);
  }
  return [...byAddress.values()];
}

export class EmailService {
  private readonly resetRequests: FailureThrottle;

  constructor(
    private readonly db: JournalDb,
    private readonly mailer: Mailer | null,
    private readonly settings: SettingsService,
    private readonly log: FastifyBaseLogger,
  ) {
    this.resetRequests = new FailureThrottle(db, 'password-reset', RESETS_PER_USER, 30 * 60_000);
  }

  get enabled(): boolean {
    return this.mailer !== null;
  }

  /** Sends the message for the author (specification: Error catalogue) to the article's stored email and logs it with its text. */
  async sendToAuthor(
    articleId: number,
    action: AuthorMessageAction,
    linkOrigin: string | null,
    actor: Actor,
  ): Promise<string> {
    const mailer = this.requireMailer();
    const origin = requireLinkOrigin(linkOrigin);
    const article = await findArticleById(this.db, articleId);
    if (!article) throw notFound('Article not found');
    const to = recipients(article.email, authorsOrLine(await findAuthors(this.db, articleId), article));
    if (to.length === 0) throw badRequest(NO_AUTHOR_EMAIL_MESSAGE, 'no_author_email');
    const settings = await this.settings.get();
    const text = shareMessage(article, action, origin, settings.google_review_link);
    const subject = `${settings.websitename}: your article "${textOf(article.title)}"`;
    const addresses = to.join(', ');
    await this.deliver(mailer, { from: await this.sender(), to: addresses, subject, text });
    const summary = `Sent to ${addresses}: ${text}`;
    await recordActivity(this.db, actor, { action: 'send', objectType: 'email', objectId: articleId, summary });
    return addresses;
  }

  /**
   * Sends a single-use link valid for 30 minutes to the account's email. The caller answers the same whether or
   * not the account exists: the mail goes out after the answer, so the time taken tells nothing either.
   */
  async requestPasswordReset(username: string, linkOrigin: string | null, from: string): Promise<void> {
    const mailer = this.requireMailer();
    // Before the account is looked up, so the refusal is the same whether or not it exists.
    const origin = requireLinkOrigin(linkOrigin);
    const key = username.toLowerCase();
    if ((await this.resetRequests.waitFor(key)) > 0) return;
    await this.resetRequests.recordFailure(key);
    const user = await findUserByUsername(this.db, username);
    if (!user || user.enabled !== 1 || !user.email) return;
    const token = crypto.randomBytes(32).toString('base64url');
    const now = new Date();
    await this.db.transaction().execute(async (trx) => {
      await retirePasswordResets(trx, user.id, now.toISOString());
      const expires_at = new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString();
      await insertPasswordReset(trx, { token_hash: hashToken(token), user_id: user.id, expires_at });
    });
    const link = `${origin}/admin/reset-password?${new URLSearchParams({ token, from })}`;
    const text = [
      `Hello ${user.name},`,
      `Someone (we hope you) asked to set a new password for ${user.username} at ${origin}.`,
      `Open this link within ${RESET_LINK_MINUTES} minutes to choose it; it works once:`,
      link,
      'If you did not ask, ignore this email: your password stays as it is.',
    ].join('\n\n');
    const mail = { from: await this.sender(), to: user.email, subject: 'Set a new password', text };
    void this.deliver(mailer, mail).catch((error: unknown) =>
      this.log.error({ err: error }, 'A password-reset email could not be sent'),
    );
  }

  /** Sets the password of a valid link's user, ends their sessions and retires the link. */
  async resetPassword(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const userId = await consumePasswordReset(trx, hashToken(token), now);
      const user = userId === undefined ? undefined : await findUserById(trx, userId);
      if (!user || user.enabled !== 1) throw badRequest(INVALID_RESET_LINK_MESSAGE, 'invalid_reset_link');
      await updateUser(trx, user.id, { password_hash: passwordHash }, true);
      await retirePasswordResets(trx, user.id, now);
      const actor = { userId: user.id, username: user.username };
      await recordActivity(trx, actor, {
        action: 'update',
        objectType: 'user',
        objectId: user.id,
        summary: `${user.username}: password, by an emailed link`,
      });
    });
  }

  private requireMailer(): Mailer {
    if (!this.mailer) throw new HttpError(404, 'email_disabled', EMAIL_DISABLED_MESSAGE);
    return this.mailer;
  }

  /** The journal's name and address, as the site settings give them. */
  private async sender(): Promise<string> {
    const { websitename, websiteemail } = await this.settings.get();
    return `"${websitename.replace(/["\\\r\n]/g, '')}" <${websiteemail || 'no-reply@localhost'}>`;
  }

  private async deliver(mailer: Mailer, mail: Mail): Promise<void> {
    try {
      await mailer.send(mail);
    } catch (error) {
      this.log.warn({ err: error }, 'The mail server refused a message');
      throw new HttpError(502, 'email_failed', EMAIL_FAILED_MESSAGE);
    }
  }
}
