import type { WriteClock } from './write-clock.js';

interface Remembered<T> {
  value: Promise<T>;
  version: number;
}

/**
 * Where one kind of keyed read keeps what it remembers for every journal a thread serves, with one capacity for all
 * of them: a thread's memory then follows its readers' working set, not the number of journals it hosts
 * (docs/decisions/104-remembered-reads-bounded-per-thread.md). Each journal's reads keep their own keys and clock.
 */
export class SharedMemo<T> {
  readonly entries = new Map<string, Remembered<T>>();
  private owners = 0;

  constructor(readonly capacity: number) {}

  /** A key prefix that no other reader of this memo has. */
  newOwner(): string {
    this.owners += 1;
    return `${this.owners}:`;
  }
}

/**
 * Public reads by key, each remembered until the next change of public data (when the write clock's
 * version moves on; write-clock.ts). Only the most recently read keys are kept: `capacity` of them, or, in a
 * memo shared with other journals' reads, as many as its capacity for all of them together. A failed read is not
 * remembered.
 */
export class UntilNextWriteByKey<K extends string | null, T> {
  private readonly memo: SharedMemo<T>;
  private readonly owner: string;

  constructor(
    private readonly clock: WriteClock,
    capacity: number | SharedMemo<T>,
  ) {
    this.memo = typeof capacity === 'number' ? new SharedMemo(capacity) : capacity;
    this.owner = this.memo.newOwner();
  }

  /** The remembered value of `key`, or what `load` reads for it now. */
  get(key: K, load: () => Promise<T>): Promise<T> {
    const { entries } = this.memo;
    const at = this.owner + key;
    const version = this.clock.version();
    const entry = entries.get(at);
    if (entry) entries.delete(at);
    if (entry && entry.version === version) {
      entries.set(at, entry); // now the most recently read
      return entry.value;
    }
    return this.remember(at, load, version);
  }

  private remember(at: string, load: () => Promise<T>, version: number): Promise<T> {
    const { entries, capacity } = this.memo;
    const value = load();
    const entry = { value, version };
    entries.set(at, entry);
    if (entries.size > capacity) entries.delete(entries.keys().next().value!);
    value.catch(() => {
      if (entries.get(at) === entry) entries.delete(at);
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
