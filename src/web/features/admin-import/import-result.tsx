import { Link } from 'react-router';
import { issuePath } from '../../../common/archive-links.js';
import type { AdminIssue } from '../../../common/schemas/issue.js';
import type { ImportLine } from '../../../common/schemas/imports.js';
import { issueName, recordsText } from './import-texts.js';

export type DoneLine = Extract<ImportLine, { type: 'done' }>;

const adminIssuePath = (issue: DoneLine['issues'][number]) =>
  `/admin/archives/${issue.year}/${issue.volume}/${issue.issue}`;

/** What the import wrote, and its issues in the archive: the admin's list, and the public page of a published one. */
export function ImportResult({ line, issues }: { line: DoneLine; issues: AdminIssue[] }) {
  const nothing = Object.values(line.written).every((count) => count === 0);
  const published = (issue: DoneLine['issues'][number]) =>
    issues.some(
      (here) =>
        here.year === issue.year &&
        here.volume === issue.volume &&
        here.issue === issue.issue &&
        here.state === 'published',
    );
  return (
    <section className="import-result" aria-label="Import result">
      <p role="status" className="import-done">
        {nothing
          ? 'Nothing was missing: everything in the source is here already, and nothing was written.'
          : `Imported ${recordsText(line.written)}.`}
      </p>
      {line.issues.length > 0 && (
        <>
          <h3>In the archive</h3>
          <ul className="import-issues">
            {line.issues.map((issue) => (
              <li key={adminIssuePath(issue)}>
                <Link to={adminIssuePath(issue)}>{issueName(issue)}</Link>
                {published(issue) && (
                  <>
                    {' · '}
                    <a href={issuePath(issue.year, issue.volume, issue.issue)}>public page</a>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/admin/archives">Open the archive</Link> ·{' '}
        <Link to="/admin/activity?type=import">See the activity log</Link>
      </p>
    </section>
  );
}
