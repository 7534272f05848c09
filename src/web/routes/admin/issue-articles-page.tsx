import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { useDeleteArticle } from '../../features/admin-articles/article-corrections.js';
import { DeletedArticles } from '../../features/admin-articles/deleted-articles.js';
import type { DeletedArticle } from '../../../common/schemas/deleted-articles.js';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import { issueTitle } from '../../../common/archive-links.js';
import type { AdminIssue } from '../../../common/schemas/issue.js';
import { adminLoad } from '../../features/admin-shell/admin-request.js';
import { useRowSelection } from '../../features/admin-shell/row-selection.js';
import { CrossrefButton, DoajButton } from '../../features/admin-issues/xml-download-buttons.js';
import { IssueStatePanel } from '../../features/admin-issues/issue-state-panel.js';
import { ArticleExportButtons } from '../../features/pdf-exports/export-buttons.js';
import { AdminTable } from '../../features/admin-shell/admin-table.js';

interface IssueArticles {
  issue: Omit<AdminIssue, 'articles' | 'enabledArticles'>;
  articles: ArticleRecord[];
}

export async function issueArticlesLoader({ params }: LoaderFunctionArgs) {
  const path = `/api/admin/archives/${params.year}/${params.volume}/${params.issue}`;
  const [loaded, deleted] = await Promise.all([
    adminLoad<IssueArticles>(path),
    adminLoad<DeletedArticle[]>(`${path}/deleted`),
  ]);
  return { ...loaded, deleted };
}

/** The issue as the site writes it: 'VOL. 1, ISSUE 3 (2026) May-Jun'. */
export const issueHeading = (issue: { year: number; volume: number; issue: number; frequency: string }) =>
  issueTitle(issue.year, issue.volume, issue.issue, issue.frequency);

export function IssueArticlesPage() {
  const { issue, articles, deleted } = useLoaderData<typeof issueArticlesLoader>();
  const selection = useRowSelection(articles.map((article) => article.id));
  const deleteArticle = useDeleteArticle();
  const revalidator = useRevalidator();

  return (
    <section>
      <div className="page-title">
        <h1>{issueHeading(issue)}</h1>
        <Link className="button-primary" to={`/admin/archives/add/${issue.year}/${issue.volume}/${issue.issue}`}>
          Add Article
        </Link>
      </div>
      <IssueStatePanel issue={issue} articles={articles} onChanged={() => revalidator.revalidate()} />
      <div className="bulk-actions">
        <span className="muted">{selection.selectedIds.length} selected</span>
        <ArticleExportButtons selectedIds={selection.selectedIds} />
        {articles.some((article) => article.doi) && <CrossrefButton issue={issue} />}
        <DoajButton issue={issue} />
      </div>
      <AdminTable
        columns={[selection.allBox, 'S.No.', 'Ref No.', 'Title and Authors', 'Pages', 'Status']}
        empty={articles.length === 0 && <p className="admin-empty">No articles in this issue yet.</p>}
      >
        {articles.map((article, index) => (
          <tr key={article.id} className={article.status === 'enabled' ? undefined : 'row-disabled'}>
            <td>
              <input
                type="checkbox"
                aria-label={`Select article ${article.refnumber}`}
                checked={selection.isSelected(article.id)}
                onChange={() => selection.toggle(article.id)}
              />
            </td>
            <td>{index + 1}</td>
            <td>{article.refnumber}</td>
            <td>
              <span className="article-title" dangerouslySetInnerHTML={{ __html: article.title }} />
              <span className="muted">{article.authorname}</span>
            </td>
            <td>{article.pagenumber}</td>
            <td>{article.status}</td>
            <td className="row-actions">
              <Link to={`/admin/archives/${article.id}`}>Edit</Link>
              <Link to={`/admin/archives/${article.id}/preview`} aria-label={`Preview article ${article.refnumber}`}>
                Preview
              </Link>
              <button
                type="button"
                className="link-button danger"
                aria-label={`Delete article ${article.refnumber}`}
                onClick={async () => {
                  if (await deleteArticle(article)) await revalidator.revalidate();
                }}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </AdminTable>
      <DeletedArticles deleted={deleted} />
    </section>
  );
}
