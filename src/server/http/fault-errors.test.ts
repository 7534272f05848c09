import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DatabaseBusyError } from '../db/database.js';
import { faultError } from './fault-errors.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

/** A real SQLite error with the given code: the error class better-sqlite3 throws. */
const sqliteError = (code: string) => new SQLite.SqliteError('database is locked', code);

describe('faultError', () => {
  it.each([
    ['ENOSPC from a file write', withCode('ENOSPC', 'ENOSPC: no space left on device, write')],
    ['EDQUOT (a quota) from a file write', withCode('EDQUOT')],
    ["SQLite's database or disk is full", sqliteError('SQLITE_FULL')],
    ["PostgreSQL's disk_full", withCode('53100', 'could not extend file')],
    ['a disk-full error wrapped as the cause of another', new Error('save failed', { cause: withCode('ENOSPC') })],
  ])('answers 507 storage_full to %s', (_what, error) => {
    expect(faultError(error)).toMatchObject({
      statusCode: 507,
      code: 'storage_full',
      message: "The server's storage is full; nothing was saved.",
    });
  });

  it.each([
    ['SQLITE_BUSY', sqliteError('SQLITE_BUSY')],
    ['SQLITE_BUSY_SNAPSHOT', sqliteError('SQLITE_BUSY_SNAPSHOT')],
    ['SQLITE_LOCKED', sqliteError('SQLITE_LOCKED')],
    ['a refused connection', withCode('ECONNREFUSED')],
    [
      'a refused connection to each address of a host',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ],
    ['a reset connection', withCode('ECONNRESET')],
    [
      'a session ended by an administrator (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up (57P03)', withCode('57P03')],
    ['a connection failure (class 08)', withCode('08006')],
    ['a statement timeout (57014)', withCode('57014', 'canceling statement due to statement timeout')],
    ['too many connections (53300)', withCode('53300')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a connection timeout', new Error('Connection terminated due to connection timeout')],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['a connection already broken', new Error('Client has encountered a connection error and is not queryable')],
    ["a statement past the client's deadline (query_timeout)", new Error('Query read timeout')],
    [
      'a statement on a connection that missed a deadline before',
      new Error('Query read timeout on this connection before', { cause: new Error('Query read timeout') }),
    ],
  ])('answers 503 database_unavailable to %s', (_what, error) => {
    expect(faultError(error)).toMatchObject({ statusCode: 503, code: 'database_unavailable' });
  });

  it('answers 503 busy to a wait for a pool connection that ran out while the database answers', () => {
    expect(faultError(new DatabaseBusyError(3000))).toMatchObject({
      statusCode: 503,
      code: 'busy',
      message: 'The server is busy just now; try again in a few seconds.',
    });
  });

  it('answers 503 database_unavailable when a busy pool and a lost connection come together', () => {
    const both = new AggregateError([new DatabaseBusyError(3000), withCode('ECONNREFUSED')]);
    expect(faultError(both)?.code).toBe('database_unavailable');
  });

  it('answers 507 when a full disk and a lost connection come together', () => {
    expect(faultError(new AggregateError([withCode('ECONNRESET'), withCode('ENOSPC')]))?.statusCode).toBe(507);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['an invalid byte sequence', withCode('22021')],
    ['a SQLite constraint', sqliteError('SQLITE_CONSTRAINT_UNIQUE')],
    ['a missing file', withCode('ENOENT')],
    ['a plain error', new Error('Something broke')],
    ['a thrown string', 'ENOSPC'],
    ['nothing', undefined],
  ])('leaves %s alone', (_what, error) => {
    expect(faultError(error)).toBeNull();
  });
});
