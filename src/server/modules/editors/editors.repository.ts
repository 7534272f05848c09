import type { JournalExecutor } from '../../db/database.js';
import type { EditorRow, EditorUpdate, NewEditor } from '../../db/schema.js';

/** Enabled editors, pinned first, then in the order they were added. */
export const listEnabledEditors = (db: JournalExecutor): Promise<EditorRow[]> =>
  db
    .selectFrom('editors')
    .selectAll()
    .where('status', '=', 'enabled')
    .orderBy('is_pinned', 'desc')
    .orderBy('id')
    .execute();

/** Every editor whatever the status, pinned first (the admin list). */
export const listAllEditors = (db: JournalExecutor): Promise<EditorRow[]> =>
  db.selectFrom('editors').selectAll().orderBy('is_pinned', 'desc').orderBy('id').execute();

export const findEditorById = (db: JournalExecutor, id: number): Promise<EditorRow | undefined> =>
  db.selectFrom('editors').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertEditor(db: JournalExecutor, editor: NewEditor): Promise<number> {
  const row = await db.insertInto('editors').values(editor).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEditor(db: JournalExecutor, id: number, values: EditorUpdate): Promise<void> {
  await db.updateTable('editors').set(values).where('id', '=', id).execute();
}

/** Pins or unpins editors; answers how many exist among the ids. */
export async function setEditorsPinned(db: JournalExecutor, ids: number[], pinned: boolean): Promise<number> {
  const result = await db
    .updateTable('editors')
    .set({ is_pinned: pinned ? 1 : 0, updated_at: new Date().toISOString() })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
