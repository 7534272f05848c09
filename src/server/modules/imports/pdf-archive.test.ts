import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testPdf } from '../../test/article-form.js';
import { ImportRefused } from './import-report.js';
import { ARCHIVE_LIMITS, PdfArchive } from './pdf-archive.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-archive-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeZip(entries: Record<string, Buffer>, name = 'pdfs.zip'): string {
  const file = path.join(dir, name);
  fs.writeFileSync(
    file,
    zipSync(Object.fromEntries(Object.entries(entries).map(([key, data]) => [key, new Uint8Array(data)]))),
  );
  return file;
}

/** A ZIP whose one entry says in both of its headers that it unpacks to `claimed` bytes, though it unpacks to more. */
function lyingZip(content: Buffer, claimed: number): string {
  const file = writeZip({ 'bomb.pdf': content });
  const zip = fs.readFileSync(file);
  const local = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  zip.writeUInt32LE(claimed, local + 22);
  zip.writeUInt32LE(claimed, central + 24);
  fs.writeFileSync(file, zip);
  return file;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('not refused');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ImportRefused);
      return (error as Error).message;
    },
  );

describe('a ZIP of PDFs', () => {
  it('gives each PDF by its file name in any folder and any case, read only when asked, and lists the ones not asked for', async () => {
    const pdf = testPdf('one');
    const archive = await PdfArchive.open(writeZip({ 'issue 3/1001.PDF': pdf, '1002.pdf': testPdf('two') }));
    try {
      const file = archive.file('1001.pdf')!;
      expect(file.name).toBe('1001.pdf');
      expect(await file.read()).toEqual(pdf);
      expect(archive.file('1003.pdf')).toBeNull();
      expect(archive.unasked()).toEqual(['1002.pdf']);
    } finally {
      await archive.close();
    }
  });

  it('refuses a ZIP larger than its limit before opening it (a sparse file of 2 GB and a byte)', async () => {
    const file = path.join(dir, 'huge.zip');
    fs.writeFileSync(file, '');
    fs.truncateSync(file, ARCHIVE_LIMITS.bytes + 1);
    expect(await refusal(PdfArchive.open(file))).toBe(
      'huge.zip (2 GB) is larger than 2 GB, the most a ZIP of PDFs may be: import the journal in parts, a few issues ' +
        '(their rows and their PDFs) at a time.',
    );
  });

  it('refuses an entry that claims to unpack to many times its compressed size, from the directory alone', async () => {
    const file = writeZip({ 'bomb.pdf': Buffer.alloc(4 * 1024 * 1024) });
    expect(await refusal(PdfArchive.open(file))).toMatch(
      /^pdfs\.zip: bomb\.pdf unpacks to \d+ times its compressed size \(at most 100 for a PDF\): the ZIP looks like a decompression bomb and is refused$/,
    );
  });

  it('stops a small-looking entry that unpacks to more than it claims, at the size it claims', async () => {
    const archive = await PdfArchive.open(lyingZip(Buffer.alloc(8 * 1024 * 1024), 1000));
    try {
      await expect(archive.file('bomb.pdf')!.read()).rejects.toThrow(
        /bomb\.pdf is damaged: too many bytes in the stream/,
      );
    } finally {
      await archive.close();
    }
  });

  it('refuses an entry over the size of one PDF, and more entries than the limit', async () => {
    const file = writeZip({ '1.pdf': testPdf('a', Buffer.alloc(3000, 7)), '2.pdf': testPdf('b') });
    expect(await refusal(PdfArchive.open(file, { ...ARCHIVE_LIMITS, entryBytes: 2048 }))).toMatch(
      /^pdfs\.zip: 1\.pdf unpacks to 3\.\d KB, more than the 2 KB a PDF may be$/,
    );
    expect(await refusal(PdfArchive.open(file, { ...ARCHIVE_LIMITS, entries: 1 }))).toBe(
      'pdfs.zip holds 2 files: a ZIP of PDFs may hold at most 1',
    );
  });

  it('refuses two files of the same name in different folders, and a file that is not a ZIP', async () => {
    const twice = writeZip({ 'a/1.pdf': testPdf('a'), 'b/1.pdf': testPdf('b') });
    expect(await refusal(PdfArchive.open(twice))).toBe('pdfs.zip holds two files named 1.pdf: a/1.pdf and b/1.pdf');
    const text = path.join(dir, 'notes.zip');
    fs.writeFileSync(text, 'not a zip at all');
    expect(await refusal(PdfArchive.open(text))).toMatch(/^notes\.zip is not a ZIP file: /);
  });
});
