import { sql } from 'kysely';
import { isPostgres, type JournalExecutor } from '../db/database.js';
import type { PendingFileMoveRow } from '../db/schema.js';

/** A file move the rows of a write depend on (paths relative to the file store). */
export interface FileMove {
  source: string;
  target: string;
  remove: string | null;
}

export async function insertPendingMoves(db: JournalExecutor, moves: FileMove[]): Promise<void> {
  if (moves.length === 0) return;
  const created_at = new Date().toISOString();
  await db
    .insertInto('pending_file_moves')
    .values(moves.map((move) => ({ ...move, created_at })))
    .execute();
}

/** Oldest first: a later move may start from the file an earlier one puts in place. */
export const listPendingMoves = (db: JournalExecutor): Promise<PendingFileMoveRow[]> =>
  db.selectFrom('pending_file_moves').selectAll().orderBy('id').execute();

export const firstPendingMove = (db: JournalExecutor): Promise<PendingFileMoveRow | undefined> =>
  db.selectFrom('pending_file_moves').selectAll().orderBy('id').limit(1).executeTakeFirst();

/** Whether a committed move is still to put a file in place at `target`. */
export async function hasPendingMoveTo(db: JournalExecutor, target: string): Promise<boolean> {
  const found = await db
    .selectFrom('pending_file_moves')
    .select('id')
    .where('target', '=', target)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

export async function deletePendingMove(db: JournalExecutor, id: number): Promise<void> {
  await db.deleteFrom('pending_file_moves').where('id', '=', id).execute();
}

/** The advisory lock of the journal of file moves on PostgreSQL (any number that no other lock of the site uses). */
const MOVES_LOCK = 117_013;

/**
 * Makes `trx` the only transaction carrying out or repairing the journal, in every process and instance, until it
 * ends (decision 117). On SQLite every write transaction takes the database's write lock when it begins, which does.
 */
export async function lockPendingMoves(trx: JournalExecutor): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${sql.lit(MOVES_LOCK)})`.execute(trx);
}
