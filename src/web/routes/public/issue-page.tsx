import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { issuePath, issueTitle, leadingNumber } from '../../../common/archive-links.js';
import type { ArticleSummary } from '../../../common/schemas/archives.js';
import { ArticleTable } from '../../components/article-table.js';
import { siteTitle, type HeadArgs, type HeadData } from '../../lib/head.js';
import { apiFrom } from '../../lib/public-api.js';
import { useRootData } from '../../lib/root-data.js';
import { NotFoundPage, notFoundHead } from './not-found-page.js';
import '../../styles/public-pages.css';

interface IssueData {
  year: number;
  volume: number;
  issue: number;
  articles: ArticleSummary[];
}

type IssueLoaderData = IssueData | { notFound: true };

/**
 * Each parameter is read as its first run of digits (specification: Public pages); the old address of a renumbered
 * issue answers 301 to its address now, and an unknown issue is a 404.
 */
export async function issueLoader({ params, context }: LoaderFunctionArgs) {
  const [year, volume, issue] = [params.year, params.vol, params.issue].map(leadingNumber);
  if (year === null || volume === null || issue === null)
    return data<IssueLoaderData>({ notFound: true }, { status: 404 });
  const api = apiFrom(context);
  const articles = await api.issueArticles(year, volume, issue);
  if (!articles) {
    const location = await api.movedIssue(year, volume, issue);
    if (location) return redirect(location, 301);
    return data<IssueLoaderData>({ notFound: true }, { status: 404 });
  }
  return data<IssueLoaderData>({ year, volume, issue, articles });
}

const titleOf = ({ year, volume, issue, articles }: IssueData) =>
  issueTitle(year, volume, issue, articles[0]?.frequency);

export function issueHead(args: HeadArgs<IssueLoaderData>): HeadData {
  if ('notFound' in args.data) return notFoundHead(args);
  const title = titleOf(args.data);
  return {
    title: siteTitle(args.settings, title),
    description: `${title} of ${args.settings.websitename}: ${args.data.articles.length} articles.`,
    canonicalPath: issuePath(args.data.year, args.data.volume, args.data.issue),
  };
}

export function IssuePage() {
  const loaded = useLoaderData<typeof issueLoader>();
  const { settings, origin } = useRootData();
  if ('notFound' in loaded) return <NotFoundPage />;
  return (
    <section className="card issue-page">
      <h1>{titleOf(loaded)}</h1>
      {loaded.articles.length === 0 ? (
        <p className="empty-note">No articles have been published in this issue yet.</p>
      ) : (
        <ArticleTable articles={loaded.articles} settings={settings} origin={origin} />
      )}
    </section>
  );
}
