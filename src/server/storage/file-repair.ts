import type { FastifyBaseLogger } from 'fastify';
import type { JournalDb, JournalExecutor } from '../db/database.js';
import type { PendingFileMoveRow } from '../db/schema.js';
import { FileJournal, type MovesDone } from './file-journal.js';
import { clearArticleFiles, listFileReferences, type FileReference } from './file-references.repository.js';
import { TEMP_SUFFIX, type FileStore } from './file-store.js';
import { listPendingMoves } from './pending-moves.repository.js';

/** The folders whose files rows name; anything else in the store is left alone. */
const NAMED_FOLDERS = ['archives', 'editors', 'indexing', 'site'];

/** Every way the rows and the files disagree. */
export interface FileCheck {
  /** Moves committed with their rows but not carried out. */
  pendingMoves: PendingFileMoveRow[];
  /** Temporary files no pending move names: left by writes that never committed. */
  tempFiles: string[];
  /** Files no row names (and no pending move will put in place or remove). */
  unnamedFiles: string[];
  /** Rows naming a file that is not there. */
  missingFiles: FileReference[];
}

export const disagreementCount = (check: FileCheck): number =>
  check.pendingMoves.length + check.tempFiles.length + check.unnamedFiles.length + check.missingFiles.length;

/**
 * Compares the rows with the files. A temporary file counts only once it is abandoned (FileStore.abandoned): until
 * then it is a write in flight. The rows are read before the journal, so that a write committing in between shows
 * in the journal: a file its rows stop naming is then still named there as a move's source.
 */
export async function checkFiles(db: JournalExecutor, files: FileStore): Promise<FileCheck> {
  const [stored, references] = await Promise.all([
    Promise.all(NAMED_FOLDERS.map((folder) => files.list(folder))).then((lists) => lists.flat()),
    listFileReferences(db),
  ]);
  const pendingMoves = await listPendingMoves(db);
  const inJournal = new Set(
    pendingMoves.flatMap((move) => [move.source, move.target, ...(move.remove ? [move.remove] : [])]),
  );
  const named = new Set(references.map((reference) => reference.path));
  const present = new Set(stored);
  const isTemp = (file: string) => file.endsWith(TEMP_SUFFIX);
  const temporary = stored.filter((file) => isTemp(file) && !inJournal.has(file));
  const abandoned = await Promise.all(temporary.map((file) => files.abandoned(file)));
  return {
    pendingMoves,
    tempFiles: temporary.filter((_, index) => abandoned[index]),
    unnamedFiles: stored.filter((file) => !isTemp(file) && !named.has(file) && !inJournal.has(file)),
    missingFiles: references.filter((reference) => !present.has(reference.path) && !inJournal.has(reference.path)),
  };
}

/** What a repair did. */
export interface FileRepair {
  moves: MovesDone;
  tempFilesRemoved: string[];
  unnamedFilesRemoved: string[];
  /** Rows naming a missing file (there is nothing to put back). */
  missingFiles: FileReference[];
  /** Articles among them whose `file` was cleared, so they show no Download link. */
  articleFilesCleared: number[];
}

/**
 * Brings the rows and the files back into agreement after a crash (decision 013), while other instances may be
 * writing (decision 117): carries out the pending moves, then, holding the journal's lock so that no move puts a
 * file in place meanwhile, removes abandoned temporary files and files no row names. Rows naming a missing file
 * are reported; `clearMissingArticleFiles` also clears such articles' `file`.
 */
export async function repairFiles(
  db: JournalDb,
  files: FileStore,
  options: { clearMissingArticleFiles: boolean },
): Promise<FileRepair> {
  const journal = new FileJournal(db, files);
  const moves = await journal.carryOut();
  return journal.exclusively(async (trx) => {
    const check = await checkFiles(trx, files);
    for (const file of [...check.tempFiles, ...check.unnamedFiles]) await files.remove(file);
    const articleFilesCleared = options.clearMissingArticleFiles
      ? check.missingFiles.flatMap((reference) => (reference.table === 'articles' ? [reference.id] : []))
      : [];
    await clearArticleFiles(trx, articleFilesCleared);
    return {
      moves,
      tempFilesRemoved: check.tempFiles,
      unnamedFilesRemoved: check.unnamedFiles,
      missingFiles: check.missingFiles,
      articleFilesCleared,
    };
  });
}

export const describeReference = (reference: FileReference) =>
  `${reference.table} #${reference.id} names ${reference.path}`;

/** The first few of a long list, for one log line. */
function firstOf(items: string[], shown = 10): string {
  return items.slice(0, shown).join('; ') + (items.length > shown ? `; and ${items.length - shown} more` : '');
}

/** One line per kind of repair, with its count; nothing when there was nothing to do. */
export function logRepair(log: Pick<FastifyBaseLogger, 'info' | 'warn'>, repair: FileRepair): void {
  const { moves } = repair;
  if (moves.finished) log.info(`Files: finished ${moves.finished} file moves an interrupted write had committed`);
  if (moves.cleared) log.info(`Files: cleared ${moves.cleared} pending moves that were already done`);
  if (moves.lost.length)
    log.warn(
      `Files: ${moves.lost.length} pending moves had lost their file: ${firstOf(moves.lost.map((move) => move.target))}`,
    );
  if (repair.tempFilesRemoved.length)
    log.info(`Files: removed ${repair.tempFilesRemoved.length} temporary files of writes that never completed`);
  if (repair.unnamedFilesRemoved.length)
    log.info(`Files: removed ${repair.unnamedFilesRemoved.length} files no row names`);
  if (repair.missingFiles.length) {
    log.warn(
      `Files: ${repair.missingFiles.length} rows name a missing file (npm run check-data lists them): ${firstOf(repair.missingFiles.map(describeReference))}`,
    );
  }
  if (repair.articleFilesCleared.length)
    log.info(
      `Files: cleared the file of ${repair.articleFilesCleared.length} articles, which now show no Download link`,
    );
}
