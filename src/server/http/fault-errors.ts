import { faultsOf } from '../storage/faults.js';
import { HttpError } from './errors.js';

/** What a 503 tells the client in Retry-After: about how long a database restart or failover takes. */
export const RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  new HttpError(503, 'database_unavailable', 'The database cannot be reached just now; try again in a few seconds.');

/** A request waited too long for one of the pool's connections while the database itself answers (decision 090). */
export const databaseBusy = () =>
  new HttpError(503, 'busy', 'The server is busy just now; try again in a few seconds.');

const storageFull = () => new HttpError(507, 'storage_full', "The server's storage is full; nothing was saved.");

/**
 * The answer to an error of the infrastructure rather than of the request: 507 storage_full when a file
 * or the database could not grow, 503 database_unavailable when the database cannot be reached or stayed
 * locked, 503 busy when every PostgreSQL pool connection stayed in use while the database answers; null for
 * anything else. A full disk wins over a lost connection, as it needs an operator, and a lost connection
 * over a busy pool.
 */
export function faultError(error: unknown): HttpError | null {
  const faults = faultsOf(error);
  if (faults.has('storage_full')) return storageFull();
  if (faults.has('database_unavailable')) return databaseUnavailable();
  if (faults.has('busy')) return databaseBusy();
  return null;
}
