import { Form, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  ACTIVITY_OBJECT_TYPES,
  type ActivityObjectType,
  type ActivityPage as ActivityPageData,
} from '../../../common/schemas/activity.js';
import { adminLoad } from '../../features/admin-shell/admin-request.js';
import { AdminTable } from '../../features/admin-shell/admin-table.js';
import '../../styles/activity.css';

const FILTERS = ['user', 'type', 'from', 'to'] as const;

/** The filters and page of the address go to the API as they are; the server refuses what it cannot read. */
export function activityLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  for (const name of [...FILTERS, 'page']) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  return adminLoad<ActivityPageData>(`/api/admin/activity?${query}`);
}

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** What each kind of record is called in the log and its filter, in an editor's words. */
const OBJECT_WORDS: Record<ActivityObjectType, string> = {
  article: 'Article',
  issue: 'Issue',
  editor: 'Editor',
  settings: 'Settings',
  user: 'User',
  worklog: 'Work-log entry',
  email: 'Email',
  page: 'Page',
  indexing: 'Indexing entry',
  site_picture: 'Site picture',
  counter_key: 'Usage statistics API key',
  import: 'Import',
};

/** The recorded action in words; one not listed here is shown as recorded. */
const ACTION_WORDS: Record<string, string> = {
  create: 'Added',
  update: 'Changed',
  delete: 'Deleted',
  publish: 'Published',
  unpublish: 'Back to draft',
  schedule: 'Scheduled',
  import: 'Imported',
  export: 'Exported',
  send: 'Sent',
  check: 'Checked',
  template: 'Template',
};
const actionWords = (action: string) => ACTION_WORDS[action] ?? action;

export function ActivityPage() {
  const page = useLoaderData<typeof activityLoader>();
  const [params, setParams] = useSearchParams();
  const offset = (page.page - 1) * page.pageSize;
  const last = offset + page.entries.length;
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next);
  };

  return (
    <section>
      <div className="page-title">
        <h1>Activity</h1>
      </div>
      <Form method="get" className="admin-card activity-filters" aria-label="Filter activity">
        <label>
          User
          <input name="user" defaultValue={params.get('user') ?? ''} placeholder="user name" />
        </label>
        <label>
          Type
          <select name="type" defaultValue={params.get('type') ?? ''}>
            <option value="">All</option>
            {ACTIVITY_OBJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {OBJECT_WORDS[type]}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input name="from" type="date" defaultValue={params.get('from') ?? ''} />
        </label>
        <label>
          To
          <input name="to" type="date" defaultValue={params.get('to') ?? ''} />
        </label>
        <button type="submit" className="button-primary">
          Filter
        </button>
      </Form>
      <div className="activity-list">
        <AdminTable
          actions={false}
          columns={['Time (UTC)', 'User', 'Action', { label: 'Object', hideNarrow: true }, 'What changed']}
          empty={page.entries.length === 0 && <p className="admin-empty">Nothing recorded matches.</p>}
        >
          {page.entries.map((entry) => (
            <tr key={entry.id}>
              <td className="activity-time">{when(entry.created_at)}</td>
              <td>{entry.username}</td>
              <td>{actionWords(entry.action)}</td>
              <td className="hide-narrow">
                {OBJECT_WORDS[entry.object_type as ActivityObjectType] ?? entry.object_type}
                {entry.object_id !== null && ` #${entry.object_id}`}
              </td>
              <td className="activity-summary">{entry.summary}</td>
            </tr>
          ))}
        </AdminTable>
      </div>
      <div className="activity-pager">
        <button type="button" className="button-primary" disabled={page.page <= 1} onClick={() => goTo(page.page - 1)}>
          Previous
        </button>
        <span aria-live="polite">
          {page.entries.length ? offset + 1 : 0} - {last} of {page.total}
        </span>
        <button
          type="button"
          className="button-primary"
          disabled={last >= page.total}
          onClick={() => goTo(page.page + 1)}
        >
          Next
        </button>
      </div>
    </section>
  );
}
