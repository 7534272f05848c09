import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { zipEntries } from '../test/pdf-inspect.js';
import { namePart, zipStream, type ZipEntry } from './zip-stream.js';

/** Entries of 64 KB each (about three certificates), counting how many have been rendered. */
function countedEntries(total: number) {
  const counter = { rendered: 0 };
  function* entries(): Generator<ZipEntry> {
    for (let i = 0; i < total; i++) {
      yield {
        name: `entry-${i}.bin`,
        render: () => {
          counter.rendered += 1;
          return Readable.from([Buffer.alloc(64 * 1024, i % 256)]);
        },
      };
    }
  }
  return { counter, entries: entries() };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('zipStream', () => {
  it('renders entries only as fast as the reader takes the zip', async () => {
    const { counter, entries } = countedEntries(500);
    const zip = zipStream(entries);
    await tick(200);
    // Nobody reads: only the first few entries fill the stream buffers.
    expect(counter.rendered).toBeGreaterThan(0);
    expect(counter.rendered).toBeLessThan(10);

    const chunks: Buffer[] = [];
    await pipeline(zip, new Writable({ write: (chunk, _encoding, done) => (chunks.push(chunk), done()) }));
    expect(counter.rendered).toBe(500);
    const unzipped = zipEntries(Buffer.concat(chunks));
    expect(Object.keys(unzipped)).toHaveLength(500);
    expect(unzipped['entry-499.bin']![0]).toBe(499 % 256);
  });

  it('stops rendering when the reader goes away', async () => {
    const { counter, entries } = countedEntries(500);
    const zip = zipStream(entries);
    zip.resume();
    await tick(20);
    zip.destroy();
    await tick(50);
    const rendered = counter.rendered;
    await tick(100);
    expect(counter.rendered).toBe(rendered);
    expect(rendered).toBeLessThan(500);
  });
});

describe('namePart', () => {
  it('keeps letters of any script and joins the rest with dashes', () => {
    expect(namePart('Dr. José Müller-Łukasiewicz')).toBe('Dr-José-Müller-Łukasiewicz');
    expect(namePart('../../etc/passwd')).toBe('etc-passwd');
    expect(namePart('  ')).toBe('unnamed');
  });
});
