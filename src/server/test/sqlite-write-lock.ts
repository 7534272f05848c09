import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Another connection in another thread, so that it can let go while the test's thread waits on SQLite. */
const HOLDER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.exec('begin immediate');
parentPort.postMessage('locked');
const release = () => {
  db.exec('commit');
  db.close();
  parentPort.close();
};
if (workerData.forMs !== undefined) setTimeout(release, workerData.forMs);
else parentPort.once('message', release);
`;

export interface SqliteWriteLock {
  /** Lets go of the lock (when it was taken without a duration) and resolves once it has. */
  release(): Promise<void>;
}

/**
 * Takes the write lock of a SQLite database file in another thread, as another process writing would,
 * and keeps it `forMs` milliseconds or until release().
 */
export async function holdSqliteWriteLock(file: string, forMs?: number): Promise<SqliteWriteLock> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(HOLDER, { eval: true, workerData: { driver, file, forMs } });
  const exited = new Promise<void>((resolve, reject) => {
    worker.once('exit', () => resolve());
    worker.once('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    release() {
      if (forMs === undefined) worker.postMessage('release');
      return exited;
    },
  };
}
