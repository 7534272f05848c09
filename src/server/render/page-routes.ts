import type { FastifyInstance, FastifyReply } from 'fastify';
import { CLIENT_ONLY_PREFIXES } from '../../web/routes.js';
import type { AppContext } from '../app-context.js';
import { RETRY_AFTER_SECONDS } from '../http/fault-errors.js';
import { publicOrigin } from '../http/public-origin.js';
import type { ClientAssets } from './client-assets.js';
import { COMPRESS_FROM_BYTES, preferredEncoding, type Encoding } from './compression.js';
import { htmlDocument } from './html-document.js';
import type { CachedPage, PageCache } from './page-cache.js';
import type { PageRenderer, RenderedPage } from './page-renderer.js';

function send(reply: FastifyReply, page: RenderedPage) {
  if (page.location) return reply.redirect(page.location, page.status);
  reply.code(page.status).header('vary', 'accept-encoding');
  if (page.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  if (page.encoding) reply.header('content-encoding', page.encoding);
  return page.body;
}

/** A stored page goes out compressed by the cache, closely and once per encoding. */
export function sendStored(reply: FastifyReply, cache: PageCache, key: string, page: CachedPage, accepted: Encoding | null) {
  const encoding = page.body.length >= COMPRESS_FROM_BYTES ? accepted : null;
  return send(reply, { ...page, body: encoding ? cache.encoded(key, page, encoding) : page.body, encoding });
}

const isClientOnly = (url: string) => CLIENT_ONLY_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));

/** Every URL that is not an API call, a file or a static asset is a page of the app. */
export function registerPageRoutes(app: FastifyInstance, ctx: AppContext, assets: ClientAssets, render: PageRenderer): void {
  const cache = ctx.services.pages;

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const origin = publicOrigin(ctx.config, request);
    reply.type('text/html; charset=utf-8');
    if (isClientOnly(request.url)) return htmlDocument({ head: { title: 'Loading…' }, origin, assets });
    // Pages carry absolute links (canonical, citation_pdf_url), so the origin is part of the key.
    const key = origin + request.url;
    const accepted = preferredEncoding(request.headers['accept-encoding']);
    const stored = cache.get(key);
    if (stored) return sendStored(reply, cache, key, stored, accepted);
    const version = cache.version();
    if (!cache.admits(key)) return send(reply, await render({ url: request.url, origin, encoding: accepted }));
    const page = await render({ url: request.url, origin, encoding: null });
    return sendStored(reply, cache, key, cache.set(key, page, version), accepted);
  });
}
