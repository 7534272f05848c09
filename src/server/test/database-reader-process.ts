// A process opening the database as the server does (createContext, configured from the environment,
// logging as JSON lines to stdout), for tests that must see whether a database fault ends a process.
// It reads once when ready and once more for every line on stdin, printing `read ok` or `read failed: ...`,
// and exits when stdin ends.
import readline from 'node:readline';
import { sql } from 'kysely';
import pino from 'pino';
import { createContext } from '../bootstrap.js';
import { loadConfig } from '../config.js';

const config = loadConfig();
const ctx = await createContext(config, pino({ level: config.LOG_LEVEL }));
const read = () =>
  sql`select 1`.execute(ctx.db).then(
    () => 'read ok',
    (error: Error) => `read failed: ${error.message}`,
  );

console.log(await read());
for await (const _line of readline.createInterface({ input: process.stdin })) console.log(await read());
await ctx.db.destroy();
