import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { issueTitle } from '../../../common/archive-links.js';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import type { AdminIssue } from '../../../common/schemas/issue.js';
import type { SiteSettings } from '../../../common/schemas/settings.js';
import { ArticleTable } from '../../components/article-table.js';
import { adminLoad } from '../../features/admin-shell/admin-request.js';
import { issueAdminPath } from './issues-page.js';
import '../../styles/public-pages.css';

type Issue = Omit<AdminIssue, 'articles' | 'enabledArticles'>;

export async function issuePreviewLoader({ params }: LoaderFunctionArgs) {
  const [{ issue, articles }, settings] = await Promise.all([
    adminLoad<{ issue: Issue; articles: ArticleRecord[] }>(
      `/api/admin/archives/${params.year}/${params.volume}/${params.issue}`,
    ),
    adminLoad<SiteSettings>('/api/settings/'),
  ]);
  return { issue, articles: articles.filter((article) => article.status === 'enabled'), settings };
}

/**
 * The whole issue as readers will see it, before they can (decision 098): its enabled articles in the public page's
 * own table. It is an admin page, read with the admin's sign-in, so no shared cache ever keeps it.
 */
export function IssuePreviewPage() {
  const { issue, articles, settings } = useLoaderData<typeof issuePreviewLoader>();
  return (
    <section>
      <div className="page-title">
        <h1>Preview</h1>
        <Link to={issueAdminPath(issue)}>Back to the issue</Link>
      </div>
      <p className="flash flash-info" role="status">
        {issue.state === 'published'
          ? 'This issue is published: this is its page as readers see it.'
          : 'Readers cannot see this issue yet: this is how its page will look once it is published.'}
      </p>
      <div className="card issue-page">
        <h2>{issueTitle(issue.year, issue.volume, issue.issue, issue.frequency)}</h2>
        {articles.length === 0 ? (
          <p className="empty-note">No enabled article yet: the page would say that nothing is published.</p>
        ) : (
          <ArticleTable articles={articles} settings={settings} origin={window.location.origin} />
        )}
      </div>
    </section>
  );
}
