import type { IndexingEntry } from '../../../common/schemas/indexing.js';
import type { Db } from '../../db/database.js';
import { listEnabledIndexing } from './indexing.repository.js';

export class IndexingService {
  constructor(private readonly db: Db) {}

  /** Enabled entries, ascending by sortnumber. */
  listPublic(): Promise<IndexingEntry[]> {
    return listEnabledIndexing(this.db);
  }
}
