import type { Executor } from '../../db/database.js';
import type { EditorRow } from '../../db/schema.js';

/** Enabled editors, pinned first, then in the order they were added. */
export const listEnabledEditors = (db: Executor): Promise<EditorRow[]> =>
  db
    .selectFrom('editors')
    .selectAll()
    .where('status', '=', 'enabled')
    .orderBy('is_pinned', 'desc')
    .orderBy('id')
    .execute();

/** Every editor whatever the status, pinned first (the admin list). */
export const listAllEditors = (db: Executor): Promise<EditorRow[]> =>
  db.selectFrom('editors').selectAll().orderBy('is_pinned', 'desc').orderBy('id').execute();
