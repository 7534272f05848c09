import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isStorageFull } from './faults.js';

/** The reserve's name in DATA_DIR, beside the SQLite database. */
export const SPACE_RESERVE_FILE = 'space-reserve';

/**
 * As much as SQLite's write-ahead log grows between two automatic checkpoints (1000 pages of 4 KB), so one
 * delete, with its full-text index entries and its activity row, fits whatever else it has to write.
 */
export const SPACE_RESERVE_BYTES = 4 * 1024 * 1024;

/**
 * A file of spare room in DATA_DIR (decision 091). SQLite needs room to append to its write-ahead log even to
 * delete a row, so on a full disk a delete, the one write that would free space, would be refused like any
 * other. The reserve is given up for a write that frees space, and written again once the disk has room.
 */
export class SpaceReserve {
  private keeping: Promise<void> | null = null;

  constructor(
    readonly file: string,
    private readonly bytes = SPACE_RESERVE_BYTES,
  ) {}

  /**
   * Runs `work`, which must change nothing when it fails (a transaction). When it fails for lack of space, the
   * reserve is removed and `work` runs once more in the room that made.
   */
  async freeing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isStorageFull(error) || !(await this.release())) throw error;
      return await work();
    }
  }

  /**
   * Writes the reserve when it is missing and the disk has room for it twice over, so that writing it never
   * fills the disk itself. Calls that meet one already writing share it.
   */
  keep(): Promise<void> {
    this.keeping ??= this.write().finally(() => {
      this.keeping = null;
    });
    return this.keeping;
  }

  private async write(): Promise<void> {
    if (fs.existsSync(this.file)) return;
    const { bavail, bsize } = await fs.promises.statfs(path.dirname(this.file));
    if (bavail * bsize < 2 * this.bytes) return;
    // Written under another name and renamed, so the reserve is whole or absent even after a crash. Random
    // bytes, because a file system that compresses would store zeros in next to no space.
    const temp = `${this.file}.tmp`;
    try {
      await fs.promises.writeFile(temp, crypto.randomBytes(this.bytes));
      await fs.promises.rename(temp, this.file);
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      // Another process of the server may have taken the room, or renamed the same file first.
      if (!isStorageFull(error) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  /** Whether there was a reserve to give up. */
  private async release(): Promise<boolean> {
    try {
      await fs.promises.unlink(this.file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}
