/** Bounds staleness when another instance sharing the database made the write. */
const DEFAULT_TTL_MS = 60_000;

/**
 * A public read remembered until the next write (when `writeVersion`, the page cache's generation,
 * changes) or for at most `ttlMs`. A failed read is not remembered.
 */
export class UntilNextWrite<T> {
  private memo: { value: Promise<T>; version: number; until: number } | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly writeVersion: () => number,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  get(): Promise<T> {
    const version = this.writeVersion();
    const memo = this.memo;
    if (memo && memo.version === version && memo.until > Date.now()) return memo.value;
    const value = this.load();
    const entry = { value, version, until: Date.now() + this.ttlMs };
    this.memo = entry;
    value.catch(() => {
      if (this.memo === entry) this.memo = null;
    });
    return value;
  }
}
