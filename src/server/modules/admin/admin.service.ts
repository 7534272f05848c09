import type { JournalDb } from '../../db/database.js';
import { countRows } from './admin.repository.js';

/** Dashboard counts: 'archives' are the articles, as in the archive calls (specification: Calls made). */
export class DashboardService {
  constructor(private readonly db: JournalDb) {}

  async counts(): Promise<{ archives: number; editors: number }> {
    const [archives, editors] = await Promise.all([countRows(this.db, 'articles'), countRows(this.db, 'editors')]);
    return { archives, editors };
  }
}
