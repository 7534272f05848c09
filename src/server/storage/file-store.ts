import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * Uploaded and generated files under DATA_DIR/files, served at /assets/. Names are always built
 * by the server (never taken from user input) and every write goes to a temporary name first and
 * is renamed into place, so a reader never sees half a file.
 */
export class FileStore {
  constructor(readonly root: string) {
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

  /** Writes to a temporary file beside the target; commit() renames it into place, discard() removes it. */
  async stage(relativePath: string, content: Buffer | Readable): Promise<StagedFile> {
    const target = this.resolve(relativePath);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    if (Buffer.isBuffer(content)) await fs.promises.writeFile(temp, content);
    else await pipeline(content, fs.createWriteStream(temp));
    return {
      commit: () => fs.promises.rename(temp, target),
      discard: () => fs.promises.rm(temp, { force: true }),
    };
  }

  async write(relativePath: string, content: Buffer | Readable): Promise<void> {
    await (await this.stage(relativePath, content)).commit();
  }

  exists(relativePath: string): boolean {
    return fs.existsSync(this.resolve(relativePath));
  }

  async remove(relativePath: string): Promise<void> {
    await fs.promises.rm(this.resolve(relativePath), { force: true });
  }
}

export interface StagedFile {
  commit(): Promise<void>;
  discard(): Promise<void>;
}
