import type { Executor } from '../db/database.js';
import type { PendingFileMoveRow } from '../db/schema.js';

/** A file move the rows of a write depend on (paths relative to the file store). */
export interface FileMove {
  source: string;
  target: string;
  remove: string | null;
}

export async function insertPendingMoves(db: Executor, moves: FileMove[]): Promise<void> {
  if (moves.length === 0) return;
  const created_at = new Date().toISOString();
  await db
    .insertInto('pending_file_moves')
    .values(moves.map((move) => ({ ...move, created_at })))
    .execute();
}

/** Oldest first: a later move may start from the file an earlier one puts in place. */
export const listPendingMoves = (db: Executor): Promise<PendingFileMoveRow[]> =>
  db.selectFrom('pending_file_moves').selectAll().orderBy('id').execute();

export async function deletePendingMove(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('pending_file_moves').where('id', '=', id).execute();
}
