import type { ArticleNotice } from '../../common/schemas/article-notice.js';
import type { IndexingEntry } from '../../common/schemas/indexing.js';
import type {
  ArticleSummary,
  FormattedReference,
  PublicArticle,
  SearchResults,
  YearGroup,
} from '../../common/schemas/archives.js';
import type { Editor } from '../../common/schemas/editors.js';
import { yearGroupLists, type YearGroupLists } from '../../common/year-groups.js';
import type { ContentPage, ContentPageSlug } from '../../common/schemas/pages.js';
import type { SitePictures } from '../../common/schemas/site-pictures.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import { apiRequest } from './api-client.js';

/**
 * The reads behind public pages. In the browser they are HTTP calls; during server rendering the
 * server passes an implementation that calls its services directly (see src/server/render).
 */
export interface PublicApi {
  settings(): Promise<PublicSettings>;
  indexing(): Promise<IndexingEntry[]>;
  editors(): Promise<Editor[]>;
  yearGroups(): Promise<YearGroup[]>;
  /** The year groups whole and closed to their title, as archive pages list them. */
  yearGroupLists(): Promise<YearGroupLists>;
  /** null when there is no such issue. */
  issueArticles(year: number, volume: number, issue: number): Promise<ArticleSummary[] | null>;
  /** The address now of an issue renumbered away from this one; null when none was. */
  movedIssue(year: number, volume: number, issue: number): Promise<string | null>;
  /** null when there is no such enabled article. */
  articleByRef(refnumber: string): Promise<PublicArticle | null>;
  /** The notice of a withdrawn or deleted article; null for any other reference number. */
  articleNotice(refnumber: string): Promise<ArticleNotice | null>;
  search(keyword: string, page: number): Promise<SearchResults>;
  contentPage(slug: ContentPageSlug): Promise<ContentPage>;
  sitePictures(): Promise<SitePictures>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A public read, without the stored login (answers to a token holder are not cached); loaders want failures thrown. */
async function getJson<T>(url: string): Promise<T> {
  const result = await apiRequest<T>(url, { withToken: false });
  if (!result.ok)
    throw new ApiError(
      result.status,
      result.status ? `Request failed with status code ${result.status}` : result.message,
    );
  return result.data;
}

/** A 404 answer as null, for reads whose page shows its own not-found state. */
async function getJsonOrNull<T>(url: string): Promise<T | null> {
  try {
    return await getJson<T>(url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const httpApi: PublicApi = {
  settings: () => getJson('/api/settings/'),
  indexing: () => getJson('/api/indexing/'),
  editors: () => getJson('/api/editors/'),
  yearGroups: () => getJson('/api/archives/'),
  yearGroupLists: async () => yearGroupLists(await getJson('/api/archives/')),
  issueArticles: (year, volume, issue) => getJsonOrNull(`/api/archives/${year}/${volume}/${issue}`),
  movedIssue: async (year, volume, issue) =>
    (await getJsonOrNull<{ location: string }>(`/api/archives/moved/${year}/${volume}/${issue}`))?.location ?? null,
  articleByRef: (refnumber) => getJsonOrNull(`/api/archives/ref/${encodeURIComponent(refnumber)}`),
  articleNotice: (refnumber) => getJsonOrNull(`/api/archives/removed/${encodeURIComponent(refnumber)}`),
  search: (keyword, page) => getJson(`/api/search?${new URLSearchParams({ keyword, page: String(page) })}`),
  contentPage: (slug) => getJson(`/api/pages/${slug}`),
  sitePictures: () => getJson('/api/site-pictures'),
};

/** Loaders receive the server's implementation as their context; in the browser there is none. */
export function apiFrom(context: unknown): PublicApi {
  return (context as { api?: PublicApi } | undefined)?.api ?? httpApi;
}

/** The article's reference in APA, MLA, Chicago and Vancouver style, for the browser only; null for no such article. */
export const fetchFormattedReferences = (refnumber: string): Promise<FormattedReference[] | null> =>
  getJsonOrNull(`/api/archives/ref/${encodeURIComponent(refnumber)}/references`);
