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
 *
 * The thread reads the file where the server put it (a SharedArrayBuffer), and pdf-lib's copy of each stream's bytes
 * (ByteStream.slice) is made a view of it: the thread's small heap is seldom collected, so the copies stayed resident
 * until their total passed V8's 64 MB trigger for memory outside the heap (decision 092).
 */
const PDF_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { PDFDocument } = require(workerData.pdfLib);
class FileBytes extends Uint8Array {
  slice(start, end) {
    return this.subarray(start, end);
  }
}
const options = { updateMetadata: false, ignoreEncryption: true, parseSpeed: Infinity };
parentPort.on('message', ({ file, length }) =>
  PDFDocument.load(new FileBytes(file, 0, length), options)
    .then((pdf) => pdf.getPageCount())
    .catch(() => 0)
    .then((pages) => parentPort.postMessage(pages)),
);
`;
const PDF_LIB = createRequire(import.meta.url).resolve('pdf-lib');
/** A file that takes longer, or more memory, than this is refused as unreadable (measured figures in decision 092). */
const PDF_PARSE_LIMIT = { milliseconds: 10_000, heapMb: 128 };
/** An idle thread is ended after this long: its pdf-lib is memory an idle server does not need. */
const PDF_THREAD_IDLE_MS = 10_000;

interface PdfJob {
  data: Buffer;
  resolve(pages: number): void;
  reject(error: Error): void;
}

/**
 * One thread reads the PDFs, one at a time, and is kept for the next: starting a thread and loading pdf-lib costs
 * more than reading a typical PDF, which an import of a thousand articles would pay a thousand times. A file over the
 * time or memory limit ends the thread (the file is unreadable); the next file gets a new one.
 */
class PdfPageCounter {
  private thread: Worker | null = null;
  /** The file being read, in memory the thread shares; as large as the largest file since the thread started. */
  private shared: Buffer | null = null;
  private readonly queue: PdfJob[] = [];
  private current: PdfJob | null = null;
  private limitTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;

  count(data: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ data, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.current) return;
    this.current = this.queue.shift() ?? null;
    clearTimeout(this.idleTimer);
    if (!this.current) {
      this.idleTimer = setTimeout(() => {
        void this.thread?.terminate();
        this.shared = null;
      }, PDF_THREAD_IDLE_MS).unref();
      return;
    }
    const thread = this.threadNow();
    this.limitTimer = setTimeout(() => void thread.terminate(), PDF_PARSE_LIMIT.milliseconds);
    const { data } = this.current;
    if (!this.shared || this.shared.length < data.length) this.shared = Buffer.from(new SharedArrayBuffer(data.length));
    data.copy(this.shared);
    thread.postMessage({ file: this.shared.buffer, length: data.length });
  }

  private threadNow(): Worker {
    if (this.thread) return this.thread;
    const thread = new Worker(PDF_THREAD, {
      eval: true,
      workerData: { pdfLib: PDF_LIB },
      resourceLimits: { maxOldGenerationSizeMb: PDF_PARSE_LIMIT.heapMb },
    });
    thread.unref();
    thread.on('message', (pages: number) => this.finish((job) => job.resolve(pages)));
    thread.on('error', (error: Error & { code?: string }) => {
      // The thread is ending: the next file must not be posted to it.
      if (this.thread === thread) this.thread = null;
      this.finish((job) => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? job.resolve(0) : job.reject(error)));
    });
    // Ended at the time limit, or out of memory: the file it was reading is unreadable.
    thread.on('exit', () => {
      if (this.thread === thread) this.thread = null;
      this.finish((job) => job.resolve(0));
    });
    this.thread = thread;
    return thread;
  }

  private finish(answer: (job: PdfJob) => void): void {
    const job = this.current;
    if (!job) return;
    clearTimeout(this.limitTimer);
    this.current = null;
    answer(job);
    this.next();
  }
}

const pdfPages = new PdfPageCounter();

/** Refuses anything but a PDF that parses with at least one page. */
export async function assertPdf(data: Buffer): Promise<void> {
  if (!isPdf(data)) throw badRequest(PDF_ONLY_MESSAGE, 'invalid_file');
  if ((await pdfPages.count(data)) === 0) throw badRequest(PDF_UNREADABLE_MESSAGE, 'invalid_file');
}

/** sharp (libvips, about 19 MB) is loaded with the first picture, not with the server. */
export async function loadSharp() {
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
