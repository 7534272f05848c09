/** Where a change of public data was made: in this process, or in another process or instance that told us. */
export type ChangeOrigin = 'here' | 'elsewhere';

/**
 * The version of the public data: one number that moves on whenever something a public page, feed or generated
 * PDF shows has changed. Everything that remembers a public read compares the version it read at with
 * `version()` (the page cache, the remembered reads, the settings, the PDF cache) or listens with `onChange`
 * (render threads, other worker processes, other instances).
 *
 * The one rule (decision 021): a write to public data is announced, never inferred. The services that change
 * public data call `publicDataChanged()` after their transaction, so a write counts however it is reached (route,
 * script or test); a script that writes on PostgreSQL tells running instances with `notifyInstances`. Sign-in,
 * token checks, the work-log, users and the PDF exports change no public data and leave every cache as it is.
 */
/** Calls `listener` with each journal's write clock, those there now and those added later. */
export type EachClock = (listener: (journalId: number, clock: WriteClock) => void) => void;

export class WriteClock {
  private current = 0;
  /** When the version last moved on (at first: when this process started, which no earlier change can follow). */
  private changedAtMs = Date.now();
  private readonly listeners = new Set<(origin: ChangeOrigin) => void>();

  version(): number {
    return this.current;
  }

  /** The time of the last change this process knows of, in milliseconds since the epoch (HTTP Last-Modified). */
  changedAt(): number {
    return this.changedAtMs;
  }

  /** Public data changed in this process: listeners hear it, and relays pass it on to other processes. */
  publicDataChanged(): void {
    this.advance('here');
  }

  /** Another process or instance changed public data (or may have, while a relay was down). */
  changedElsewhere(): void {
    this.advance('elsewhere');
  }

  /** Runs `listener` on every change; returns what stops it. */
  onChange(listener: (origin: ChangeOrigin) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private advance(origin: ChangeOrigin): void {
    this.current += 1;
    this.changedAtMs = Date.now();
    for (const listener of this.listeners) listener(origin);
  }
}
