import type { IndexingEntry } from '../../../common/schemas/indexing.js';
import { UntilNextWrite } from '../../cache/until-next-write.js';
import type { Db } from '../../db/database.js';
import { listEnabledIndexing } from './indexing.repository.js';

export class IndexingService {
  /** The list sits in the layout of every public page, so it is kept until the next write. */
  private readonly enabled: UntilNextWrite<IndexingEntry[]>;

  /** `writeVersion` changes with every successful write (the page cache's generation). */
  constructor(db: Db, writeVersion: () => number) {
    this.enabled = new UntilNextWrite(() => listEnabledIndexing(db), writeVersion);
  }

  /** Enabled entries, ascending by sortnumber. */
  listPublic(): Promise<IndexingEntry[]> {
    return this.enabled.get();
  }
}
