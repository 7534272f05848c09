import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressForOneAnswer, compressForStorage, preferredEncoding } from './compression.js';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, then deflate, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('deflate');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('gzip;q=0')).toBeNull();
  });

  it('answers the same for a value asked again, and for a long value it does not keep', () => {
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    const long = `${'x-odd;q=0.5, '.repeat(40)}deflate, br;q=0`;
    expect(preferredEncoding(long)).toBe('deflate');
    expect(preferredEncoding(long)).toBe('deflate');
  });
});

describe('compressors', () => {
  const body = Buffer.from('<p>A journal page</p>'.repeat(500));
  const inflate = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync };

  it('make bodies that decode to the page in every encoding, fast or close', async () => {
    for (const encoding of ['br', 'gzip', 'deflate'] as const) {
      expect(inflate[encoding](compressForOneAnswer[encoding](body)).equals(body)).toBe(true);
      expect(inflate[encoding](await compressForStorage[encoding](body)).equals(body)).toBe(true);
    }
  });
});
