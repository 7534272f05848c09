import { LRUCache } from 'lru-cache';

export interface DocumentCacheLimits {
  maxBytes: number;
  /** Bounds staleness when several instances share one database and only one of them saw the write. */
  ttlMs: number;
}

/**
 * Generated documents that show only public data (the editorial board, a table of contents), kept
 * until the next write, least recently used first out within a byte budget. Everyone asking for a
 * document that is being made waits for that one instead of making it again.
 */
export class DocumentCache {
  private readonly documents: LRUCache<string, Buffer>;
  private readonly inProgress = new Map<string, Promise<Buffer>>();
  /** Bumped by every write, so a document made from data read before it is never stored after it. */
  private generation = 0;

  constructor(limits: DocumentCacheLimits) {
    this.documents = new LRUCache({ maxSize: limits.maxBytes, ttl: limits.ttlMs, sizeCalculation: (document) => document.length });
  }

  /** The document stored under `key`, or the one `make` makes (stored when no write happened meanwhile). */
  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const stored = this.documents.get(key);
    if (stored) return Promise.resolve(stored);
    const pending = this.inProgress.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const made = make()
      .then((document) => {
        if (generation === this.generation) this.documents.set(key, document);
        return document;
      })
      .finally(() => {
        if (this.inProgress.get(key) === made) this.inProgress.delete(key);
      });
    this.inProgress.set(key, made);
    return made;
  }

  /** Public data changed: nothing stored or being made is current any more. */
  forget(): void {
    this.generation += 1;
    this.documents.clear();
    this.inProgress.clear();
  }
}
