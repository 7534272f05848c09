import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_ONLY_PREFIXES } from '../../web/routes.js';
import { renderPage } from '../../web/entry-server.js';
import type { AppContext } from '../app-context.js';
import { announceWrite } from '../cluster.js';
import type { ClientAssets } from './client-assets.js';
import { htmlDocument } from './html-document.js';
import { preferredEncoding, type PageCache, type RenderedPage } from './page-cache.js';
import { serverApi } from './server-api.js';

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function toFetchRequest(request: FastifyRequest, origin: string): Request {
  return new Request(new URL(request.url, origin), { method: 'GET', headers: { accept: 'text/html' } });
}

/** Below this size compression gains nothing (the same threshold as the compress plugin). */
const COMPRESS_FROM_BYTES = 2048;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Any successful write may change what a page shows, so it empties the page cache before the writer hears back. */
function invalidateOnWrites(app: FastifyInstance, cache: PageCache): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) {
      cache.invalidate();
      announceWrite();
    }
    return payload;
  });
}

function sendPage(request: FastifyRequest, reply: FastifyReply, cache: PageCache, key: string, page: RenderedPage) {
  if (page.location) return reply.redirect(page.location, page.status);
  reply.code(page.status);
  const encoding = page.body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  reply.header('vary', 'accept-encoding');
  if (!encoding) return page.body;
  reply.header('content-encoding', encoding);
  return cache.encoded(key, page, encoding);
}

/** Every URL that is not an API call, a file or a static asset is a page of the app. */
export function registerPageRoutes(app: FastifyInstance, ctx: AppContext, assets: ClientAssets): void {
  const api = serverApi(ctx.services);
  const cache = ctx.services.pages;
  invalidateOnWrites(app, cache);

  async function render(request: FastifyRequest, origin: string): Promise<RenderedPage> {
    const result = await renderPage(toFetchRequest(request, origin), api, origin);
    if (result.kind === 'redirect') return { status: result.status, location: result.location, body: '' };
    const html = htmlDocument({ head: result.head, origin, assets, body: result.body, hydrationJson: result.hydrationJson });
    return { status: result.status, body: html };
  }

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request);
    reply.type('text/html; charset=utf-8');
    if (CLIENT_ONLY_PREFIXES.some((prefix) => request.url === prefix || request.url.startsWith(`${prefix}/`) || request.url.startsWith(`${prefix}?`))) {
      return htmlDocument({ head: { title: 'Loading…' }, origin, assets });
    }
    // Pages carry absolute links (canonical, citation_pdf_url), so the origin is part of the key.
    const key = origin + request.url;
    let page: RenderedPage | undefined = cache.get(key);
    if (!page) {
      const version = cache.version();
      page = await render(request, origin);
      if (cache.admits(key)) page = cache.set(key, page, version);
    }
    return sendPage(request, reply, cache, key, page);
  });
}
