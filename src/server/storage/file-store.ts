import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { isAbandoned, OWNER_PATTERN, ownerIn, PROCESS_OWNER } from './process-owner.js';
import type { SpaceReserve } from './space-reserve.js';

/** Staged files end with this; one no pending move names is a write in flight or left over from a crash. */
export const TEMP_SUFFIX = '.tmp';

/** A staged file's name ends with the process that wrote it (decision 117). */
const STAGED_NAME = new RegExp(`\\.${OWNER_PATTERN}-[0-9a-f]{12}\\${TEMP_SUFFIX}$`);
/**
 * A staged file untouched this long belongs to nobody alive, whichever machine wrote it: an upload is received
 * before it is staged, and a write commits or discards its staged files within seconds of writing them.
 */
const STAGED_ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Uploaded and generated files under DATA_DIR/files, served at /assets/. Names are always built
 * by the server (never taken from user input) and every write goes to a temporary name first and
 * is renamed into place, so a reader never sees half a file.
 */
export class FileStore {
  /**
   * `reserve`: spare room in DATA_DIR that a write freeing space may use on a full disk (SpaceReserve); the
   * server keeps one on SQLite only, as PostgreSQL deletes need no room in DATA_DIR.
   */
  constructor(
    readonly root: string,
    readonly reserve: SpaceReserve | null = null,
  ) {
    fs.mkdirSync(root, { recursive: true });
  }

  static articleDir(year: number, volume: number, issue: number): string {
    return `archives/${year}/vol${volume}issue${issue}`;
  }

  static articlePath(year: number, volume: number, issue: number, refnumber: string): string {
    return `${FileStore.articleDir(year, volume, issue)}/${refnumber}.pdf`;
  }

  /** Absolute path of a stored file; refuses anything that would leave the root. */
  resolve(relativePath: string): string {
    const absolute = path.resolve(this.root, relativePath);
    if (!absolute.startsWith(this.root + path.sep)) throw new Error(`Path escapes file store: ${relativePath}`);
    return absolute;
  }

  /**
   * Writes to a temporary file beside the target, to be moved into place once the rows naming the
   * target are saved (FileJournal). A write that fails (a full disk, a broken upload) removes its
   * temporary file before the error goes on.
   */
  async stage(relativePath: string, content: Buffer | Readable): Promise<StagedFile> {
    const target = this.resolve(relativePath);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${relativePath}.${PROCESS_OWNER}-${crypto.randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
    try {
      if (Buffer.isBuffer(content)) await fs.promises.writeFile(this.resolve(temp), content);
      else await pipeline(content, fs.createWriteStream(this.resolve(temp)));
    } catch (error) {
      await this.remove(temp);
      throw error;
    }
    return { temp, target: relativePath, discard: () => this.remove(temp) };
  }

  /** Writes a file that no row has to agree with first (the demo journal writes its files before their rows). */
  async write(relativePath: string, content: Buffer | Readable): Promise<void> {
    const staged = await this.stage(relativePath, content);
    await this.move(staged.temp, relativePath);
  }

  /**
   * Whether a staged file was left by a write nobody alive will finish: its process is gone, or it is untouched for an
   * hour (the only sign for another machine's process, and for a name of an older version, which carries none).
   */
  abandoned(temp: string): Promise<boolean> {
    return isAbandoned(ownerIn(STAGED_NAME.exec(temp)), this.resolve(temp), STAGED_ABANDONED_AFTER_MS);
  }

  exists(relativePath: string): boolean {
    return fs.existsSync(this.resolve(relativePath));
  }

  /** Renames a file, making the target's folder when needed (an article moved to an issue with no files yet). */
  async move(from: string, to: string): Promise<void> {
    await fs.promises.mkdir(path.dirname(this.resolve(to)), { recursive: true });
    await fs.promises.rename(this.resolve(from), this.resolve(to));
  }

  async remove(relativePath: string): Promise<void> {
    await fs.promises.rm(this.resolve(relativePath), { force: true });
  }

  /** Every file under a folder of the store, as paths relative to the root ('/'-separated); none when it is missing. */
  async list(folder: string): Promise<string[]> {
    const entries = await fs.promises
      .readdir(this.resolve(folder), { recursive: true, withFileTypes: true })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  }
}

/** A file written under a temporary name beside its target; paths are relative to the store's root. */
/** A file as a form sent it: its name and its bytes, in memory until checked and staged. */
export interface UploadedFile {
  filename: string;
  data: Buffer;
}

export interface StagedFile {
  temp: string;
  target: string;
  /** Removes the temporary file (its write was not saved). */
  discard(): Promise<void>;
}
