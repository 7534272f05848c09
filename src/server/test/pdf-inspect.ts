import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';

/**
 * Test helpers that read generated files with independent tools: poppler's pdftotext, pdfinfo and
 * pdffonts, qpdf for structural checks, and fflate for zips.
 */
function withFile<T>(pdf: Uint8Array, read: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-inspect-'));
  const file = path.join(dir, 'document.pdf');
  try {
    fs.writeFileSync(file, pdf);
    return read(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of every page in reading order, all white space (line and page breaks too) as single spaces. */
export const pdfText = (pdf: Uint8Array): string =>
  withFile(pdf, (file) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })).replace(
    /\s+/g,
    ' ',
  );

export const pdfPageCount = (pdf: Uint8Array): number =>
  withFile(pdf, (file) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]));

/** Width x height of every picture drawn in the document, from poppler's pdfimages. */
export const pdfImages = (pdf: Uint8Array): string[] =>
  withFile(pdf, (file) =>
    execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => {
        const [, , , width, height] = line.trim().split(/\s+/);
        return `${width}x${height}`;
      }),
  );

/** Names of the embedded fonts, without their subset prefixes. */
export const pdfFonts = (pdf: Uint8Array): string[] =>
  withFile(pdf, (file) =>
    execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, '')),
  );

/** qpdf's verdict: throws with qpdf's report when the file has structural errors or warnings. */
export function qpdfCheck(pdf: Uint8Array): string {
  return withFile(pdf, (file) => execFileSync('qpdf', ['--check', file], { encoding: 'utf8' }));
}

/** The entries of a zip, by name. */
export const zipEntries = (zip: Uint8Array): Record<string, Uint8Array> => unzipSync(zip);
