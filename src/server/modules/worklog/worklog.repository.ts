import { sql } from 'kysely';
import type { WorklogStatus } from '../../../common/constants.js';
import type { JournalExecutor } from '../../db/database.js';
import type { WorklogEntryRow } from '../../db/schema.js';

export interface WorklogFilter {
  status?: WorklogStatus;
  /** Case-insensitive substring of the content. */
  search?: string;
}

/** LIKE treats % and _ as wildcards; escaped, the search text matches only itself. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filtered rows; a status filter walks the (status, id) index, newest first. */
function matching(db: JournalExecutor, filter: WorklogFilter) {
  let query = db.selectFrom('worklog_entries');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.search) {
    query = query.where(sql<boolean>`lower(content) like lower(${likePattern(filter.search)}) escape '\\'`);
  }
  return query;
}

export const findWorklogEntries = (
  db: JournalExecutor,
  filter: WorklogFilter,
  page: { limit: number; offset: number },
): Promise<WorklogEntryRow[]> =>
  matching(db, filter).selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();

export async function countWorklogEntries(db: JournalExecutor, filter: WorklogFilter): Promise<number> {
  const row = await matching(db, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findWorklogEntry = (db: JournalExecutor, id: number): Promise<WorklogEntryRow | undefined> =>
  db.selectFrom('worklog_entries').selectAll().where('id', '=', id).executeTakeFirst();

export const insertWorklogEntry = (db: JournalExecutor, entry: Omit<WorklogEntryRow, 'id'>): Promise<WorklogEntryRow> =>
  db.insertInto('worklog_entries').values(entry).returningAll().executeTakeFirstOrThrow();

/** The updated entry, or undefined when there is none with that id. */
export const updateWorklogStatus = (
  db: JournalExecutor,
  id: number,
  status: WorklogStatus,
): Promise<WorklogEntryRow | undefined> =>
  db.updateTable('worklog_entries').set({ status }).where('id', '=', id).returningAll().executeTakeFirst();
