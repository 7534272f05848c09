import type { PublicSettings } from '../../common/schemas/settings.js';

/** What a public page puts in the document head (title, description, citation metadata). */
export interface HeadData {
  title: string;
  description?: string;
  canonicalPath?: string;
  meta?: { name: string; content: string }[];
  /** Other forms of the page (an address on the site), each written as a link rel="alternate". */
  alternates?: { type: string; title: string; path: string }[];
  /** schema.org structured data, written as a JSON-LD script. */
  jsonLd?: object;
  /** Open Graph type; 'website' when not set. */
  ogType?: 'article' | 'website';
  /** og:site_name and og:image, the same on every page: the journal's name and its cover picture or logo. */
  siteName?: string;
  /** An address on the site ('/assets/…') or a full one. */
  image?: string;
}

export interface HeadArgs<T = unknown> {
  data: T;
  settings: PublicSettings;
  origin: string;
}

/**
 * Routes declare `handle: { head }`; the deepest one wins. `status` sets the HTTP status on the server. `head` is a
 * method so that each route's function may take its own loader's data type.
 */
export interface RouteHandle {
  head?(args: HeadArgs): HeadData;
  status?: number;
}

export function siteTitle(settings: PublicSettings, page?: string): string {
  return page ? `${page} | ${settings.websitename}` : settings.websitename;
}
