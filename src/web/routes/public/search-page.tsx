import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { leadingNumber } from '../../../common/archive-links.js';
import type { SearchResults } from '../../../common/schemas/archives.js';
import { ArticleTable } from '../../components/article-table.js';
import { RouteAnchor } from '../../components/route-anchor.js';
import { siteTitle, type HeadArgs, type HeadData } from '../../lib/head.js';
import { apiFrom } from '../../lib/public-api.js';
import { useRootData } from '../../lib/root-data.js';
import { useSearchBeacon } from '../../lib/usage-beacon.js';
import '../../styles/public-pages.css';

export const NO_RESULTS = 'Sorry, nothing matched your search terms. Please try again with different keywords.';
export const EMPTY_SEARCH_PROMPT =
  'Enter one or more keywords in the search box to find articles by title, author or keyword.';

/**
 * null when the search call failed: the page then shows nothing (specification: Error catalogue), and the error goes
 * to the console.
 */
export async function searchLoader({ request, context }: LoaderFunctionArgs): Promise<SearchResults | null> {
  const params = new URL(request.url).searchParams;
  const api = apiFrom(context);
  const search = api.search(params.get('keyword') ?? '', leadingNumber(params.get('page') ?? '') ?? 1);
  // On the server a failure is a real error; in the browser it is logged and the page stays empty.
  if (typeof document === 'undefined') return search;
  return search.catch((error: unknown) => {
    console.error(error);
    return null;
  });
}

export function searchHead({ data: results, settings }: HeadArgs<SearchResults | null>): HeadData {
  return {
    title: siteTitle(settings, results?.keyword ? `Search: ${results.keyword}` : 'Search'),
    // Result pages are not worth a crawler's time; the articles themselves are.
    meta: [{ name: 'robots', content: 'noindex, follow' }],
  };
}

function pageLink(keyword: string, page: number): string {
  return `/search?${new URLSearchParams({ keyword, page: String(page) })}`;
}

function Pager({ results }: { results: SearchResults }) {
  const pages = Math.ceil(results.total / results.page_size);
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Result pages">
      {results.page > 1 && <RouteAnchor to={pageLink(results.keyword, results.page - 1)}>Previous</RouteAnchor>}
      <span>{`Page ${results.page} of ${pages}`}</span>
      {results.page < pages && <RouteAnchor to={pageLink(results.keyword, results.page + 1)}>Next</RouteAnchor>}
    </nav>
  );
}

export function SearchPage() {
  const results = useLoaderData<typeof searchLoader>();
  const { settings, origin } = useRootData();
  // A search is counted once, on its first page: the pages after it are the same search.
  const keyword = results?.keyword.trim();
  useSearchBeacon(keyword && results?.page === 1 ? keyword : null);
  return (
    <section className="card search-page">
      <h1>Search Results</h1>
      {results && !results.keyword.trim() && <p className="empty-note">{EMPTY_SEARCH_PROMPT}</p>}
      {results && results.keyword.trim() && (
        <>
          <p className="search-summary" role="status">
            {`${results.total} ${results.total === 1 ? 'result' : 'results'} found for "${results.keyword}"`}
          </p>
          {results.total === 0 ? (
            <p className="empty-note">{NO_RESULTS}</p>
          ) : (
            <>
              <ArticleTable
                articles={results.results}
                settings={settings}
                origin={origin}
                firstNumber={(results.page - 1) * results.page_size + 1}
              />
              <Pager results={results} />
            </>
          )}
        </>
      )}
    </section>
  );
}
