import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { issueTitle } from '../../../common/archive-links.js';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import type { AdminIssue } from '../../../common/schemas/issue.js';
import { adminLoad } from '../../features/admin-shell/admin-request.js';
import { PreviewHeading } from './preview-heading.js';

type Issue = Omit<AdminIssue, 'articles' | 'enabledArticles'>;

export async function issuePreviewLoader({ params }: LoaderFunctionArgs) {
  const { issue, articles } = await adminLoad<{ issue: Issue; articles: ArticleRecord[] }>(
    `/api/admin/archives/${params.year}/${params.volume}/${params.issue}`,
  );
  return { issue, articles: articles.filter((article) => article.status === 'enabled') };
}

/**
 * The whole issue before readers can see it (decision 098): its title and, in their order, the enabled articles its
 * page will list, each with its title, authors and pages. It is an admin page, read with the admin's sign-in, so no
 * shared cache ever keeps it. It lists them itself rather than through the public page's table: importing that from
 * an admin chunk makes the bundler split the public pages' initial bundle over its bar (docs/performance-log.md).
 */
export function IssuePreviewPage() {
  const { issue, articles } = useLoaderData<typeof issuePreviewLoader>();
  return (
    <section>
      <PreviewHeading
        issue={issue}
        notice={
          issue.state === 'published'
            ? 'This issue is published: these are the articles its page lists.'
            : 'Readers cannot see this issue yet: these are the articles its page will list once it is published.'
        }
      />
      <div className="card issue-page">
        <h2>{issueTitle(issue.year, issue.volume, issue.issue, issue.frequency)}</h2>
        {articles.length === 0 ? (
          <p className="empty-note">No enabled article yet: the page would say that nothing is published.</p>
        ) : (
          <ol className="preview-articles">
            {articles.map((article) => (
              <li key={article.id}>
                <p className="article-title" dangerouslySetInnerHTML={{ __html: article.title }} />
                <p className="muted">
                  {article.authorname} · pages {article.pagenumber}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
