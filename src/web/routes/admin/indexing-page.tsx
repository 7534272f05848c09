import { Link, useLoaderData, useRevalidator } from 'react-router';
import {
  INDEXING_DELETED_MESSAGE,
  INDEXING_ORDER_MESSAGE,
  type IndexingEntry,
} from '../../../common/schemas/indexing.js';
import { useConfirm, type Confirmation } from '../../components/confirm-dialog.js';
import { adminLoad, adminRequest } from '../../features/admin-shell/admin-request.js';
import { AdminTable } from '../../features/admin-shell/admin-table.js';
import { useFlash } from '../../features/admin-shell/flash.js';
import { refusalMessage } from '../../features/forms/field-errors.js';
import { StatusSwitch } from '../../features/admin-shell/status-switch.js';

export const indexingLoader = () => adminLoad<IndexingEntry[]>('/api/admin/indexing');

const deleteIndexingQuestion = (title: string): Confirmation => ({
  question: `Delete the indexing entry “${title}” and its logo?`,
  consequence: 'It disappears from the indexing list on the site.',
  action: 'Delete entry',
  danger: true,
});

/** Indexing entries in their public order: switch on and off, move up and down, edit, delete. */
export function IndexingPage() {
  const entries = useLoaderData<typeof indexingLoader>();
  const revalidator = useRevalidator();
  const flash = useFlash();
  const confirm = useConfirm();

  async function after(result: Awaited<ReturnType<typeof adminRequest>>, success: string | null) {
    if (!result.ok) flash.show('error', refusalMessage(result));
    else if (success) flash.show('success', success);
    await revalidator.revalidate();
  }

  async function toggle(entry: IndexingEntry, enabled: boolean) {
    const body = new FormData();
    body.append('status', enabled ? 'enabled' : 'disabled');
    await after(await adminRequest(`/api/admin/indexing/${entry.id}`, { method: 'POST', body }), null);
  }

  async function move(index: number, by: -1 | 1) {
    const ids = entries.map((entry) => entry.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    await after(
      await adminRequest('/api/admin/indexing/order', { method: 'PUT', body: { ids } }),
      INDEXING_ORDER_MESSAGE,
    );
  }

  async function remove(entry: IndexingEntry) {
    if (!(await confirm(deleteIndexingQuestion(entry.title)))) return;
    await after(await adminRequest(`/api/admin/indexing/${entry.id}`, { method: 'DELETE' }), INDEXING_DELETED_MESSAGE);
  }

  return (
    <section>
      <div className="page-title">
        <h1>Indexing</h1>
        <Link className="button-primary" to="/admin/indexing/add">
          Add Entry
        </Link>
      </div>
      <AdminTable
        columns={[
          { label: 'Logo', hideNarrow: true },
          'Title',
          { label: 'Link', hideNarrow: true },
          'Enabled',
          'Order',
        ]}
        empty={entries.length === 0 && <p>No entries yet.</p>}
      >
        {entries.map((entry, index) => (
          <tr key={entry.id} className={entry.status === 'enabled' ? undefined : 'row-disabled'}>
            <td className="hide-narrow">
              <img className="indexing-logo" src={`/assets/indexing/${encodeURIComponent(entry.image)}`} alt="" />
            </td>
            <td>{entry.title}</td>
            <td className="hide-narrow">{entry.link}</td>
            <td>
              <StatusSwitch
                label={`${entry.title} enabled`}
                on={entry.status === 'enabled'}
                onChange={(on) => toggle(entry, on)}
              />
            </td>
            <td>
              <span className="order-buttons">
                <button
                  type="button"
                  aria-label={`Move ${entry.title} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={`Move ${entry.title} down`}
                  disabled={index === entries.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </button>
              </span>
            </td>
            <td>
              <Link to={`/admin/indexing/${entry.id}`}>Edit</Link>{' '}
              <button type="button" className="link-danger" onClick={() => remove(entry)}>
                Delete<span className="visually-hidden"> {entry.title}</span>
              </button>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
