import { HttpError } from '../../http/errors.js';

/** How long a refused client is asked to wait: a full queue empties in about this time. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** The queue is full; the route answers 503 {error: 'busy'} with Retry-After. */
export class BusyError extends HttpError {
  readonly retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS;

  constructor() {
    super(
      503,
      'busy',
      `The server is busy making other documents. Please try again in ${BUSY_RETRY_AFTER_SECONDS} seconds.`,
    );
  }
}

/**
 * Documents made one at a time, in order of arrival. pdfkit draws, subsets the fonts and compresses in
 * one synchronous call on the event loop, so a burst of requests run back to back would hold up every
 * other answer (/healthz included) until the last document is done. Here each document starts in a
 * turn of the event loop of its own, after pending I/O has been served, and at most `maxWaiting`
 * documents wait behind the one being made: beyond that a request is refused at once rather than
 * queued behind a growing wait.
 */
export class GenerationQueue {
  private readonly waiting: (() => void)[] = [];
  private running = false;

  constructor(private readonly maxWaiting: number) {}

  /** Throws BusyError when the queue is full. */
  admit(): void {
    if (this.waiting.length >= this.maxWaiting) throw new BusyError();
  }

  /**
   * Runs `generate` on its turn. A document that was `admitted` already (the next entry of a zip being
   * sent) waits whatever the queue's length: the answer has started and can no longer be a 503.
   */
  async run<T>(generate: () => T, { admitted = false } = {}): Promise<T> {
    if (!admitted) this.admit();
    await new Promise<void>((start) => {
      this.waiting.push(start);
      if (!this.running) this.startNext();
    });
    try {
      return generate();
    } finally {
      this.startNext();
    }
  }

  private startNext(): void {
    const start = this.waiting.shift();
    this.running = start !== undefined;
    // An immediate runs after the event loop's poll for I/O, so requests that arrived meanwhile are read first.
    if (start) setImmediate(start);
  }
}
