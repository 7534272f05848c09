import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseOptions } from '../db/database.js';
import type { ClientAssets } from '../render/client-assets.js';
import type { EncodedPage, EncodingRenderer, PageRequest } from './encoded-pages.js';

/** What a render thread is started with. */
export interface RenderThreadData {
  database: DatabaseOptions;
  /** DATA_DIR: each journal's files are in their folder there. */
  dataDir: string;
  assets: ClientAssets;
}

export type ToThread = { kind: 'render'; id: number; request: PageRequest } | { kind: 'write'; journalId: number };
export type FromThread =
  | { kind: 'ready' }
  | { kind: 'page'; id: number; page: EncodedPage }
  | { kind: 'failed'; id: number; reason: string }
  | { kind: 'connection-error'; reason: string };

export interface RenderThreadOptions {
  /** The built render-thread script. */
  script: string;
  count: number;
  data: RenderThreadData;
  log: FastifyBaseLogger;
}

interface Pending {
  request: PageRequest;
  resolve: (page: EncodedPage | Promise<EncodedPage>) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  pending: Map<number, Pending>;
}

/** More unexpected exits than this within a minute and the threads are given up: pages render in the main thread. */
const MAX_RESTARTS_PER_MINUTE = 5;

/**
 * Renders public pages in worker threads, each on its own read-only database connection, while the main
 * thread serves HTTP (and the API, the cache and everything else). A page goes to the thread with the
 * fewest pages waiting; when no thread is ready (while they start, or once they are given up) it is
 * rendered in the main thread. A page never waits on a failed thread: whatever a thread could not render
 * is rendered in the main thread.
 *
 * Measured on two cores under the bench's load of first renders: two threads with the main thread
 * only serving HTTP answered a third more pages than one thread with the main thread rendering what the
 * thread could not keep up with, and three threads fewer than two.
 */
export class RenderThreads {
  private readonly threads = new Set<Thread>();
  private readonly restarts: number[] = [];
  private nextId = 0;
  private closing = false;

  constructor(
    private readonly options: RenderThreadOptions,
    private readonly renderHere: EncodingRenderer,
  ) {
    for (let i = 0; i < options.count; i++) this.start();
  }

  readonly render: EncodingRenderer = (request) => {
    const thread = this.leastBusy();
    if (!thread) return this.renderHere(request);
    const id = this.nextId++;
    return new Promise<EncodedPage>((resolve) => {
      thread.pending.set(id, { request, resolve });
      thread.worker.postMessage({ kind: 'render', id, request } satisfies ToThread);
    });
  };

  /** Every thread forgets what it remembered of the journal's data (settings, year groups, indexing). */
  announceWrite(journalId: number): void {
    for (const thread of this.threads) thread.worker.postMessage({ kind: 'write', journalId } satisfies ToThread);
  }

  get readyCount(): number {
    return [...this.threads].filter((thread) => thread.ready).length;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.threads].map((thread) => thread.worker.terminate()));
  }

  private leastBusy(): Thread | null {
    let best: Thread | null = null;
    for (const thread of this.threads) {
      if (thread.ready && (!best || thread.pending.size < best.pending.size)) best = thread;
    }
    return best;
  }

  private start(): void {
    const worker = new Worker(this.options.script, { workerData: this.options.data });
    const thread: Thread = { worker, ready: false, pending: new Map() };
    this.threads.add(thread);
    worker.on('message', (message: FromThread) => this.receive(thread, message));
    worker.on('error', (error) => this.options.log.error(error, 'Render thread failed'));
    worker.on('exit', (code) => this.exited(thread, code));
  }

  private receive(thread: Thread, message: FromThread): void {
    if (message.kind === 'ready') {
      thread.ready = true;
      return;
    }
    if (message.kind === 'connection-error') {
      this.options.log.warn({ reason: message.reason }, "A render thread's database connection failed");
      return;
    }
    const pending = thread.pending.get(message.id);
    if (!pending) return;
    thread.pending.delete(message.id);
    if (message.kind === 'page') return pending.resolve(withBufferBody(message.page));
    // Rendered here again: a failure that is the page's own then reaches the request's error handling.
    this.options.log.warn(
      { url: pending.request.url, reason: message.reason },
      'A render thread failed a page; rendering it in the main thread',
    );
    pending.resolve(this.renderHere(pending.request));
  }

  private exited(thread: Thread, code: number): void {
    this.threads.delete(thread);
    for (const pending of thread.pending.values()) pending.resolve(this.renderHere(pending.request));
    if (this.closing) return;
    const now = Date.now();
    this.restarts.push(now);
    while (this.restarts[0]! < now - 60_000) this.restarts.shift();
    if (this.restarts.length > MAX_RESTARTS_PER_MINUTE) {
      this.options.log.error('Render threads keep exiting; pages are rendered in the main thread from now on');
      return;
    }
    this.options.log.error(`Render thread exited (code ${code}); starting another`);
    this.start();
  }
}

/** Bytes arrive from a thread as a plain Uint8Array; the HTTP layer and the cache want a Buffer (no copy). */
const withBufferBody = (page: EncodedPage): EncodedPage => ({
  ...page,
  body: Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength),
});
