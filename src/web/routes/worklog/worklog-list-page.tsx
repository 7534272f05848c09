import {
  data,
  Link,
  NavLink,
  replace,
  useLoaderData,
  useNavigate,
  useRevalidator,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { WORKLOG_STATUS_COLOURS, WORKLOG_STATUSES, type WorklogStatus } from '../../../common/constants.js';
import {
  WORKLOG_CHANGE_CONFIRMATION,
  WORKLOG_STATUS_LABELS,
  type WorklogEntry,
  type WorklogPage,
} from '../../../common/schemas/worklog.js';
import { changeWorklogStatus, emptyWorklogPage, fetchWorklogPage } from './worklog-api.js';
import { formatWorklogDate } from './worklog-date.js';
import { loginLost, requireLogin } from './worklog-login.js';

const FILTERS: { to: string; label: string }[] = [
  { to: '/webdata', label: 'All Entries' },
  ...WORKLOG_STATUSES.map((status) => ({ to: `/webdata/${status}`, label: WORKLOG_STATUS_LABELS[status] })),
];

const isStatus = (value: string): value is WorklogStatus => (WORKLOG_STATUSES as readonly string[]).includes(value);

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Failures other than a lost login are only logged (specification: Error catalogue): the list then shows nothing. */
export async function worklogListLoader({ params, request }: LoaderFunctionArgs): Promise<WorklogPage> {
  await requireLogin();
  const filter = params.filterType;
  if (filter !== undefined && !isStatus(filter)) {
    throw data(null, { status: 404, statusText: `Unknown work-log filter '${filter}'` });
  }
  const url = new URL(request.url);
  const page = pageOf(url.searchParams);
  const result = await fetchWorklogPage(
    { status: filter, search: url.searchParams.get('search') ?? '', page },
    request.signal,
  );
  if (result.ok) return result.data;
  console.error(result.message);
  if (result.status === 401) throw replace(loginLost());
  return emptyWorklogPage(page);
}

function StatusSelect({
  entry,
  label,
  onChange,
}: {
  entry: WorklogEntry;
  label: string;
  onChange: (status: WorklogStatus) => void;
}) {
  return (
    <select aria-label={label} value={entry.status} onChange={(e) => onChange(e.target.value as WorklogStatus)}>
      {WORKLOG_STATUSES.map((status) => (
        <option key={status} value={status}>
          {WORKLOG_STATUS_LABELS[status]}
        </option>
      ))}
    </select>
  );
}

function Pager({ page, onPage }: { page: WorklogPage; onPage: (page: number) => void }) {
  const offset = (page.page - 1) * page.pageSize;
  const from = page.entries.length ? offset + 1 : 0;
  const to = offset + page.entries.length;
  return (
    <div className="worklog-pager">
      <button type="button" aria-label="Previous page" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
        ‹
      </button>
      <span className="worklog-counter" aria-live="polite">
        {from} - {to} of {page.total}
      </span>
      <button type="button" aria-label="Next page" disabled={to >= page.total} onClick={() => onPage(page.page + 1)}>
        ›
      </button>
    </div>
  );
}

export function WorklogListPage() {
  const page = useLoaderData<typeof worklogListLoader>();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const offset = (page.page - 1) * page.pageSize;
  // A filter keeps the current search (paging starts again at 1, specification: States and transitions).
  const search = params.get('search');
  const keepSearch = search ? `?${new URLSearchParams({ search })}` : '';

  function goToPage(target: number) {
    const next = new URLSearchParams(params);
    if (target <= 1) next.delete('page');
    else next.set('page', String(target));
    setParams(next);
  }

  /** After a change the list starts again at page 1 (specification: States and transitions). */
  function reloadFromFirstPage() {
    if (params.has('page')) goToPage(1);
    else void revalidator.revalidate();
  }

  async function changeStatus(entry: WorklogEntry, status: WorklogStatus) {
    if (!window.confirm(WORKLOG_CHANGE_CONFIRMATION)) return;
    const result = await changeWorklogStatus(entry.id, status);
    if (result.ok) return reloadFromFirstPage();
    console.error(result.message);
    if (result.status === 401) navigate(loginLost(), { replace: true });
  }

  return (
    <section className="worklog-list">
      <h1 className="visually-hidden">Work-log entries</h1>
      <nav className="worklog-filters" aria-label="Filters">
        <Link to="/webdata/addentris" className="worklog-button worklog-primary">
          + New Entry
        </Link>
        {FILTERS.map((filter) => (
          <NavLink key={filter.to} to={{ pathname: filter.to, search: keepSearch }} end className="worklog-button">
            {filter.label}
          </NavLink>
        ))}
      </nav>
      <div className="worklog-table-wrap">
        <table className="worklog-table">
          <thead>
            <tr>
              <th scope="col">s.no.</th>
              <th scope="col">Work</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {page.entries.map((entry, index) => (
              <tr
                key={entry.id}
                data-status={entry.status}
                style={{ backgroundColor: WORKLOG_STATUS_COLOURS[entry.status] }}
              >
                <td data-label="s.no.">{offset + index + 1}</td>
                {/* Sanitised by the server when stored and again when listed. */}
                <td data-label="Work">
                  <div className="worklog-work" dangerouslySetInnerHTML={{ __html: entry.content }} />
                </td>
                <td data-label="Date">
                  {entry.createdby} {formatWorklogDate(entry.created_at)}
                </td>
                <td data-label="Status">
                  <StatusSelect
                    entry={entry}
                    label={`Status of entry ${offset + index + 1}`}
                    onChange={(s) => changeStatus(entry, s)}
                  />
                </td>
              </tr>
            ))}
            {page.entries.length === 0 && (
              <tr>
                <td colSpan={4} className="worklog-empty">
                  No entries.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} onPage={goToPage} />
    </section>
  );
}
