import type { Executor } from '../../db/database.js';
import type { IndexingRow } from '../../db/schema.js';

export const listEnabledIndexing = (db: Executor): Promise<IndexingRow[]> =>
  db.selectFrom('indexing').selectAll().where('status', '=', 'enabled').orderBy('sortnumber').orderBy('id').execute();
