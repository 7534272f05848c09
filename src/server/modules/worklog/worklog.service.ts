import { WORKLOG_PAGE_SIZE, type WorklogStatus } from '../../../common/constants.js';
import {
  WORKLOG_EMPTY_CONTENT_MESSAGE,
  type NewWorklogEntry,
  type WorklogEntry,
  type WorklogPage,
  type WorklogQuery,
} from '../../../common/schemas/worklog.js';
import { recordActivity, type Actor } from '../activity/activity.repository.js';
import type { JournalDb } from '../../db/database.js';
import type { WorklogEntryRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { sanitizeBasic } from '../../storage/sanitize.js';
import {
  countWorklogEntries,
  findWorklogEntries,
  insertWorklogEntry,
  updateWorklogStatus,
  type WorklogFilter,
} from './worklog.repository.js';

/** Content is sanitised again on the way out, so rows written around the service never reach a page unchecked. */
const toEntry = (row: WorklogEntryRow): WorklogEntry => ({ ...row, content: sanitizeBasic(row.content) });

export class WorklogService {
  constructor(private readonly db: JournalDb) {}

  /** One page of entries, newest first, with the count of every entry the filter matches. */
  async list(query: WorklogQuery): Promise<WorklogPage> {
    const filter: WorklogFilter = { status: query.status, search: query.search || undefined };
    const [rows, total] = await Promise.all([
      findWorklogEntries(this.db, filter, { limit: WORKLOG_PAGE_SIZE, offset: (query.page - 1) * WORKLOG_PAGE_SIZE }),
      countWorklogEntries(this.db, filter),
    ]);
    return { entries: rows.map(toEntry), total, page: query.page, pageSize: WORKLOG_PAGE_SIZE };
  }

  /** The author and the time come from the signed-in user and the server clock, never from the request body. */
  async create(input: NewWorklogEntry, author: Actor): Promise<WorklogEntry> {
    const content = sanitizeBasic(input.content).trim();
    if (!content) throw badRequest(`${WORKLOG_EMPTY_CONTENT_MESSAGE}: nothing is left once unsafe HTML is removed`);
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await insertWorklogEntry(trx, {
        content,
        status: input.status,
        createdby: author.username,
        created_at: new Date().toISOString(),
      });
      const summary = `Added an entry (${input.status})`;
      await recordActivity(trx, author, { action: 'create', objectType: 'worklog', objectId: inserted.id, summary });
      return inserted;
    });
    return toEntry(row);
  }

  async setStatus(id: number, status: WorklogStatus, actor: Actor): Promise<WorklogEntry> {
    const row = await this.db.transaction().execute(async (trx) => {
      const updated = await updateWorklogStatus(trx, id, status);
      if (!updated) throw notFound(`Work-log entry ${id} not found`);
      await recordActivity(trx, actor, {
        action: 'update',
        objectType: 'worklog',
        objectId: id,
        summary: `Status ${status}`,
      });
      return updated;
    });
    return toEntry(row);
  }
}
