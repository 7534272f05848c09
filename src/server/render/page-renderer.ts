import { createHash } from 'node:crypto';
import type { PublicApi } from '../../web/lib/public-api.js';
import { renderPage } from '../../web/entry-server.js';
import type { HttpError } from '../http/errors.js';
import { faultError } from '../http/fault-errors.js';
import type { PublicServices } from '../public-services.js';
import type { ClientAssets } from './client-assets.js';
import { documentAround } from './html-document.js';

/** A public page to render: path and query, and the scheme and host it is served on (its links are absolute). */
export interface PageAddress {
  /** The journal whose page it is: the seam renders it with that journal's services. */
  journalId: number;
  url: string;
  origin: string;
}

/** A rendered page: the HTML document as UTF-8, or a redirect. */
export interface RenderedPage {
  status: number;
  location?: string;
  body: Buffer;
  /** CSP sources ('sha256-…') of the document's inline scripts: the router's hydration data. */
  scriptHashes: string[];
}

export type PageRenderer = (address: PageAddress) => Promise<RenderedPage>;

const NO_BODY = Buffer.alloc(0);

/**
 * React Router's hydration script assigns one JSON string, parsed, to one global: a script of exactly this form runs
 * no code of a page's data, so the policy may allow it by its hash (docs/security.md, "Content Security Policy").
 */
const HYDRATION_SCRIPT =
  /^<script>(window\.__staticRouterHydrationData = JSON\.parse\("[^"\\<]*(?:\\.[^"\\<]*)*"\);)<\/script>/;
const HYDRATION_SCRIPT_START = Buffer.from('<script>window.__staticRouterHydrationData');

/**
 * The router writes its one hydration script after the app's markup, where page text (escaped by React) cannot
 * forge one: the match starts at its last opening, not after a scan of the whole page.
 */
function hydrationScriptHashes(app: Buffer): string[] {
  const start = app.lastIndexOf(HYDRATION_SCRIPT_START);
  if (start < 0) return [];
  const script = HYDRATION_SCRIPT.exec(app.toString('utf8', start))?.[1];
  return script === undefined ? [] : [`'sha256-${createHash('sha256').update(script).digest('base64')}'`];
}

/**
 * The reads of one page, answered by the services without an HTTP round trip, and watched: a read the
 * infrastructure failed (database unreachable, storage full) fails with the answer to give instead (503, 507),
 * which the page's error screen shows and `fault` keeps.
 */
function pageReads(services: PublicServices): { api: PublicApi; fault: () => HttpError | null } {
  let fault: HttpError | null = null;
  const watch = <R>(read: Promise<R>) =>
    read.catch((error: unknown) => {
      fault ??= faultError(error);
      throw fault ?? error;
    });
  const api: PublicApi = {
    settings: () => watch(services.settings.getPublic()),
    indexing: () => watch(services.indexing.listPublic()),
    editors: () => watch(services.editors.listPublic()),
    yearGroups: () => watch(services.archives.yearGroups()),
    yearGroupLists: () => watch(services.archives.yearGroupLists()),
    issueArticles: (year, volume, issue) => watch(services.archives.issueArticles(year, volume, issue)),
    movedIssue: (year, volume, issue) => watch(services.archives.movedIssuePath(year, volume, issue)),
    articleByRef: (refnumber) => watch(services.archives.publicArticleByRef(refnumber)),
    articleNotice: (refnumber) => watch(services.tombstones.notice(refnumber)),
    search: (keyword, page) => watch(services.search.search(keyword, page)),
    contentPage: (slug) => watch(services.contentPages.get(slug)),
    sitePictures: () => watch(services.sitePictures.get()),
  };
  return { api, fault: () => fault };
}

/**
 * Renders public pages into whole HTML documents, in the server's main thread or in a render thread, each with the
 * services of its journal.
 */
export function createPageRenderer(
  servicesOf: (journalId: number) => PublicServices,
  assets: ClientAssets,
): PageRenderer {
  return async ({ journalId, url, origin }) => {
    const request = new Request(new URL(url, origin), { method: 'GET', headers: { accept: 'text/html' } });
    const reads = pageReads(servicesOf(journalId));
    const result = await renderPage(request, reads.api, origin);
    if (result.kind === 'redirect')
      return { status: result.status, location: result.location, body: NO_BODY, scriptHashes: [] };
    // The router answers 500 for any failed read; a fault of the infrastructure has its own status.
    const status = reads.fault()?.statusCode ?? result.status;
    // The document is joined as bytes. React's markup is one string, and one of more than 128 KB (64K characters once
    // any is outside Latin-1: most issue pages) is a large object in memory mapped for it alone, which is slow to touch
    // on a small virtual machine. Joining the document as a second such string cost an issue page 15% (decision 108).
    const app = Buffer.from(result.html);
    const { before, after } = documentAround({ head: result.head, origin, assets, linkFeed: true });
    const body = Buffer.concat([Buffer.from(before), app, Buffer.from(after)]);
    return { status, body, scriptHashes: hydrationScriptHashes(app) };
  };
}
