import { DATABASE_BUSY } from '../db/database.js';

/** File system and SQLite codes, and PostgreSQL's disk_full (SQLSTATE 53100). */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** The socket failing under the PostgreSQL client. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away, not taking connections or out of resources for now:
 * class 08 (connection exception), 57P01-57P03 (shut down, crashed, starting), 57014 (statement_timeout),
 * and class 53 (too many connections, out of memory) apart from disk_full.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|57014|53...)$/;

/** SQLite's lock errors (with their extended codes): another connection kept the database longer than the busy timeout. */
const SQLITE_LOCK = /^SQLITE_(BUSY|LOCKED)/;

/**
 * pg reports a lost or unreachable server with plain errors that carry no code; `Query read timeout` is a
 * statement that outlived the client's deadline (query_timeout), which only a lost or hung server makes happen.
 */
const PG_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|timeout expired|Query read timeout)/;

export type Fault = 'storage_full' | 'database_unavailable' | 'busy';

function faultOf(error: { code?: unknown; message?: unknown }): Fault | null {
  const code = typeof error.code === 'string' ? error.code : '';
  if (STORAGE_FULL_CODES.has(code)) return 'storage_full';
  if (code === DATABASE_BUSY) return 'busy';
  if (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code) || SQLITE_LOCK.test(code))
    return 'database_unavailable';
  if (typeof error.message === 'string' && PG_CONNECTION_MESSAGE.test(error.message)) return 'database_unavailable';
  return null;
}

/** The error, what caused it and, for an AggregateError (a host with several addresses), each attempt's error. */
function* causes(error: unknown, depth = 0): Generator<{ code?: unknown; message?: unknown }> {
  if (typeof error !== 'object' || error === null || depth > 5) return;
  yield error;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  yield* causes(cause, depth + 1);
  if (Array.isArray(errors)) for (const each of errors) yield* causes(each, depth + 1);
}

/** The faults of the infrastructure an error shows, by the error and its causes (fault-errors.ts answers them). */
export const faultsOf = (error: unknown): Set<Fault | null> => new Set([...causes(error)].map(faultOf));

/** Whether a file or the database could not grow for lack of space, by the error or one of its causes. */
export const isStorageFull = (error: unknown): boolean =>
  [...causes(error)].some((cause) => faultOf(cause) === 'storage_full');
