import type { IndexingEntry } from '../../../common/schemas/indexing.js';
import { UntilNextWrite } from '../../cache/until-next-write.js';
import type { WriteClock } from '../../cache/write-clock.js';
import type { Db } from '../../db/database.js';
import { listEnabledIndexing } from './indexing.repository.js';

export class IndexingService {
  /** The list sits in the layout of every public page, so it is kept until the next write. */
  private readonly enabled: UntilNextWrite<IndexingEntry[]>;

  constructor(db: Db, clock: WriteClock) {
    this.enabled = new UntilNextWrite(() => listEnabledIndexing(db), clock);
  }

  /** Enabled entries, ascending by sortnumber. */
  listPublic(): Promise<IndexingEntry[]> {
    return this.enabled.get();
  }
}
