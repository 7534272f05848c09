import { describe, expect, it } from 'vitest';
import { BusyError, GenerationQueue } from './generation-queue.js';

/** Synchronous work of about `ms` milliseconds, as pdfkit's drawing is. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('GenerationQueue', () => {
  it('makes documents one at a time in order of arrival, letting timers and I/O run between two of them', async () => {
    const queue = new GenerationQueue(10);
    const order: string[] = [];
    const documents = [1, 2, 3].map((n) =>
      queue.run(() => {
        order.push(`document ${n}`);
        // Due long before this document is done: it must run before the next document starts.
        if (n === 1) setTimeout(() => order.push('timer'), 0);
        busyFor(5);
        return n;
      }),
    );
    expect(await Promise.all(documents)).toEqual([1, 2, 3]);
    expect(order).toEqual(['document 1', 'timer', 'document 2', 'document 3']);
  });

  it('refuses a document when the queue is full, but always takes the next entry of an admitted zip', async () => {
    const queue = new GenerationQueue(2);
    // One document is being made, two wait.
    const admitted = ['a', 'b', 'c'].map((name) => queue.run(() => name));
    expect(() => queue.admit()).toThrow(BusyError);
    await expect(queue.run(() => 'd')).rejects.toMatchObject({ statusCode: 503, code: 'busy', retryAfterSeconds: 2 });
    const entry = queue.run(() => 'zip entry', { admitted: true });
    expect(await Promise.all([...admitted, entry])).toEqual(['a', 'b', 'c', 'zip entry']);
    // Emptied, it takes documents again.
    expect(await queue.run(() => 'e')).toBe('e');
  });

  it('goes on with the next document when one fails', async () => {
    const queue = new GenerationQueue(5);
    const failing = queue.run(() => {
      throw new Error('broken font');
    });
    const next = queue.run(() => 'next');
    await expect(failing).rejects.toThrow('broken font');
    expect(await next).toBe('next');
  });
});
