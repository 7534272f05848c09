import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JournalDb } from '../../db/database.js';
import { hashPassword } from '../../auth/passwords.js';
import type { CreatedAdmin } from '../../sign-in-notice.js';
import { countUsers, insertUser } from './users.repository.js';

/**
 * Creates the first administrator when there is no user yet, a member of the journal `journal` is scoped to (the
 * installation's first). Without ADMIN_PASSWORD a password is generated and returned, for the start to print once: it
 * is never stored in clear anywhere.
 */
export async function ensureFirstAdmin(
  journal: JournalDb,
  options: { username: string; password?: string },
  log: FastifyBaseLogger,
): Promise<CreatedAdmin | null> {
  if ((await countUsers(journal)) > 0) return null;
  const password = options.password ?? crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  // The account and its membership together: an account without one would be an admin nowhere.
  await journal.transaction().execute((trx) =>
    insertUser(trx, {
      username: options.username,
      name: 'Administrator',
      role: 'admin',
      // The first account runs the installation: it manages the journals, and is an admin in every one.
      publisher: 1,
      password_hash: passwordHash,
    }),
  );
  log.info(
    `Created admin user "${options.username}"${options.password ? ' with the password from ADMIN_PASSWORD' : ''}`,
  );
  // A generated password goes to the person starting the server in plain words, never into the log (sign-in-notice.ts).
  return { username: options.username, generatedPassword: options.password ? null : password };
}
