import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';
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
const brotli =
  (quality: number): Compressor =>
  (body) =>
    zlib.brotliCompressSync(body, brotliOptions(quality, body.length));
const gzip =
  (level: number): Compressor =>
  (body) =>
    zlib.gzipSync(body, { level });

const brotliInBackground = promisify(zlib.brotliCompress);
const gzipInBackground = promisify(zlib.gzip);
/** Above this size brotli's quality 10 would take a core for a second or more (a sitemap's year file). */
const CLOSEST_UP_TO_BYTES = 512 * 1024;

/**
 * A stored page is compressed once and sent many times, so it is worth the closest compression: brotli's
 * quality 10 made an issue page 13% smaller than quality 5 (7.9 KB instead of 9.1 KB; the home page 9%, an
 * article page 13%) for 21 ms instead of 0.8 ms, which is why it runs in Node's thread pool, off the thread
 * that answers requests, while the first answers go out compressed fast. Quality 11 took 98 ms for 2% more.
 */
export const compressForStorage: Record<Encoding, BackgroundCompressor> = {
  br: (body) => brotliInBackground(body, brotliOptions(body.length <= CLOSEST_UP_TO_BYTES ? 10 : 5, body.length)),
  gzip: (body) => gzipInBackground(body, { level: body.length <= CLOSEST_UP_TO_BYTES ? 9 : 6 }),
};
/**
 * A page sent once (not yet admitted to the cache) is compressed fast. On an issue page brotli's quality 0
 * took a seventh of quality 5's time and two thirds to four fifths of quality 1's, for an answer 8% larger
 * than quality 1 makes (36% larger than quality 5).
 */
export const compressForOneAnswer: Record<Encoding, Compressor> = { br: brotli(0), gzip: gzip(1) };

/** The best encoding the client accepts among those the server makes, or null for the plain body. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  // Most requests repeat the header of the one before (browsers and crawlers each send one fixed value).
  if (acceptEncoding === lastAccepted.header) return lastAccepted.encoding;
  const encoding = parsePreferredEncoding(acceptEncoding);
  lastAccepted = { header: acceptEncoding, encoding };
  return encoding;
}
let lastAccepted: { header: string | undefined; encoding: Encoding | null } = { header: undefined, encoding: null };

function parsePreferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const quality = params.find((param) => param.startsWith('q='));
    if (!quality || Number(quality.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
