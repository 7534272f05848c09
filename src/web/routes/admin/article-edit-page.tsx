import { useState } from 'react';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import type { AdminIssue } from '../../../common/schemas/issue.js';
import type { SiteSettings } from '../../../common/schemas/settings.js';
import { MoveArticleForm, useDeleteArticle } from '../../features/admin-articles/article-corrections.js';
import { ArticleForm, articleValues } from '../../features/admin-articles/article-form.js';
import { shareMessage } from '../../../common/author-message.js';
import { ShareBox } from '../../features/admin-articles/share-box.js';
import { adminLoad } from '../../features/admin-shell/admin-request.js';
import { issueAdminPath } from './issues-page.js';

interface EditData {
  article: ArticleRecord;
  settings: SiteSettings;
  issues: AdminIssue[];
}

export async function articleEditLoader({ params }: LoaderFunctionArgs): Promise<EditData> {
  const [article, settings, issues] = await Promise.all([
    adminLoad<ArticleRecord>(`/api/archives/${params.id}`),
    adminLoad<SiteSettings>('/api/settings/'),
    adminLoad<AdminIssue[]>('/api/admin/archives/'),
  ]);
  return { article, settings, issues };
}

export function ArticleEditPage() {
  const { article, settings, issues } = useLoaderData<typeof articleEditLoader>();
  const [saved, setSaved] = useState<ArticleRecord | null>(null);
  const current = saved ?? article;
  const navigate = useNavigate();
  const deleteArticle = useDeleteArticle();
  const issueState =
    issues.find(
      (issue) => issue.year === current.year && issue.volume === current.volume && issue.issue === current.issue,
    )?.state ?? 'published';
  const remove = async () => {
    if (await deleteArticle(current)) await navigate(issueAdminPath(current));
  };

  return (
    <section>
      <div className="page-title">
        <h1>Edit Article {current.refnumber}</h1>
        <Link to={issueAdminPath(current)}>Articles of this issue</Link>
      </div>
      {saved && (
        <ShareBox
          message={shareMessage(saved, 'updated', window.location.origin, settings.google_review_link)}
          send={{ articleId: saved.id, action: 'updated' }}
        />
      )}
      <ArticleForm
        key={article.id}
        mode="edit"
        initial={articleValues(article)}
        issue={article}
        article={current}
        onSaved={setSaved}
        issueState={issueState}
      />
      <MoveArticleForm
        key={`${current.year}/${current.volume}/${current.issue}`}
        article={current}
        issues={issues}
        onMoved={setSaved}
      />
      <section className="admin-card danger-zone" aria-label="Delete article">
        <button type="button" className="button-danger" onClick={() => void remove()}>
          Delete Article
        </button>
      </section>
    </section>
  );
}
