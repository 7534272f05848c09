import type { PublicApi } from '../../web/lib/public-api.js';
import { renderPage, type DocumentPart } from '../../web/entry-server.js';
import type { KeptMarkup } from '../../web/lib/kept-markup.js';
import type { HttpError } from '../http/errors.js';
import { faultError } from '../http/fault-errors.js';
import type { PublicServices } from '../public-services.js';
import type { ClientAssets } from './client-assets.js';
import { COMPRESS_FROM_BYTES, compressForOneAnswer, type Encoding } from './compression.js';
import { htmlDocumentParts } from './html-document.js';

export interface PageRequest {
  /** Path and query of the page. */
  url: string;
  /** Scheme and host the page is served on: canonical and citation links are absolute. */
  origin: string;
  /** The encoding to send the page in (null: as it is, e.g. for the page cache, which compresses on its own). */
  encoding: Encoding | null;
}

/** A rendered page as it goes on the wire: the HTML document, compressed when `encoding` says so, or a redirect. */
export interface RenderedPage {
  status: number;
  location?: string;
  body: Buffer;
  encoding: Encoding | null;
}

export type PageRenderer = (request: PageRequest) => Promise<RenderedPage>;

const NO_BODY = Buffer.alloc(0);

/**
 * The UTF-8 bytes of kept markup, made once per piece and dropped with it. Encoding text is what grows with a
 * page's size, and far more so for two-byte text: a single character above U+00FF (an "Ł" in one author's
 * name) makes V8 hold the whole flattened string as UTF-16, which encodes several times slower. Copying kept
 * bytes costs neither, and leaves only the small rest of a page to encode (decision 082). A WeakMap of its own
 * rather than memoByObject, which freezes what it remembers under test, and a Buffer cannot be frozen.
 */
const keptBytes = new WeakMap<KeptMarkup, Buffer>();

/** Below this length kept text is written with the text around it: keeping its bytes would gain nothing. */
const KEPT_BYTES_FROM_CHARS = 2048;

function bytesOf(markup: KeptMarkup): Buffer {
  let bytes = keptBytes.get(markup);
  if (!bytes) {
    bytes = Buffer.from(markup.text);
    keptBytes.set(markup, bytes);
  }
  return bytes;
}

/**
 * The parts as runs of text, each joined into one string, and the bytes of large kept markup between them: one
 * string is encoded faster than its pieces one by one (a home page: 7 µs against 10 µs).
 */
function runsOf(parts: readonly DocumentPart[]): (string | Buffer)[] {
  const runs: (string | Buffer)[] = [];
  let text: string[] = [];
  for (const part of parts) {
    if (typeof part === 'string') text.push(part);
    else if (part.text.length < KEPT_BYTES_FROM_CHARS) text.push(part.text);
    else {
      runs.push(text.join(''), bytesOf(part));
      text = [];
    }
  }
  runs.push(text.join(''));
  return runs;
}

/**
 * Writes a page as UTF-8 into one buffer used again and again. Buffer.from(text) first measures the text's
 * UTF-8 length, which costs about as much as writing it; a page is written once, here, and usually only
 * compressed from these bytes.
 */
class Utf8Writer {
  private buffer = Buffer.allocUnsafe(256 * 1024);

  /** The UTF-8 bytes of the parts one after the other, valid until the next call. */
  write(parts: readonly DocumentPart[]): Buffer {
    const runs = runsOf(parts);
    // No UTF-16 code unit takes more than three bytes of UTF-8.
    const length = runs.reduce((sum, run) => sum + (typeof run === 'string' ? run.length * 3 : run.length), 0);
    if (length > this.buffer.length) this.buffer = Buffer.allocUnsafe(length);
    let written = 0;
    for (const run of runs)
      written += typeof run === 'string' ? this.buffer.write(run, written) : run.copy(this.buffer, written);
    return this.buffer.subarray(0, written);
  }
}

/**
 * The reads of one page, answered by the services without an HTTP round trip, and watched: a read the
 * infrastructure failed (database unreachable, storage full) fails with the answer to give instead (503, 507),
 * which the page's error screen shows and `fault` keeps.
 */
function pageReads(services: PublicServices, origin: string): { api: PublicApi; fault: () => HttpError | null } {
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
    issueArticles: (year, volume, issue) => watch(services.archives.issueArticles(year, volume, issue)),
    movedIssue: (year, volume, issue) => watch(services.archives.movedIssuePath(year, volume, issue)),
    articleByRef: (refnumber) => watch(services.archives.publicArticleByRef(refnumber)),
    formattedReferences: (refnumber) => watch(services.citations.formattedReferences(refnumber, origin)),
    search: (keyword, page) => watch(services.search.search(keyword, page)),
    contentPage: (slug) => watch(services.contentPages.get(slug)),
    sitePictures: () => watch(services.sitePictures.get()),
  };
  return { api, fault: () => fault };
}

/** Renders public pages into whole HTML documents, in the server's main thread or in a render thread. */
export function createPageRenderer(services: PublicServices, assets: ClientAssets): PageRenderer {
  const utf8 = new Utf8Writer();
  return async ({ url, origin, encoding }) => {
    const request = new Request(new URL(url, origin), { method: 'GET', headers: { accept: 'text/html' } });
    const reads = pageReads(services, origin);
    const result = await renderPage(request, reads.api, origin);
    if (result.kind === 'redirect')
      return { status: result.status, location: result.location, body: NO_BODY, encoding: null };
    // The router answers 500 for any failed read; a fault of the infrastructure has its own status.
    const status = reads.fault()?.statusCode ?? result.status;
    const bytes = utf8.write(
      htmlDocumentParts({
        head: result.head,
        origin,
        assets,
        body: result.body,
        hydrationJson: result.hydrationJson,
        linkFeed: true,
      }),
    );
    if (!encoding || bytes.length < COMPRESS_FROM_BYTES) return { status, body: Buffer.from(bytes), encoding: null };
    return { status, body: compressForOneAnswer[encoding](bytes), encoding };
  };
}
