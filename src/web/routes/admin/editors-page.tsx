import { Link, useLoaderData, useRevalidator } from 'react-router';
import { EDITORS_SORTED_MESSAGE } from '../../../common/schemas/editor-input.js';
import type { Editor } from '../../../common/schemas/editors.js';
import { adminLoad, adminRequest } from '../../features/admin-shell/admin-request.js';
import { useFlash } from '../../features/admin-shell/flash.js';
import { useRowSelection } from '../../features/admin-shell/row-selection.js';
import { EditorExportButtons } from '../../features/pdf-exports/export-buttons.js';
import { AdminTable } from '../../features/admin-shell/admin-table.js';
import { refusalMessage } from '../../features/forms/field-errors.js';
import { StatusSwitch } from '../../features/admin-shell/status-switch.js';

export const editorsLoader = () => adminLoad<Editor[]>('/api/editors/');

/** Every editor with a status switch, bulk pin/unpin and row selection (specification: Admin area). */
export function EditorsPage() {
  const editors = useLoaderData<typeof editorsLoader>();
  const revalidator = useRevalidator();
  const flash = useFlash();
  const selection = useRowSelection(editors.map((editor) => editor.id));

  // The switch posts only the new status, then the list reloads (specification: States and transitions).
  async function toggle(editor: Editor, enabled: boolean) {
    const body = new FormData();
    body.append('status', enabled ? 'enabled' : 'disabled');
    const result = await adminRequest(`/api/editors/${editor.id}`, { method: 'POST', body });
    if (!result.ok) flash.show('error', refusalMessage(result));
    await revalidator.revalidate();
  }

  async function pin(pinned: boolean) {
    const result = await adminRequest('/api/editors/pin', {
      method: 'POST',
      body: { ids: selection.selectedIds, pinned },
    });
    flash.show(result.ok ? 'success' : 'error', result.ok ? EDITORS_SORTED_MESSAGE : refusalMessage(result));
    await revalidator.revalidate();
  }

  const none = selection.selectedIds.length === 0;
  return (
    <section>
      <div className="page-title">
        <h1>Editors</h1>
        <Link className="button-primary" to="/admin/editors/add">
          Add Editor
        </Link>
      </div>
      <div className="bulk-actions">
        <span className="muted">{selection.selectedIds.length} selected</span>
        <button type="button" onClick={() => pin(true)} disabled={none}>
          Pin
        </button>
        <button type="button" onClick={() => pin(false)} disabled={none}>
          Unpin
        </button>
        <EditorExportButtons selectedIds={selection.selectedIds} />
      </div>
      <AdminTable
        columns={[
          selection.allBox,
          'Name',
          { label: 'Category', hideNarrow: true },
          { label: 'Post', hideNarrow: true },
          'Pinned',
          'Status',
        ]}
      >
        {editors.map((editor) => (
          <tr key={editor.id} className={editor.status === 'enabled' ? undefined : 'row-disabled'}>
            <td>
              <input
                type="checkbox"
                aria-label={`Select ${editor.name}`}
                checked={selection.isSelected(editor.id)}
                onChange={() => selection.toggle(editor.id)}
              />
            </td>
            <td>{editor.name}</td>
            <td className="hide-narrow">{editor.category}</td>
            <td className="hide-narrow" dangerouslySetInnerHTML={{ __html: editor.post }} />
            <td>{editor.is_pinned ? 'Pinned' : ''}</td>
            <td>
              <StatusSwitch
                label={`${editor.name} enabled`}
                on={editor.status === 'enabled'}
                onChange={(on) => toggle(editor, on)}
              />
            </td>
            <td>
              <Link to={`/admin/editors/${editor.id}`}>Edit</Link>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
