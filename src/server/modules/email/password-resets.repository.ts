import type { JournalExecutor } from '../../db/database.js';

export async function insertPasswordReset(
  db: JournalExecutor,
  reset: { token_hash: string; user_id: number; expires_at: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ ...reset, used_at: null })
    .execute();
}

/**
 * Marks an unused, unexpired link as used and answers its user's id; undefined when there is no such link. The
 * update is the check, so two uses of one link at once cannot both succeed.
 */
export async function consumePasswordReset(
  db: JournalExecutor,
  tokenHash: string,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Links of earlier requests stop working when a new one is sent or the password changes. */
export async function retirePasswordResets(db: JournalExecutor, userId: number, now: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
