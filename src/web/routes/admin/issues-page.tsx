import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { GENERIC_ERROR_MESSAGE } from '../../../common/schemas/auth.js';
import { frequencyLabel, issueTitle } from '../../../common/archive-links.js';
import { ISSUE_DELETED_MESSAGE, type AdminIssue } from '../../../common/schemas/issue.js';
import { useConfirm } from '../../components/confirm-dialog.js';
import { AddIssueForm } from '../../features/admin-issues/add-issue-form.js';
import { DoajButton } from '../../features/admin-issues/xml-download-buttons.js';
import { issueStateText } from '../../features/admin-issues/issue-state-panel.js';
import { EditIssueForm } from '../../features/admin-issues/edit-issue-form.js';
import { adminLoad, adminRequest } from '../../features/admin-shell/admin-request.js';
import { AdminTable } from '../../features/admin-shell/admin-table.js';
import { useFlash } from '../../features/admin-shell/flash.js';

export const issuesLoader = () => adminLoad<AdminIssue[]>('/api/admin/archives/');

export const issueAdminPath = (issue: { year: number; volume: number; issue: number }) =>
  `/admin/archives/${issue.year}/${issue.volume}/${issue.issue}`;

/** As the site writes it: 'VOL. 1, ISSUE 3 (2026) May-Jun'. */
const issueName = (issue: AdminIssue) => issueTitle(issue.year, issue.volume, issue.issue, issue.frequency);

export function IssuesPage() {
  const issues = useLoaderData<typeof issuesLoader>();
  const revalidator = useRevalidator();
  const flash = useFlash();
  const confirm = useConfirm();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminIssue | null>(null);

  async function remove(issue: AdminIssue) {
    const deleting = await confirm({
      question: `Delete ${issueName(issue)}?`,
      consequence: 'The issue has no articles; it disappears from the archives.',
      action: 'Delete issue',
      danger: true,
    });
    if (!deleting) return;
    const result = await adminRequest(`/api/admin/issues/${issue.id}`, { method: 'DELETE' });
    if (!result.ok)
      return flash.show(
        'error',
        result.status === 409 || result.status === 404 ? result.message : GENERIC_ERROR_MESSAGE,
      );
    flash.show('success', ISSUE_DELETED_MESSAGE);
    await revalidator.revalidate();
  }

  return (
    <section>
      <div className="page-title">
        <h1>Archives</h1>
        <DoajButton />
        <button type="button" className="button-primary" onClick={() => setAdding(true)} disabled={adding}>
          Add New
        </button>
      </div>
      {adding && (
        <AddIssueForm issues={issues} onClose={() => setAdding(false)} onCreated={() => revalidator.revalidate()} />
      )}
      {editing && (
        <EditIssueForm
          key={editing.id}
          issue={editing}
          onClose={() => setEditing(null)}
          onSaved={() => revalidator.revalidate()}
        />
      )}
      <AdminTable columns={['Year', 'Volume', 'Issue', { label: 'Months', hideNarrow: true }, 'Articles', 'State']}>
        {issues.map((issue) => (
          <tr key={issue.id}>
            <td>{issue.year}</td>
            <td>{issue.volume}</td>
            <td>{issue.issue}</td>
            <td className="hide-narrow">{frequencyLabel(issue.frequency)}</td>
            <td>{issue.articles}</td>
            <td className={`issue-state-${issue.state}`}>{issueStateText(issue)}</td>
            <td className="row-actions">
              <Link to={issueAdminPath(issue)}>Articles</Link>
              <button
                type="button"
                className="link-button"
                aria-label={`Edit ${issueName(issue)}`}
                onClick={() => setEditing(issue)}
              >
                Edit
              </button>
              <button
                type="button"
                className="link-button danger"
                aria-label={`Delete ${issueName(issue)}`}
                onClick={() => void remove(issue)}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
