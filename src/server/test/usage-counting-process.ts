// A process counting uses as a server process does (createContext, configured from the environment), for tests of
// several processes counting on one database: it counts one use of article USAGE_ARTICLE by each of USAGE_READERS
// readers (USAGE_KIND: 'investigation', 'request', or by default every other one a download), writing in batches as it
// goes, then prints `counted` and exits.
import pino from 'pino';
import { createContext } from '../bootstrap.js';
import { loadConfig } from '../config.js';

const config = loadConfig();
const ctx = await createContext(config, pino({ level: config.LOG_LEVEL }));
const articleId = Number(process.env.USAGE_ARTICLE);
const readers = Number(process.env.USAGE_READERS);
const journalId = ctx.journals.first().journal.id;
const kind = process.env.USAGE_KIND;
const kindOf = (reader: number) =>
  kind === 'investigation' || kind === 'request' ? kind : reader % 2 ? 'request' : 'investigation';
for (let reader = 0; reader < readers; reader += 1) {
  const address = `10.1.${reader >> 8}.${reader & 255}`;
  ctx.usage.recordUse(journalId, articleId, kindOf(reader), {
    address,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  });
  // Batches of both processes interleave, upserting the same rows.
  if (reader % 100 === 99) await ctx.usage.flush();
}
await ctx.usage.close();
await ctx.db.destroy();
console.log('counted');
