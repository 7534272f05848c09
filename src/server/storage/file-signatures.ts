import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { MAX_PICTURE_PIXELS, PICTURE_PIXELS_MESSAGE } from '../../common/constants.js';
import { PDF_ONLY_MESSAGE, PDF_UNREADABLE_MESSAGE } from '../../common/schemas/article.js';
import { IMAGE_ONLY_MESSAGE, IMAGE_UNREADABLE_MESSAGE } from '../../common/schemas/editor-input.js';
import { badRequest } from '../http/errors.js';

/**
 * Upload checks by content, not by name or declared type (docs/security.md, Input): the first bytes say what a
 * file claims to be, then a PDF must parse with at least one page and a picture must decode to its last pixel
 * (docs/decisions/092-upload-content-checks.md).
 */

const isPdf = (data: Buffer) => data.subarray(0, 5).toString('latin1') === '%PDF-';

const IMAGE_SIGNATURES: { extension: string; matches: (data: Buffer) => boolean }[] = [
  {
    extension: 'png',
    matches: (d) => d.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { extension: 'jpg', matches: (d) => d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff },
  { extension: 'gif', matches: (d) => ['GIF87a', 'GIF89a'].includes(d.subarray(0, 6).toString('latin1')) },
  {
    extension: 'webp',
    matches: (d) => d.subarray(0, 4).toString('latin1') === 'RIFF' && d.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The file extension of a PNG, JPEG, GIF or WebP image, or null for anything else. */
const imageExtension = (data: Buffer) =>
  IMAGE_SIGNATURES.find((signature) => signature.matches(data))?.extension ?? null;

/**
 * pdf-lib reads the whole file in one go: seconds of CPU for 5 MB of small objects, so it runs in a thread of
 * its own. Encrypted files are read too: the page tree of a PDF with an owner password is not encrypted.
 */
const PDF_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { PDFDocument } = require(workerData.pdfLib);
PDFDocument.load(workerData.data, { updateMetadata: false, ignoreEncryption: true, parseSpeed: Infinity })
  .then((pdf) => pdf.getPageCount())
  .catch(() => 0)
  .then((pages) => parentPort.postMessage(pages));
`;
const PDF_LIB = createRequire(import.meta.url).resolve('pdf-lib');
/** A file that takes longer, or more memory, than this is refused as unreadable (measured figures in decision 092). */
const PDF_PARSE_LIMIT = { milliseconds: 10_000, heapMb: 128 };

/** The pages pdf-lib finds in `data`; 0 when it cannot read it within the limits. */
function pdfPageCount(data: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(PDF_THREAD, {
      eval: true,
      workerData: { pdfLib: PDF_LIB, data },
      resourceLimits: { maxOldGenerationSizeMb: PDF_PARSE_LIMIT.heapMb },
    });
    const timer = setTimeout(() => void thread.terminate(), PDF_PARSE_LIMIT.milliseconds);
    thread.once('message', resolve);
    thread.once('error', (error: Error & { code?: string }) =>
      error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve(0) : reject(error),
    );
    // After the answer this changes nothing; without one (stopped at the time limit) the file is unreadable.
    thread.once('exit', () => {
      clearTimeout(timer);
      resolve(0);
    });
  });
}

/** Refuses anything but a PDF that parses with at least one page. */
export async function assertPdf(data: Buffer): Promise<void> {
  if (!isPdf(data)) throw badRequest(PDF_ONLY_MESSAGE, 'invalid_file');
  if ((await pdfPageCount(data)) === 0) throw badRequest(PDF_UNREADABLE_MESSAGE, 'invalid_file');
}

/** sharp (libvips, about 19 MB) is loaded with the first picture, not with the server. */
async function loadSharp() {
  const { default: sharp } = await import('sharp');
  sharp.cache(false); // every upload is decoded once: kept results would only hold memory
  return sharp;
}

/** What decoding every frame of a picture gives, within the pixel limit; libvips' warnings alone do not refuse it. */
async function decoded(data: Buffer): Promise<'whole' | 'too large' | 'unreadable'> {
  const sharp = await loadSharp();
  const options = { animated: true, failOn: 'error' } as const;
  try {
    // The header alone: the height is that of all frames together.
    const { width, height } = await sharp(data, { ...options, limitInputPixels: false }).metadata();
    if (width * height > MAX_PICTURE_PIXELS) return 'too large';
    await sharp(data, { ...options, limitInputPixels: MAX_PICTURE_PIXELS }).stats(); // every pixel, a strip at a time
    return 'whole';
  } catch {
    return 'unreadable';
  }
}

/** The file extension of a PNG, JPEG, GIF or WebP picture that decodes whole; anything else is refused. */
export async function pictureExtension(data: Buffer): Promise<string> {
  const extension = imageExtension(data);
  if (!extension) throw badRequest(IMAGE_ONLY_MESSAGE, 'invalid_file');
  const outcome = await decoded(data);
  if (outcome === 'too large') throw badRequest(PICTURE_PIXELS_MESSAGE, 'invalid_file');
  if (outcome === 'unreadable') throw badRequest(IMAGE_UNREADABLE_MESSAGE, 'invalid_file');
  return extension;
}
