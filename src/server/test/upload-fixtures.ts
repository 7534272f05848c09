import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { testPdf } from './article-form.js';

/** Real files for upload tests: the server parses every PDF and decodes every picture it is sent (decision 092). */

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');

/** A PDF whose page tree has no page, the file otherwise well formed (the same length, so the offsets hold). */
export const pagelessPdf = (): Buffer =>
  Buffer.from(
    testPdf('no pages').toString('latin1').replace('/Kids [3 0 R] /Count 1', '/Kids []      /Count 0'),
    'latin1',
  );

/**
 * `testPdf(label)` encrypted by qpdf with an owner password only: it opens without a password, but printing and
 * copying are restricted, as some authors' tools save their PDFs.
 */
export function restrictedPdf(label: string): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restricted-pdf-'));
  const [plain, encrypted] = [path.join(dir, 'plain.pdf'), path.join(dir, 'encrypted.pdf')];
  try {
    fs.writeFileSync(plain, testPdf(label));
    execFileSync('qpdf', [
      '--encrypt',
      '',
      'owner-secret',
      '256',
      '--print=none',
      '--extract=n',
      '--',
      plain,
      encrypted,
    ]);
    return fs.readFileSync(encrypted);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A 2 × 2 picture in each format the server takes, as the ordinary encoders (libvips) write them. */
export const TEST_PICTURES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQI12PQyp8ORAwQCgAfmgTB97GmWwAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpg: Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAemv/9k=',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAgACAIAAAExpcSpvlyH5BAUAAAAALAAAAAACAAIAAAICjFMAOw==', 'base64'),
  webp: Buffer.from('UklGRh4AAABXRUJQVlA4TBEAAAAvAUAAAAfQt6r0sv+BiOh/AAA=', 'base64'),
} as const;

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framing = Buffer.alloc(8);
  framing.writeUInt32BE(data.length, 0);
  framing.writeUInt32BE(zlib.crc32(body), 4);
  return Buffer.concat([framing.subarray(0, 4), body, framing.subarray(4)]);
}

/** A decompression bomb: a PNG of a few hundred bytes whose header claims `width` × `height` black-and-white pixels. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, greyscale
  const rows = zlib.deflateSync(Buffer.alloc(10_000));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Files that the signature check alone took for PDFs and pictures. */
export const FAKE_FILES = {
  bareSignaturePdf: Buffer.from('%PDF-'),
  htmlPdf: Buffer.from('%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n'),
  htmlPng: Buffer.concat([PNG_SIGNATURE, Buffer.from('<html><body><script>alert(1)</script></body></html>')]),
  truncatedPng: TEST_PICTURES.png.subarray(0, TEST_PICTURES.png.length - 20),
  bombPng: pngClaiming(50_000, 50_000),
};
