import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import { suggestedDoi } from '../../../common/doi.js';
import { lastPageOf } from '../../../common/schemas/article.js';
import type { AdminIssue } from '../../../common/schemas/issue.js';
import type { SiteSettings } from '../../../common/schemas/settings.js';
import { ArticleForm, newArticleValues } from '../../features/admin-articles/article-form.js';
import { shareMessage } from '../../../common/author-message.js';
import { ShareBox } from '../../features/admin-articles/share-box.js';
import { adminLoad } from '../../features/admin-shell/admin-request.js';
import { issueHeading } from './issue-articles-page.js';
import { issueAdminPath } from './issues-page.js';

interface AddData {
  issue: Omit<AdminIssue, 'articles' | 'enabledArticles'>;
  articles: ArticleRecord[];
  settings: SiteSettings;
}

export async function articleAddLoader({ params }: LoaderFunctionArgs): Promise<AddData> {
  const [issueData, settings] = await Promise.all([
    adminLoad<Omit<AddData, 'settings'>>(`/api/admin/archives/${params.year}/${params.volume}/${params.issue}`),
    adminLoad<SiteSettings>('/api/settings/'),
  ]);
  return { ...issueData, settings };
}

export function ArticleAddPage() {
  const { issue, articles, settings } = useLoaderData<typeof articleAddLoader>();
  const [saved, setSaved] = useState<ArticleRecord | null>(null);
  const suggestDoi = (refnumber: string) =>
    refnumber &&
    suggestedDoi(settings.doi_prefix, settings.doi_suffix_pattern, settings.websitename, { ...issue, refnumber });

  return (
    <section>
      <div className="page-title">
        <h1>Add Article</h1>
        <Link to={issueAdminPath(issue)}>Back to {issueHeading(issue)}</Link>
      </div>
      {saved ? (
        <>
          <p className="flash flash-success" role="status">
            {issue.state === 'published'
              ? `Article ${saved.refnumber} published.`
              : `Article ${saved.refnumber} added: readers see it once the issue is published.`}
          </p>
          <ShareBox
            message={shareMessage(saved, 'published', window.location.origin, settings.google_review_link)}
            send={{ articleId: saved.id, action: 'published' }}
          />
          <p>
            <Link to={`/admin/archives/${saved.id}`}>Edit this article</Link> ·{' '}
            <Link to={issueAdminPath(issue)}>Articles of this issue</Link>
          </p>
        </>
      ) : (
        <ArticleForm
          mode="add"
          initial={newArticleValues(issue.publication_date)}
          issue={issue}
          lastPage={lastPageOf(articles.map((article) => article.pagenumber))}
          onSaved={setSaved}
          suggestDoi={suggestDoi}
          issueState={issue.state}
        />
      )}
    </section>
  );
}
