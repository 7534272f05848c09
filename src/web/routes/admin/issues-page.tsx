import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { padNumber, type AdminIssue } from '../../../common/schemas/issue.js';
import { AddIssueForm } from '../../features/admin-issues/add-issue-form.js';
import { adminLoad } from '../../features/admin-shell/admin-request.js';
import { AdminTable } from '../../features/admin-shell/admin-table.js';

export const issuesLoader = () => adminLoad<AdminIssue[]>('/api/admin/archives/');

export const issueAdminPath = (issue: { year: number; volume: number; issue: number }) =>
  `/admin/archives/${issue.year}/${issue.volume}/${issue.issue}`;

export function IssuesPage() {
  const issues = useLoaderData<typeof issuesLoader>();
  const revalidator = useRevalidator();
  const [adding, setAdding] = useState(false);

  return (
    <section>
      <div className="page-title">
        <h1>Archives</h1>
        <button type="button" className="button-primary" onClick={() => setAdding(true)} disabled={adding}>
          Add New
        </button>
      </div>
      {adding && <AddIssueForm onClose={() => setAdding(false)} onCreated={() => revalidator.revalidate()} />}
      <AdminTable columns={['Year', 'Volume', 'Issue', { label: 'Frequency', hideNarrow: true }, 'Articles']}>
        {issues.map((issue) => (
          <tr key={issue.id}>
            <td>{issue.year}</td>
            <td>{padNumber(issue.volume, 2)}</td>
            <td>{padNumber(issue.issue, 2)}</td>
            <td className="hide-narrow">{issue.frequency}</td>
            <td>{padNumber(issue.articles, 3)}</td>
            <td>
              <Link to={issueAdminPath(issue)}>Articles</Link>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
