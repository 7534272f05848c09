import { ACTIVITY_PAGE_SIZE, type ActivityPage, type ActivityQuery } from '../../../common/schemas/activity.js';
import type { JournalDb } from '../../db/database.js';
import { countActivity, findActivity } from './activity.repository.js';

export class ActivityService {
  constructor(private readonly db: JournalDb) {}

  /** One page of the log, newest first. */
  async list({ page, ...filter }: ActivityQuery): Promise<ActivityPage> {
    const [entries, total] = await Promise.all([
      findActivity(this.db, filter, { limit: ACTIVITY_PAGE_SIZE, offset: (page - 1) * ACTIVITY_PAGE_SIZE }),
      countActivity(this.db, filter),
    ]);
    return { entries: entries.map(({ user_id: _, ...entry }) => entry), total, page, pageSize: ACTIVITY_PAGE_SIZE };
  }
}
