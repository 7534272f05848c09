import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import type { AdminIssue } from '../../../common/schemas/issue.js';
import type { SiteSettings } from '../../../common/schemas/settings.js';
import { adminLoad } from '../../features/admin-shell/admin-request.js';
import { ArticleView } from '../public/article-page.js';
import { PreviewHeading } from './preview-heading.js';

export async function articlePreviewLoader({ params }: LoaderFunctionArgs) {
  const article = await adminLoad<ArticleRecord>(`/api/archives/${params.id}`);
  const [settings, issue] = await Promise.all([
    adminLoad<SiteSettings>('/api/settings/'),
    adminLoad<{ issue: Pick<AdminIssue, 'state'> }>(
      `/api/admin/archives/${article.year}/${article.volume}/${article.issue}`,
    ),
  ]);
  return { article, settings, state: issue.issue.state };
}

/**
 * An article as readers will see it, before they can (decision 098): the draft issue's articles are previewed here
 * with the public page's own component.
 */
export function ArticlePreviewPage() {
  const { article, settings, state } = useLoaderData<typeof articlePreviewLoader>();
  const hidden = state !== 'published' || article.status !== 'enabled';
  return (
    <section>
      <PreviewHeading
        issue={article}
        notice={
          hidden
            ? 'Readers cannot see this article yet: this is how its page will look once it is published.'
            : 'This article is published: this is its page as readers see it.'
        }
      />
      <ArticleView article={article} settings={settings} preview />
    </section>
  );
}
