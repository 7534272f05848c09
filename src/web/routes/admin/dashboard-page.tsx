import { issueTitle } from '../../../common/archive-links.js';
import { Link, useLoaderData } from 'react-router';
import type { AdminIssue } from '../../../common/schemas/issue.js';
import { issueStateText } from '../../features/admin-issues/issue-state-panel.js';
import { adminLoad } from '../../features/admin-shell/admin-request.js';
import { issueAdminPath } from './issues-page.js';

interface Counts {
  archives: number;
  editors: number;
}

export const dashboardLoader = async () => {
  const [counts, issues] = await Promise.all([
    adminLoad<Counts>('/api/admin/'),
    adminLoad<AdminIssue[]>('/api/admin/archives/'),
  ]);
  return { counts, unpublished: issues.filter((issue) => issue.state !== 'published') };
};

/** What a draft or scheduled issue needs next. */
function nextStep(issue: AdminIssue): string {
  if (issue.articles === 0) return 'add its articles, then publish it';
  if (issue.state === 'scheduled') return 'it publishes itself then; check its articles before';
  return `${issue.enabledArticles} article${issue.enabledArticles === 1 ? '' : 's'} ready: publish it or schedule it`;
}

export function DashboardPage() {
  const { counts, unpublished } = useLoaderData<typeof dashboardLoader>();
  return (
    <section>
      <h1>Dashboard</h1>
      <div className="dashboard-cards">
        <Link to="/admin/archives" className="dashboard-card">
          <span className="dashboard-label">Archives</span>
          <strong className="dashboard-count">{counts.archives}</strong>
        </Link>
        <Link to="/admin/editors" className="dashboard-card">
          <span className="dashboard-label">Editors</span>
          <strong className="dashboard-count">{counts.editors}</strong>
        </Link>
      </div>
      {unpublished.length > 0 && (
        <section className="admin-card unpublished-issues" aria-label="Issues in preparation">
          <h2>Issues in preparation</h2>
          <ul>
            {unpublished.map((issue) => (
              <li key={issue.id}>
                <Link to={issueAdminPath(issue)}>
                  {issueTitle(issue.year, issue.volume, issue.issue, issue.frequency)}
                </Link>{' '}
                <strong>{issueStateText(issue)}</strong>: {nextStep(issue)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
