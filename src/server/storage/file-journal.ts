import type { JournalDb, JournalExecutor, JournalTransaction } from '../db/database.js';
import type { PendingFileMoveRow } from '../db/schema.js';
import type { FileStore, StagedFile } from './file-store.js';
import {
  deletePendingMove,
  firstPendingMove,
  hasPendingMoveTo,
  insertPendingMoves,
  lockPendingMoves,
  type FileMove,
} from './pending-moves.repository.js';

/** What carrying out the journal did, per kind of move. */
export interface MovesDone {
  /** The staged (or renamed) file was put in place. */
  finished: number;
  /** The target already held it (a crash came after the rename): only the entry was cleared. */
  cleared: number;
  /** Neither the source nor the target exists: the rows name a missing file. */
  lost: PendingFileMoveRow[];
}

type Outcome = 'finished' | 'cleared' | 'lost';

/** This process carries out the journal, or repairs, one at a time: it then waits for the lock with one connection. */
let carrying: Promise<unknown> = Promise.resolve();

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = carrying.then(work);
  carrying = run.catch(() => undefined);
  return run;
}

/**
 * The journal of file moves (decision 013). A write that changes files stages them first, then saves its
 * rows and the moves they depend on in one transaction, and carries the moves out after the commit. A
 * crash before the commit leaves only temporary files no entry names; a crash after it leaves entries
 * that the next write, or the repair at start, carries out. So a row never names a file that is not
 * there, and a replaced file never outlives the row that named it. A committed entry is finished by whichever
 * process carries out the journal next, one process at a time across every instance (decision 117).
 */
export class FileJournal {
  constructor(
    private readonly db: JournalDb,
    private readonly files: FileStore,
  ) {}

  /**
   * Runs `write` in a transaction; the staged file is removed when it fails, the journal carried out when it
   * commits (and the space reserve written again if it was given up and there is room).
   */
  async transaction<T>(staged: StagedFile | null, write: (trx: JournalTransaction) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await this.db.transaction().execute(write);
    } catch (error) {
      await staged?.discard();
      throw error;
    }
    await this.carryOut();
    await this.files.reserve?.keep();
    return result;
  }

  /**
   * Runs a write that frees space (a delete) in a transaction. On a full disk it gives up the space reserve and
   * runs once more, so that the disk can be emptied (decision 091); the files it frees are removed by the caller.
   */
  async freeing<T>(write: (trx: JournalTransaction) => Promise<T>): Promise<T> {
    const run = () => this.db.transaction().execute(write);
    const result = await (this.files.reserve ? this.files.reserve.freeing(run) : run());
    await this.files.reserve?.keep();
    return result;
  }

  /** Journals moves inside the transaction that saves the rows naming their targets. */
  record(trx: JournalExecutor, moves: FileMove[]): Promise<void> {
    return insertPendingMoves(trx, moves);
  }

  /**
   * Carries out every pending move, oldest first (a later move may start from the file an earlier one put in place),
   * each in a transaction of its own that holds the journal's lock: no other process or instance carries out a move
   * meanwhile, so none renames a file from under another, and a later entry never runs before an earlier one.
   */
  carryOut(): Promise<MovesDone> {
    return inTurn(async () => {
      const done: MovesDone = { finished: 0, cleared: 0, lost: [] };
      for (;;) {
        const carried = await this.locked((trx) => this.carryOutFirst(trx));
        if (!carried) return done;
        if (carried.outcome === 'lost') done.lost.push(carried.move);
        else done[carried.outcome] += 1;
      }
    });
  }

  /**
   * Whether the file at `target` (a path rows name) is there for a reader, putting it in place first when a committed
   * move is still to do so: its write has not carried the journal out yet, or its process died in between (decision
   * 117), and no later write or start has carried it out since. The journal is then carried out as writers do.
   */
  async inPlace(target: string): Promise<boolean> {
    if (this.files.exists(target)) return true;
    if (!(await hasPendingMoveTo(this.db, target))) return false;
    await this.carryOut();
    return this.files.exists(target);
  }

  /** Runs `work` while holding the journal's lock, so that no move is carried out meanwhile (the repair at start). */
  exclusively<T>(work: (trx: JournalTransaction) => Promise<T>): Promise<T> {
    return inTurn(() => this.locked(work));
  }

  private locked<T>(work: (trx: JournalTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await lockPendingMoves(trx);
      return work(trx);
    });
  }

  /** The oldest pending move, carried out and cleared; null when there is none. */
  private async carryOutFirst(trx: JournalTransaction): Promise<{ move: PendingFileMoveRow; outcome: Outcome } | null> {
    const move = await firstPendingMove(trx);
    if (!move) return null;
    const outcome = await this.carryOutOne(move);
    await deletePendingMove(trx, move.id);
    return { move, outcome };
  }

  private async carryOutOne(move: FileMove): Promise<Outcome> {
    let outcome: 'finished' | 'cleared';
    if (this.files.exists(move.source)) {
      await this.files.move(move.source, move.target);
      outcome = 'finished';
    } else if (this.files.exists(move.target)) {
      outcome = 'cleared';
    } else {
      return 'lost'; // the file to remove stays: it may be all that is left
    }
    if (move.remove && move.remove !== move.target) await this.files.remove(move.remove);
    return outcome;
  }
}
