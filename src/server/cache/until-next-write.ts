import type { WriteClock } from './write-clock.js';

interface Remembered<T> {
  value: Promise<T>;
  version: number;
}

/**
 * Public reads by key, each remembered until the next change of public data (when the write clock's
 * version moves on; write-clock.ts). Only the `capacity` most recently read keys are kept. A failed read
 * is not remembered.
 */
export class UntilNextWriteByKey<K, T> {
  private readonly memo = new Map<K, Remembered<T>>();

  constructor(
    private readonly clock: WriteClock,
    private readonly capacity: number,
  ) {}

  /** The remembered value of `key`, or what `load` reads for it now. */
  get(key: K, load: () => Promise<T>): Promise<T> {
    const version = this.clock.version();
    const entry = this.memo.get(key);
    if (entry) this.memo.delete(key);
    if (entry && entry.version === version) {
      this.memo.set(key, entry); // now the most recently read
      return entry.value;
    }
    return this.remember(key, load, version);
  }

  private remember(key: K, load: () => Promise<T>, version: number): Promise<T> {
    const value = load();
    const entry = { value, version };
    this.memo.set(key, entry);
    if (this.memo.size > this.capacity) this.memo.delete(this.memo.keys().next().value!);
    value.catch(() => {
      if (this.memo.get(key) === entry) this.memo.delete(key);
    });
    return value;
  }
}

/** One public read remembered until the next change of public data. A failed read is not remembered. */
export class UntilNextWrite<T> {
  private readonly byKey: UntilNextWriteByKey<null, T>;

  constructor(
    private readonly load: () => Promise<T>,
    clock: WriteClock,
  ) {
    this.byKey = new UntilNextWriteByKey(clock, 1);
  }

  get(): Promise<T> {
    return this.byKey.get(null, this.load);
  }
}
