/** Bounds staleness when another instance sharing the database made the write. */
const DEFAULT_TTL_MS = 60_000;

interface Remembered<T> {
  value: Promise<T>;
  version: number;
  until: number;
}

/**
 * Public reads by key, each remembered until the next write (when `writeVersion`, the page cache's
 * generation, changes) or for at most `ttlMs`. Only the `capacity` most recently read keys are kept.
 * A failed read is not remembered.
 */
export class UntilNextWriteByKey<K, T> {
  private readonly memo = new Map<K, Remembered<T>>();

  constructor(
    private readonly writeVersion: () => number,
    private readonly options: { capacity: number; ttlMs?: number },
  ) {}

  /** The remembered value of `key`, or what `load` reads for it now. */
  get(key: K, load: () => Promise<T>): Promise<T> {
    const version = this.writeVersion();
    const entry = this.memo.get(key);
    if (entry) this.memo.delete(key);
    if (entry && entry.version === version && entry.until > Date.now()) {
      this.memo.set(key, entry); // now the most recently read
      return entry.value;
    }
    return this.remember(key, load, version);
  }

  private remember(key: K, load: () => Promise<T>, version: number): Promise<T> {
    const value = load();
    const entry = { value, version, until: Date.now() + (this.options.ttlMs ?? DEFAULT_TTL_MS) };
    this.memo.set(key, entry);
    if (this.memo.size > this.options.capacity) this.memo.delete(this.memo.keys().next().value!);
    value.catch(() => {
      if (this.memo.get(key) === entry) this.memo.delete(key);
    });
    return value;
  }
}

/** One public read remembered until the next write, or for at most `ttlMs`. A failed read is not remembered. */
export class UntilNextWrite<T> {
  private readonly byKey: UntilNextWriteByKey<null, T>;

  constructor(
    private readonly load: () => Promise<T>,
    writeVersion: () => number,
    ttlMs = DEFAULT_TTL_MS,
  ) {
    this.byKey = new UntilNextWriteByKey(writeVersion, { capacity: 1, ttlMs });
  }

  get(): Promise<T> {
    return this.byKey.get(null, this.load);
  }
}
