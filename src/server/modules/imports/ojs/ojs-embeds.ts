import { createReadStream } from 'node:fs';

/** Where the base64 text of one <embed> lies in the export's file: its bytes from `start` to before `end`. */
export interface EmbeddedText {
  file: string;
  start: number;
  end: number;
}

/** The export's markup, each <embed>'s text replaced by "#n", the index of its place in `embedded`. */
export interface ExportMarkup {
  markup: Buffer;
  embedded: EmbeddedText[];
}

/** How much of the file is read at a time (the tests read a few bytes at a time to cut the export everywhere). */
export interface ChunkSize {
  chunkBytes?: number;
}

export interface MarkupLimit extends ChunkSize {
  maxMarkupBytes: number;
  /** The error reading stops with once the markup passes `maxMarkupBytes`. */
  tooLarge: () => Error;
}
const EMBED_OPEN = Buffer.from('<embed');
const EMBED_CLOSE = Buffer.from('</embed>');
const TAG_END = '>'.charCodeAt(0);
const SLASH = '/'.charCodeAt(0);
const AFTER_NAME = new Set([' ', '\t', '\r', '\n', '>', '/'].map((char) => char.charCodeAt(0)));

/**
 * Reads the export as a stream and keeps its markup only. Embedded files are most of an export's bytes (a 300 MB
 * export held whole took 1 GB), and the parser is slow and greedy on long text (100 MB of base64 in one element took
 * 18 s and 3.5 GB), so the text of each <embed> is never kept: it is noted as a place in the file, which
 * readEmbedded decodes when the import reads that file. Base64 and the markup around it are ASCII, so cutting the
 * UTF-8 bytes there never splits a character.
 */
export async function readExportMarkup(
  file: string,
  { maxMarkupBytes, tooLarge, chunkBytes = 1_048_576 }: MarkupLimit,
): Promise<ExportMarkup> {
  const scanner = new EmbedScanner(file);
  for await (const chunk of createReadStream(file, { highWaterMark: chunkBytes })) {
    scanner.push(chunk as Buffer);
    if (scanner.markupBytes > maxMarkupBytes) throw tooLarge();
  }
  return scanner.end();
}

/** Splits the bytes of an export, as they come, into its markup and the places of its embedded texts. */
class EmbedScanner {
  markupBytes = 0;
  private readonly parts: Buffer[] = [];
  private readonly embedded: EmbeddedText[] = [];
  /** Bytes read and not yet placed, and the offset in the file of the first. */
  private pending: Buffer = Buffer.alloc(0);
  private pendingAt = 0;
  /** The offset in the file where the text of the <embed> being read began; -1 outside one. */
  private textStart = -1;

  constructor(private readonly file: string) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (this.textStart === -1 ? this.markupUntilEmbed() : this.textUntilClose());
  }

  end(): ExportMarkup {
    // An <embed> left open keeps its "#n" without an end tag: the parser reports the file cut short.
    this.keep(this.pending.length);
    return { markup: Buffer.concat(this.parts), embedded: this.embedded };
  }

  /** Keeps the markup up to the text of the next <embed>; false when more bytes are needed to find it. */
  private markupUntilEmbed(): boolean {
    const open = this.pending.indexOf(EMBED_OPEN);
    if (open === -1) {
      this.keep(Math.max(0, this.pending.length - EMBED_OPEN.length + 1));
      return false;
    }
    const tagEnd = this.pending.indexOf(TAG_END, open);
    const afterName = this.pending[open + EMBED_OPEN.length];
    if (afterName === undefined || tagEnd === -1) {
      this.keep(open);
      return false;
    }
    // Another name (<embedded>) or an empty <embed/>: markup.
    if (!AFTER_NAME.has(afterName) || this.pending[tagEnd - 1] === SLASH) {
      this.keep(open + 1);
      return true;
    }
    this.keep(tagEnd + 1);
    this.append(Buffer.from(`#${this.embedded.length}`));
    this.textStart = this.pendingAt;
    return true;
  }

  /** Passes over the <embed>'s text, noting where it lies; false when more bytes are needed to find its end. */
  private textUntilClose(): boolean {
    const close = this.pending.indexOf(EMBED_CLOSE);
    if (close === -1) {
      this.skip(Math.max(0, this.pending.length - EMBED_CLOSE.length + 1));
      return false;
    }
    this.skip(close);
    this.embedded.push({ file: this.file, start: this.textStart, end: this.pendingAt });
    this.textStart = -1;
    return true;
  }

  private keep(count: number): void {
    // A copy: a view would hold the whole chunk read, base64 and all.
    if (count > 0) this.append(Buffer.from(this.pending.subarray(0, count)));
    this.skip(count);
  }

  private append(bytes: Buffer): void {
    this.parts.push(bytes);
    this.markupBytes += bytes.length;
  }

  private skip(count: number): void {
    this.pending = this.pending.subarray(count);
    this.pendingAt += count;
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const WHITESPACE = /\s+/g;

/** Why an embedded text could not be decoded: 'invalid' base64, or more than the most bytes allowed. */
export type EmbeddedFailure = 'invalid' | 'too large';

/**
 * The bytes an embedded text decodes to, read from the export a chunk at a time into one buffer: only the decoded file
 * is held, and reading stops once it passes `maxBytes`. Line breaks and spaces between the base64 characters are
 * allowed.
 */
export async function readEmbedded(
  text: EmbeddedText,
  maxBytes: number,
  { chunkBytes = 65_536 }: ChunkSize = {},
): Promise<Buffer | EmbeddedFailure> {
  if (text.end <= text.start) return 'invalid';
  // Three bytes for each four characters at most, fewer with line breaks or padding.
  const decoded = Buffer.allocUnsafe(Math.min(Math.floor((text.end - text.start) / 4) * 3, maxBytes));
  let size = 0;
  let carry = '';
  let padded = false;
  const stream = createReadStream(text.file, { start: text.start, end: text.end - 1, highWaterMark: chunkBytes });
  for await (const chunk of stream) {
    const characters = carry + (chunk as Buffer).toString('latin1').replace(WHITESPACE, '');
    if (!BASE64.test(characters) || (padded && characters !== '')) return 'invalid';
    const whole = characters.length - (characters.length % 4);
    const padding = characters.endsWith('==') ? 2 : characters.endsWith('=') ? 1 : 0;
    if (size + (whole / 4) * 3 - (whole === characters.length ? padding : 0) > maxBytes) return 'too large';
    size += decoded.write(characters.slice(0, whole), size, 'base64');
    carry = characters.slice(whole);
    padded = carry === '' && padding > 0;
  }
  return carry === '' && size > 0 ? decoded.subarray(0, size) : 'invalid';
}
