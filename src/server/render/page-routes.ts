import type { FastifyInstance, FastifyReply } from 'fastify';
import { CLIENT_ONLY_PREFIXES } from '../../web/routes.js';
import type { AppContext } from '../app-context.js';
import { RETRY_AFTER_SECONDS } from '../http/fault-errors.js';
import { PublicCaching, type AnswerForm, type DataVersion } from '../http/public-caching.js';
import { publicOrigin } from '../http/public-origin.js';
import type { ClientAssets } from './client-assets.js';
import { COMPRESS_FROM_BYTES, compressForOneAnswer, preferredEncoding, type Encoding } from './compression.js';
import { htmlDocument } from './html-document.js';
import type { CachedPage, PageCache } from './page-cache.js';
import type { PageRenderer, RenderedPage } from './page-renderer.js';

/** A public answer's validators: the data it was made from, and who marks them on a 200. */
export interface PublicAnswer {
  caching: PublicCaching;
  data: DataVersion;
}

function send(reply: FastifyReply, page: RenderedPage, publicAnswer: PublicAnswer, form: AnswerForm) {
  if (page.location) return reply.redirect(page.location, page.status);
  reply.code(page.status).header('vary', 'accept-encoding');
  // Only a page as it is now may be kept by browsers and proxies: a 404 may be filled, a 503 passes.
  if (page.status === 200) publicAnswer.caching.mark(reply, publicAnswer.data, form);
  if (page.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  if (page.encoding) reply.header('content-encoding', page.encoding);
  return page.body;
}

/**
 * A stored page goes out as the cache compressed it, closely and once per encoding; until that is done, compressed
 * fast for the one answer.
 */
export function sendStored(
  reply: FastifyReply,
  cache: PageCache,
  key: string,
  page: CachedPage,
  accepted: Encoding | null,
  publicAnswer: PublicAnswer,
) {
  const coding = codingOf(accepted);
  const encoding = page.body.length >= COMPRESS_FROM_BYTES ? accepted : null;
  if (!encoding) return send(reply, { ...page, encoding }, publicAnswer, { coding, once: false });
  const kept = cache.encoded(key, page, encoding);
  const body = kept ?? compressForOneAnswer[encoding](page.body);
  return send(reply, { ...page, body, encoding }, publicAnswer, { coding, once: kept === null });
}

/** The coding a client accepts, as answer forms name it. */
export const codingOf = (accepted: Encoding | null) => accepted ?? 'identity';

const isClientOnly = (url: string) =>
  CLIENT_ONLY_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));

/** Every URL that is not an API call, a file or a static asset is a page of the app. */
export function registerPageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  assets: ClientAssets,
  render: PageRenderer,
): void {
  const cache = ctx.services.pages;
  const caching = new PublicCaching(ctx.clock, ctx.config);

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const origin = publicOrigin(ctx.config, request);
    reply.type('text/html; charset=utf-8');
    if (isClientOnly(request.url)) return htmlDocument({ head: { title: 'Loading…' }, origin, assets });
    // Pages carry absolute links (canonical, citation_pdf_url), so the origin is part of the key.
    const key = origin + request.url;
    const accepted = preferredEncoding(request.headers['accept-encoding']);
    const publicAnswer = { caching, data: caching.current() };
    if (caching.notModified(request, reply, publicAnswer.data, codingOf(accepted)))
      return reply.header('vary', 'accept-encoding').send();
    const stored = cache.get(key);
    if (stored) return sendStored(reply, cache, key, stored, accepted, publicAnswer);
    const version = publicAnswer.data.version;
    if (!cache.admits(key)) {
      return send(reply, await render({ url: request.url, origin, encoding: accepted }), publicAnswer, {
        coding: codingOf(accepted),
        once: true,
      });
    }
    const page = await render({ url: request.url, origin, encoding: null });
    return sendStored(reply, cache, key, cache.set(key, page, version), accepted, publicAnswer);
  });
}
