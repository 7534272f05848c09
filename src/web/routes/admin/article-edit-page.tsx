import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import type { SiteSettings } from '../../../common/schemas/settings.js';
import { ArticleForm, articleValues } from '../../features/admin-articles/article-form.js';
import { ShareBox, shareMessage } from '../../features/admin-articles/share-box.js';
import { adminLoad } from '../../features/admin-shell/admin-request.js';
import { issueAdminPath } from './issues-page.js';

interface EditData {
  article: ArticleRecord;
  settings: SiteSettings;
}

export async function articleEditLoader({ params }: LoaderFunctionArgs): Promise<EditData> {
  const [article, settings] = await Promise.all([
    adminLoad<ArticleRecord>(`/api/archives/${params.id}`),
    adminLoad<SiteSettings>('/api/settings/'),
  ]);
  return { article, settings };
}

export function ArticleEditPage() {
  const { article, settings } = useLoaderData<typeof articleEditLoader>();
  const [saved, setSaved] = useState<ArticleRecord | null>(null);
  const current = saved ?? article;

  return (
    <section>
      <div className="page-title">
        <h1>Edit Article {current.refnumber}</h1>
        <Link to={issueAdminPath(current)}>Articles of this issue</Link>
      </div>
      {saved && <ShareBox message={shareMessage(saved, 'updated', window.location.origin, settings.google_review_link)} />}
      <ArticleForm
        key={article.id}
        mode="edit"
        initial={articleValues(article)}
        issue={article}
        article={current}
        onSaved={setSaved}
      />
    </section>
  );
}
