import type { ActivityObjectType, ActivityQuery } from '../../../common/schemas/activity.js';
import type { JournalExecutor } from '../../db/database.js';
import type { ActivityLogRow } from '../../db/schema.js';
import { fieldWords } from '../../../common/field-words.js';

/** Who made a write: the signed-in user of the request. */
export interface Actor {
  userId: number;
  username: string;
}

/** What a write did, in a line staff can read; never a password or a file's content. */
export interface Activity {
  action: string;
  objectType: ActivityObjectType;
  objectId: number | null;
  summary: string;
}

/**
 * The one way writes are logged (decision 051): every service that writes calls this inside the transaction of its
 * write, so the log holds a write exactly when the write was saved.
 */
export async function recordActivity(trx: JournalExecutor, actor: Actor, activity: Activity): Promise<void> {
  await trx
    .insertInto('activity_log')
    .values({
      created_at: new Date().toISOString(),
      user_id: actor.userId,
      username: actor.username,
      action: activity.action,
      object_type: activity.objectType,
      object_id: activity.objectId,
      summary: activity.summary,
    })
    .execute();
}

type ActivityFilter = Omit<ActivityQuery, 'page'>;

/** The day after an inclusive 'to' date, as the first instant not included. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString();

function matching(db: JournalExecutor, filter: ActivityFilter) {
  let query = db.selectFrom('activity_log');
  if (filter.user) query = query.where('username', '=', filter.user);
  if (filter.type) query = query.where('object_type', '=', filter.type);
  if (filter.from) query = query.where('created_at', '>=', `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where('created_at', '<', dayAfter(filter.to));
  return query;
}

export const findActivity = (
  db: JournalExecutor,
  filter: ActivityFilter,
  page: { limit: number; offset: number },
): Promise<ActivityLogRow[]> =>
  matching(db, filter).selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();

export async function countActivity(db: JournalExecutor, filter: ActivityFilter): Promise<number> {
  const row = await matching(db, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** 'title, pages': the fields whose value differs, in words, for an update's summary (values left out on purpose). */
export function changedFields<T extends object>(before: T, after: Partial<T>, ignore: (keyof T)[] = []): string {
  const changed = (Object.keys(after) as (keyof T)[]).filter(
    (key) => !ignore.includes(key) && after[key] !== before[key],
  );
  return changed.length ? changed.map(fieldWords).join(', ') : 'nothing';
}
