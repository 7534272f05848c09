import type { EditorCategory } from '../../../common/constants.js';
import type { Editor } from '../../../common/schemas/editors.js';
import type { Db } from '../../db/database.js';
import type { EditorRow } from '../../db/schema.js';
import { sanitizeRichText } from '../../storage/sanitize.js';
import type { SettingsService } from '../settings/settings.service.js';
import { listAllEditors, listEnabledEditors } from './editors.repository.js';

/** Stored HTML is sanitised again on the way out. */
export function toEditor(row: EditorRow): Editor {
  return { ...row, category: row.category as EditorCategory, post: sanitizeRichText(row.post), is_pinned: row.is_pinned === 1 };
}

export class EditorsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

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
}
