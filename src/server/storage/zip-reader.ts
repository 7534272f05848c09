import fs from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type yauzl from 'yauzl';

/** A file that is not a zip, or a damaged one. */
export class ZipError extends Error {}

export interface ZipEntry {
  name: string;
  /** Uncompressed size in bytes, as the zip's directory states it. */
  size: number;
  crc32: number;
  source: yauzl.Entry;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** zlib's and yauzl's refusals of the data, as opposed to a failure to write it (which carries an errno code). */
const isDataError = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === undefined || code.startsWith('Z_');
};

/**
 * The zip files `npm run export-journal` writes (archiver), read with yauzl one entry at a time from the file, so a
 * journal's files never need to fit in memory. yauzl checks the directory, file names and every entry's size; the
 * CRC-32 it leaves to its caller, so `CheckedEntry` compares it as the entry is read.
 */
export class ZipReader {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: ZipEntry[],
  ) {}

  /** Opens `file` and reads its directory; throws ZipError when it is not a readable zip. */
  static async open(file: string): Promise<ZipReader> {
    const options = { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true };
    const { default: yauzl } = await import('yauzl');
    const zip = await yauzl.openPromise(file, options).catch((error: unknown) => {
      throw isDataError(error) ? new ZipError(`it is not a zip file (${messageOf(error)})`) : error;
    });
    try {
      return new ZipReader(zip, await readDirectory(zip));
    } catch (error) {
      zip.close();
      throw isDataError(error) ? new ZipError(messageOf(error)) : error;
    }
  }

  entry(name: string): ZipEntry | undefined {
    return this.entries.find((entry) => entry.name === name);
  }

  /** An entry's content in memory (for small entries such as a manifest), `limit` bytes at most. */
  async read(entry: ZipEntry, limit: number): Promise<Buffer> {
    if (entry.size > limit) throw new ZipError(`${entry.name} is larger than ${limit} bytes`);
    const chunks: Buffer[] = [];
    await this.copy(entry, async function (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) chunks.push(chunk);
    });
    return Buffer.concat(chunks);
  }

  /**
   * The first `bytes` bytes of an entry, unpacked (all of a shorter one), to look at what it starts with: the rest is
   * never unpacked, so its size and CRC-32 are not checked here.
   */
  async head(entry: ZipEntry, bytes: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let length = 0;
    try {
      const source = await this.zip.openReadStreamPromise(entry.source);
      // Leaving the loop destroys the stream, which stops the unpacking.
      for await (const chunk of source as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= bytes) break;
      }
    } catch (error) {
      if (!isDataError(error)) throw error;
      throw new ZipError(`${entry.name} is damaged: ${messageOf(error)}`);
    }
    return Buffer.concat(chunks).subarray(0, bytes);
  }

  /** Writes an entry to `target` (its folder made), checking its size and CRC-32; a failed write leaves no file. */
  async extract(entry: ZipEntry, target: string): Promise<void> {
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await this.copy(entry, fs.createWriteStream(target, { flags: 'wx' }));
    } catch (error) {
      await fs.promises.rm(target, { force: true });
      throw error;
    }
  }

  close(): Promise<void> {
    this.zip.close();
    return Promise.resolve();
  }

  /** Sends the entry's content, uncompressed and checked, to `destination`. */
  private async copy(
    entry: ZipEntry,
    destination: NodeJS.WritableStream | ((source: AsyncIterable<Buffer>) => Promise<void>),
  ): Promise<void> {
    try {
      const source = await this.zip.openReadStreamPromise(entry.source);
      await pipeline(source, new CheckedEntry(entry), destination);
    } catch (error) {
      if (error instanceof ZipError || !isDataError(error)) throw error;
      throw new ZipError(`${entry.name} is damaged: ${messageOf(error)}`);
    }
  }
}

/** Every entry of the directory, read one after the other (yauzl's lazy mode). */
function readDirectory(zip: yauzl.ZipFile): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: ZipEntry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push({ name: entry.fileName, size: entry.uncompressedSize, crc32: entry.crc32, source: entry });
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

/** Passes an entry's bytes on, computing their CRC-32, and fails at the end if it differs from the directory's. */
class CheckedEntry extends Transform {
  private crc = 0;

  constructor(private readonly entry: ZipEntry) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.crc = zlib.crc32(chunk, this.crc);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.crc !== this.entry.crc32) return done(new ZipError(`${this.entry.name} is damaged: its checksum differs`));
    done();
  }
}
