import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { EachClock } from './cache/write-clock.js';

/**
 * Several worker processes share the port (WEB_CONCURRENCY). Each keeps its own rendered-page and settings
 * caches, so a worker that answers a write tells the primary which journal it changed, and the primary tells every
 * other worker.
 */
interface WriteMessage {
  journalWrite: number;
}

const isWriteMessage = (message: unknown): message is WriteMessage =>
  typeof (message as WriteMessage | null)?.journalWrite === 'number';

/** More unexpected exits than this within a minute means something is wrong with every worker. */
const MAX_RESTARTS_PER_MINUTE = 5;

export function startWorkers(count: number, log: Logger): void {
  let stopping = false;
  const restarts: number[] = [];
  for (let i = 0; i < count; i++) cluster.fork();

  cluster.on('message', (from: Worker, message: unknown) => {
    if (!isWriteMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      log.fatal('Workers keep exiting; stopping');
      process.exit(1);
    }
    log.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });

  // Each worker finishes its requests in flight and exits; the primary exits when the last one has, with 0
  // when every worker closed cleanly. A repeated signal (Ctrl-C reaches the whole process group) changes nothing.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      let failed = false;
      cluster.on('exit', (_worker, code) => {
        failed ||= code !== 0;
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      });
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
}

/**
 * In a worker: a change of a journal's public data made here goes to the primary, which passes it to every other
 * worker. A change of a journal the worker does not know yet (another worker added it) makes it read the journals.
 */
export function relayWritesBetweenWorkers(eachClock: EachClock, journalsChanged: () => Promise<void>): void {
  if (!cluster.isWorker) return;
  const clocks = new Map<number, { changedElsewhere(): void }>();
  eachClock((journalId, clock) => {
    clocks.set(journalId, clock);
    clock.onChange((origin) => {
      if (origin === 'here') process.send?.({ journalWrite: journalId } satisfies WriteMessage);
    });
  });
  process.on('message', (message) => {
    if (!isWriteMessage(message)) return;
    const clock = clocks.get(message.journalWrite);
    if (clock) clock.changedElsewhere();
    else void journalsChanged().catch(() => {});
  });
}
