import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The content codings the server makes; every public answer is compressed here and nowhere else. */
export type Encoding = 'br' | 'gzip' | 'deflate';
type Compressor = (body: Buffer) => Buffer;
type BackgroundCompressor = (body: Buffer) => Promise<Buffer>;

/** Below this size compression gains nothing (the same threshold as the compress plugin). */
export const COMPRESS_FROM_BYTES = 2048;

/**
 * Brotli's window is fitted to the page's length (64 KB up to its 4 MB default): a window as large as the
 * page compresses it as closely (an issue page came out the same size), and with the 4 MB default an
 * issue page took a third longer to compress.
 */
const brotliWindowBits = (bytes: number) =>
  Math.min(zlib.constants.BROTLI_DEFAULT_WINDOW, Math.max(16, Math.ceil(Math.log2(bytes))));
const brotliOptions = (quality: number, bytes: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(bytes),
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});

const brotliInBackground = promisify(zlib.brotliCompress);
const gzipInBackground = promisify(zlib.gzip);
const deflateInBackground = promisify(zlib.deflate);
/** Above this size brotli's quality 10 would take a core for a second or more (a sitemap's year file). */
const CLOSEST_UP_TO_BYTES = 512 * 1024;
const zlibLevel = (body: Buffer) => ({ level: body.length <= CLOSEST_UP_TO_BYTES ? 9 : 6 });

/**
 * A stored page is compressed once and sent many times, so it is worth the closest compression: brotli's
 * quality 10 made an issue page 13% smaller than quality 5 for 21 ms instead of 0.8 ms, which is why it runs in
 * Node's thread pool, off the thread that answers requests, while the first answers go out compressed fast.
 */
export const compressForStorage: Record<Encoding, BackgroundCompressor> = {
  br: (body) => brotliInBackground(body, brotliOptions(body.length <= CLOSEST_UP_TO_BYTES ? 10 : 5, body.length)),
  gzip: (body) => gzipInBackground(body, zlibLevel(body)),
  deflate: (body) => deflateInBackground(body, zlibLevel(body)),
};

/** A page sent once (not yet admitted to the cache) is compressed fast. */
export const compressForOneAnswer: Record<Encoding, Compressor> = {
  br: (body) => zlib.brotliCompressSync(body, brotliOptions(0, body.length)),
  gzip: (body) => zlib.gzipSync(body, { level: 1 }),
  deflate: (body) => zlib.deflateSync(body, { level: 1 }),
};

const PREFERENCE: Encoding[] = ['br', 'gzip', 'deflate'];

/** The best encoding the client accepts among those the server makes, or null for the plain body. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const header = acceptEncoding ?? '';
  if (header.length > MAX_KNOWN_HEADER_LENGTH) return readPreferredEncoding(header);
  const known = encodingOfHeader.get(header);
  if (known !== undefined) return known;
  const encoding = readPreferredEncoding(header);
  if (encodingOfHeader.size >= MAX_KNOWN_HEADERS) encodingOfHeader.clear();
  encodingOfHeader.set(header, encoding);
  return encoding;
}

/**
 * Browsers send a handful of distinct Accept-Encoding values, so each is read once: reading it for every answer
 * was a tenth of the garbage a repeat view made. Bounded in number and length, so that odd values cannot grow it.
 */
const encodingOfHeader = new Map<string, Encoding | null>();
const MAX_KNOWN_HEADERS = 64;
const MAX_KNOWN_HEADER_LENGTH = 256;

function readPreferredEncoding(acceptEncoding: string): Encoding | null {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const quality = params.find((param) => param.startsWith('q='));
    if (!quality || Number(quality.slice(2)) > 0) accepted.add(name);
  }
  return PREFERENCE.find((encoding) => accepted.has(encoding) || accepted.has('*')) ?? null;
}
