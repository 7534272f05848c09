import { once } from 'node:events';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { zipEntries } from '../test/pdf-inspect.js';
import { namePart, zipStream, type ZipEntry } from './zip-stream.js';

const ENTRY_BYTES = 64 * 1024;

/**
 * Entries of 64 KB each (about three certificates), counting how many have been rendered, and, as each is, how
 * far the rendering is ahead of the reader: entries rendered beyond those whose bytes the reader has `taken`.
 */
function countedEntries(total: number) {
  const counter = { rendered: 0, taken: 0, mostAhead: 0 };
  function* entries(): Generator<ZipEntry> {
    for (let i = 0; i < total; i++) {
      yield {
        name: `entry-${i}.bin`,
        render: () => {
          counter.rendered += 1;
          counter.mostAhead = Math.max(counter.mostAhead, counter.rendered - Math.floor(counter.taken / ENTRY_BYTES));
          return Readable.from([Buffer.alloc(ENTRY_BYTES, i % 256)]);
        },
      };
    }
  }
  return { counter, entries: entries() };
}

describe('zipStream', () => {
  it('renders entries only as fast as the reader takes the zip', async () => {
    const { counter, entries } = countedEntries(500);
    const zip = await zipStream(entries);
    // A slow reader, taking a chunk per turn of the event loop: each entry, as it is rendered, is compared with what
    // the reader has taken by then. Only the few entries that fill the stream buffers are ever ahead of it.
    const chunks: Buffer[] = [];
    const reader = new Writable({
      highWaterMark: 1024,
      write: (chunk: Buffer, _encoding, done) => {
        chunks.push(chunk);
        counter.taken += chunk.length;
        setImmediate(done);
      },
    });
    await pipeline(zip, reader);
    expect(counter.mostAhead).toBeGreaterThan(0);
    expect(counter.mostAhead).toBeLessThan(10);
    expect(counter.rendered).toBe(500);
    const unzipped = zipEntries(Buffer.concat(chunks));
    expect(Object.keys(unzipped)).toHaveLength(500);
    expect(unzipped['entry-499.bin']![0]).toBe(499 % 256);
  });

  it('stops rendering when the reader goes away', async () => {
    const { counter, entries } = countedEntries(500);
    const zip = await zipStream(entries);
    // The reader goes away once it has had three entries.
    let rendered = -1;
    zip.on('data', (chunk: Buffer) => {
      counter.taken += chunk.length;
      if (rendered === -1 && counter.taken >= 3 * ENTRY_BYTES) {
        zip.destroy();
        rendered = counter.rendered;
      }
    });
    await once(zip, 'close');
    // The zip's rendering goes on from the close event through promise callbacks only; they have all run before the
    // next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
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
