import type { Editor } from '../../../common/schemas/editors.js';
import { FILE_SIZE_MESSAGE, MAX_UPLOAD_BYTES, type EditorStatus } from '../../../common/constants.js';
import type { EditorInput } from '../../../common/schemas/editor-input.js';
import type { WriteClock } from '../../cache/write-clock.js';
import type { JournalDb } from '../../db/database.js';
import type { EditorRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import { changedFields, recordActivity, type Actor } from '../activity/activity.repository.js';
import { FileJournal } from '../../storage/file-journal.js';
import type { FileStore } from '../../storage/file-store.js';
import { stagePicture, type StagedPicture } from '../../storage/picture-upload.js';
import { sanitizeRichText, toPlainText } from '../../storage/sanitize.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  findEditorById,
  insertEditor,
  listAllEditors,
  listEnabledEditors,
  setEditorsPinned,
  updateEditor,
} from './editors.repository.js';

/** Stored HTML is sanitised again on the way out. */
function toEditor(row: EditorRow): Editor {
  return { ...row, post: sanitizeRichText(row.post), is_pinned: row.is_pinned === 1 };
}

const picturePath = (picture: string) => `editors/${picture}`;

export class EditorsService {
  private readonly journal: FileJournal;

  constructor(
    private readonly db: JournalDb,
    private readonly settings: SettingsService,
    private readonly files: FileStore,
    private readonly clock: WriteClock,
  ) {
    this.journal = new FileJournal(db, files);
  }

  /** The public board: enabled editors, pinned first; contact details only when the site shows them. */
  async listPublic(): Promise<Editor[]> {
    const [rows, settings] = await Promise.all([listEnabledEditors(this.db), this.settings.get()]);
    const editors = rows.map(toEditor);
    if (settings.show_editor_contacts) return editors;
    return editors.map((editor) => ({ ...editor, email: '', phone: '', editor_website: '' }));
  }

  /** Every editor, for the admin list. */
  async listAll(): Promise<Editor[]> {
    return (await listAllEditors(this.db)).map(toEditor);
  }

  async get(id: number): Promise<Editor> {
    const row = await findEditorById(this.db, id);
    if (!row) throw notFound('Editor not found');
    return toEditor(row);
  }

  async create(input: EditorInput, picture: UploadedFile | undefined, actor: Actor): Promise<Editor> {
    const staged = picture ? await this.stagePicture(picture) : null;
    const now = new Date().toISOString();
    const id = await this.journal.transaction(staged, async (trx) => {
      const editor = cleanEditor(input);
      const inserted = await insertEditor(trx, {
        ...editor,
        picture: staged?.name ?? null,
        is_pinned: 0,
        creation: now,
        updated_at: now,
      });
      if (staged) await this.journal.record(trx, [{ source: staged.temp, target: staged.target, remove: null }]);
      await recordActivity(trx, actor, {
        action: 'create',
        objectType: 'editor',
        objectId: inserted,
        summary: `Added ${editor.name}`,
      });
      return inserted;
    });
    this.clock.publicDataChanged();
    return this.get(id);
  }

  /** A new picture replaces the old one, which is removed once the new one is in place (FileJournal). */
  async update(id: number, input: EditorInput, picture: UploadedFile | undefined, actor: Actor): Promise<Editor> {
    await this.get(id);
    const staged = picture ? await this.stagePicture(picture) : null;
    await this.journal.transaction(staged, async (trx) => {
      const current = (await findEditorById(trx, id))!;
      const editor = cleanEditor(input);
      await updateEditor(trx, id, {
        ...editor,
        picture: staged?.name ?? current.picture,
        updated_at: new Date().toISOString(),
      });
      const previous = current.picture ? picturePath(current.picture) : null;
      if (staged) await this.journal.record(trx, [{ source: staged.temp, target: staged.target, remove: previous }]);
      const summary = `${current.name}: changed ${changedFields(current, editor)}${staged ? '; new picture' : ''}`;
      await recordActivity(trx, actor, { action: 'update', objectType: 'editor', objectId: id, summary });
    });
    this.clock.publicDataChanged();
    return this.get(id);
  }

  async setStatus(id: number, status: EditorStatus, actor: Actor): Promise<Editor> {
    const { name } = await this.get(id);
    await this.db.transaction().execute(async (trx) => {
      await updateEditor(trx, id, { status, updated_at: new Date().toISOString() });
      await recordActivity(trx, actor, {
        action: 'update',
        objectType: 'editor',
        objectId: id,
        summary: `${name}: status ${status}`,
      });
    });
    this.clock.publicDataChanged();
    return this.get(id);
  }

  async pin(ids: number[], pinned: boolean, actor: Actor): Promise<number> {
    const updated = await this.db.transaction().execute(async (trx) => {
      const count = await setEditorsPinned(trx, ids, pinned);
      const summary = `${pinned ? 'Pinned' : 'Unpinned'} editors ${ids.join(', ')}`;
      await recordActivity(trx, actor, { action: 'update', objectType: 'editor', objectId: null, summary });
      return count;
    });
    this.clock.publicDataChanged();
    return updated;
  }

  private stagePicture(picture: UploadedFile): Promise<StagedPicture> {
    return stagePicture(this.files, 'editors', 'editor', picture, {
      maxBytes: MAX_UPLOAD_BYTES,
      message: FILE_SIZE_MESSAGE,
    });
  }
}

/** Stored HTML is sanitised on the way in too; plain fields lose any markup. */
function cleanEditor(input: EditorInput) {
  const plain = (value: string) => toPlainText(value);
  const [name, content, post] = [plain(input.name), plain(input.content), sanitizeRichText(input.post)];
  if (!name) throw badRequest('name: Name is required');
  if (!content) throw badRequest('content: Affiliation is required');
  if (!toPlainText(post)) throw badRequest('post: Post is required');
  return {
    name,
    content,
    category: input.category,
    post,
    degree: plain(input.degree),
    email: input.email,
    phone: plain(input.phone),
    country: plain(input.country),
    editor_website: input.editor_website,
    status: input.status,
  };
}
