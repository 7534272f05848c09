import type { ReactNode } from 'react';
import type { ImportReport, ImportWritten } from '../../../common/schemas/imports.js';
import { AdminTable } from '../admin-shell/admin-table.js';
import { counted, recordsText } from './import-texts.js';

/** Rows shown of a long table: a browser draws a few hundred at ease, and the first are the ones to fix first. */
const SHOWN_ROWS = 500;

function Shown<T>({ items, children }: { items: T[]; children: (item: T, index: number) => ReactNode }) {
  return <>{items.slice(0, SHOWN_ROWS).map(children)}</>;
}

const moreThanShown = (count: number, what: string) =>
  count > SHOWN_ROWS && (
    <p className="hint">
      The first {SHOWN_ROWS} of {count} {what} are shown.
    </p>
  );

/** A list of record names, folded away: an archive may hold thousands. */
function Records({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <details className="import-records">
      <summary>
        {title} ({items.length})
      </summary>
      <ul>
        <Shown items={items}>{(item, index) => <li key={index}>{item}</li>}</Shown>
      </ul>
      {moreThanShown(items.length, 'records')}
    </details>
  );
}

function Problems({ problems }: { problems: ImportReport['problems'] }) {
  return (
    <>
      <h3>Problems ({problems.length})</h3>
      <p className="form-error" role="alert">
        {counted(new Set(problems.map((problem) => problem.record)).size, 'record is', 'records are')} left out.{' '}
        {counted(problems.length, 'problem keeps', 'problems keep')} this import from running: put{' '}
        {problems.length === 1 ? 'it' : 'them'} right in the source and check again. Nothing was written.
      </p>
      <AdminTable actions={false} columns={['Record', 'Field', 'Problem']}>
        <Shown items={problems}>
          {(problem, index) => (
            <tr key={index}>
              <td>{problem.record}</td>
              <td className="import-field">{problem.label || problem.field || '—'}</td>
              <td>
                {problem.message}
                {problem.value !== undefined && ` (given: ${JSON.stringify(problem.value)})`}
              </td>
            </tr>
          )}
        </Shown>
      </AdminTable>
      {moreThanShown(problems.length, 'problems')}
    </>
  );
}

function Conflicts({ conflicts }: { conflicts: ImportReport['conflicts'] }) {
  return (
    <>
      <h3>Conflicts ({conflicts.length})</h3>
      <p className="hint">Here already but different: an import never overwrites, so these stay as they are here.</p>
      <AdminTable actions={false} columns={['Record', 'Field', 'Here', 'In the import']}>
        <Shown items={conflicts}>
          {(conflict, index) => (
            <tr key={index}>
              <td>{conflict.record}</td>
              <td className="import-field">{conflict.field}</td>
              <td>{conflict.stored}</td>
              <td>{conflict.imported}</td>
            </tr>
          )}
        </Shown>
      </AdminTable>
      {moreThanShown(conflicts.length, 'conflicts')}
    </>
  );
}

function Notices({ notices }: { notices: ImportReport['notices'] }) {
  return (
    <>
      <h3>Notices ({notices.length})</h3>
      <p className="hint">What the source holds that has no place here, and what is worth knowing: nothing to fix.</p>
      <AdminTable actions={false} columns={['Record', 'Notice']}>
        <Shown items={notices}>
          {(notice, index) => (
            <tr key={index}>
              <td>{notice.record}</td>
              <td>{notice.message}</td>
            </tr>
          )}
        </Shown>
      </AdminTable>
      {moreThanShown(notices.length, 'notices')}
    </>
  );
}

/** What a dry run found: what an import creates, what it skips, its conflicts, problems and notices. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { create } = report;
  const sizes = Object.fromEntries(Object.entries(create).map(([key, items]) => [key, items.length])) as ImportWritten;
  return (
    <section className="import-report" aria-label="Check report">
      <h2>What importing {report.source} would do</h2>
      <p>
        It would create {recordsText(sizes)}. {counted(report.skipped.length, 'record is', 'records are')} here already
        and identical, and would be skipped.
      </p>
      {create.issues.length > 0 && (
        <>
          <h3>New issues</h3>
          <ul className="import-issues">
            <Shown items={create.issues}>{(issue) => <li key={issue}>{issue}</li>}</Shown>
          </ul>
        </>
      )}
      <Records title="Articles to create" items={create.articles} />
      <Records title="Editors to create" items={create.editors} />
      <Records title="Indexing entries to create" items={create.indexing} />
      <Records title="Settings to set" items={create.settings} />
      <Records title="Here already and identical" items={report.skipped} />
      {report.problems.length > 0 && <Problems problems={report.problems} />}
      {report.conflicts.length > 0 && <Conflicts conflicts={report.conflicts} />}
      {report.notices.length > 0 && <Notices notices={report.notices} />}
    </section>
  );
}
