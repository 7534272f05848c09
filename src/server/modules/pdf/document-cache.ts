import { LRUCache } from 'lru-cache';
import type { WriteClock } from '../../cache/write-clock.js';

export interface DocumentCacheLimits {
  maxBytes: number;
}

/**
 * Generated documents that show only public data (the editorial board, a table of contents), kept
 * until the write clock moves on, least recently used first out within a byte budget. Everyone asking
 * for a document that is being made waits for that one instead of making it again.
 */
export class DocumentCache {
  private readonly documents: LRUCache<string, Buffer>;
  private readonly inProgress = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly clock: WriteClock,
    limits: DocumentCacheLimits,
  ) {
    this.documents = new LRUCache({ maxSize: limits.maxBytes, sizeCalculation: (document) => document.length });
    clock.onChange(() => {
      this.documents.clear();
      this.inProgress.clear();
    });
  }

  /** The document stored under `key`, or the one `make` makes (stored when no write happened meanwhile). */
  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const stored = this.documents.get(key);
    if (stored) return Promise.resolve(stored);
    const pending = this.inProgress.get(key);
    if (pending) return pending;
    // A document made from data read before a write is never stored after it.
    const version = this.clock.version();
    const made = make()
      .then((document) => {
        if (version === this.clock.version()) this.documents.set(key, document);
        return document;
      })
      .finally(() => {
        if (this.inProgress.get(key) === made) this.inProgress.delete(key);
      });
    this.inProgress.set(key, made);
    return made;
  }
}
