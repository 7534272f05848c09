import type { FastifyInstance } from 'fastify';
import { CLIENT_ONLY_PREFIXES } from '../../web/routes.js';
import type { AppContext } from '../app-context.js';
import { publicOrigin } from '../http/public-origin.js';
import type { ClientAssets } from '../render/client-assets.js';
import { htmlDocument } from '../render/html-document.js';
import { createPageRenderer } from '../render/page-renderer.js';
import { encodingRenderer, type EncodingRenderer } from './encoded-pages.js';
import { PageWarmer } from './page-warmer.js';
import { PublicAnswers } from './public-answers.js';
import { RenderThreads } from './render-threads.js';

/** The built render-thread script and how many threads run it (none: pages render in the main thread). */
export interface RenderThreadsOption {
  script: string;
  count: number;
}

function pageRenderer(
  app: FastifyInstance,
  ctx: AppContext,
  assets: ClientAssets,
  threads: RenderThreadsOption | undefined,
): EncodingRenderer {
  const renderHere = encodingRenderer(createPageRenderer(ctx.services, assets));
  if (!threads || threads.count < 1) return renderHere;
  const pool = new RenderThreads(
    { ...threads, data: { database: ctx.databaseOptions, filesRoot: ctx.files.root, assets }, log: app.log },
    renderHere,
  );
  ctx.clock.onChange(() => pool.announceWrite());
  app.addHook('onClose', () => pool.close());
  app.log.info(`Public pages render in ${threads.count} threads`);
  return pool.render;
}

const isClientOnly = (url: string) =>
  CLIENT_ONLY_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));

/** Every URL that is not an API call, a file or a static asset is a page of the app. */
export function registerPageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  assets: ClientAssets,
  threads?: RenderThreadsOption,
): void {
  const render = pageRenderer(app, ctx, assets, threads);
  const answers = new PublicAnswers(ctx.clock, ctx.config, ctx.services.pages);
  new PageWarmer(answers.cache, render, app.log);

  app.get('/*', { schema: { hide: true }, compress: false }, async (request, reply) => {
    const origin = publicOrigin(ctx.config, request);
    reply.type('text/html; charset=utf-8');
    if (isClientOnly(request.url)) return htmlDocument({ head: { title: 'Loading…' }, origin, assets });
    // Pages carry absolute links (canonical, citation_pdf_url), so the origin is part of the key.
    const key = origin + request.url;
    const negotiated = answers.fromKept(request, reply, key);
    if (!negotiated) return reply;
    const address = { url: request.url, origin };
    const version = negotiated.data.version;
    if (!answers.cache.admits(key)) {
      const page = await render({ ...address, encoding: negotiated.accepted });
      answers.sendOnce(reply, page, page.encoding, negotiated);
      return reply;
    }
    const page = await render({ ...address, encoding: null });
    answers.sendStored(reply, key, answers.cache.set(key, { ...page, address }, version), negotiated);
    return reply;
  });
}
