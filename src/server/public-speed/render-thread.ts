// A render thread: renders public pages on its own database connection, so that page rendering can use
// the machine's other cores while the main thread serves HTTP. See render-threads.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { WriteClock } from '../cache/write-clock.js';
import { openDatabase } from '../db/database.js';
import { createPublicServices } from '../public-services.js';
import { FileStore } from '../storage/file-store.js';
import { createPageRenderer } from '../render/page-renderer.js';
import { journalFilesRoot } from '../journals/journal-files.js';
import { scopedDb } from '../journals/journal-scope.js';
import { perJournal } from '../journals/journal-sites.js';
import { encodingRenderer } from './encoded-pages.js';
import type { FromThread, RenderThreadData, ToThread } from './render-threads.js';

const port = parentPort!;
const { database, dataDir, assets } = workerData as RenderThreadData;
const reply = (message: FromThread) => port.postMessage(message);

const { db } = openDatabase({ ...database, readOnly: true }, (error) =>
  reply({ kind: 'connection-error', reason: error.message }),
);
/**
 * Each journal's services, on a handle scoped to it, with a clock the main thread moves on for every change of that
 * journal's public data: its remembered reads are then read again.
 */
const clocks = perJournal(() => new WriteClock());
const servicesOf = perJournal((journalId) =>
  createPublicServices(scopedDb(db, journalId), new FileStore(journalFilesRoot(dataDir, journalId)), clocks(journalId)),
);
const render = encodingRenderer(createPageRenderer(servicesOf, assets));

/** A body that owns its whole memory moves to the main thread instead of being copied (small ones share a pool). */
const movable = (body: Buffer) =>
  body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? [body.buffer as ArrayBuffer] : [];

port.on('message', (message: ToThread) => {
  if (message.kind === 'write') {
    clocks(message.journalId).changedElsewhere();
    return;
  }
  render(message.request).then(
    (page) => port.postMessage({ kind: 'page', id: message.id, page } satisfies FromThread, movable(page.body)),
    (error: unknown) =>
      reply({
        kind: 'failed',
        id: message.id,
        reason: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
reply({ kind: 'ready' });
