import type { FastifyInstance } from 'fastify';
import { CLIENT_ONLY_PREFIXES } from '../../web/routes.js';
import type { Config } from '../config.js';
import type { WriteClock } from '../cache/write-clock.js';
import { publicOrigin } from '../http/public-origin.js';
import { perJournal } from '../journals/journal-sites.js';
import type { ClientAssets } from '../render/client-assets.js';
import { emptyDocument } from '../render/html-document.js';
import { createPageRenderer } from '../render/page-renderer.js';
import { encodingRenderer, type EncodingRenderer } from './encoded-pages.js';
import { PageWarmer } from './page-warmer.js';
import type { PageCache } from './page-cache.js';
import { PublicAnswers } from './public-answers.js';
import { RenderThreads, type RenderThreadData } from './render-threads.js';

type RenderedServices = ReturnType<Parameters<typeof createPageRenderer>[0]>;

/**
 * What the page routes need of the installation: each journal's clock, the services its pages read and its page
 * cache; the configuration; and the database a render thread opens for itself.
 */
export interface PageSites {
  config: Pick<Config, 'PUBLIC_MAX_AGE' | 'DATA_DIR'>;
  databaseOptions: RenderThreadData['database'];
  journals: {
    site(journalId: number): { clock: WriteClock; services: RenderedServices & { pages: PageCache } };
    eachSite(listener: (site: { journal: { id: number }; clock: WriteClock }) => void): void;
  };
}

/** The built render-thread script and how many threads run it (none: pages render in the main thread). */
export interface RenderThreadsOption {
  script: string;
  count: number;
}

function pageRenderer(
  app: FastifyInstance,
  ctx: PageSites,
  assets: ClientAssets,
  threads: RenderThreadsOption | undefined,
): EncodingRenderer {
  const renderHere = encodingRenderer(createPageRenderer((id) => ctx.journals.site(id).services, assets));
  if (!threads || threads.count < 1) return renderHere;
  const pool = new RenderThreads(
    { ...threads, data: { database: ctx.databaseOptions, dataDir: ctx.config.DATA_DIR, assets }, log: app.log },
    renderHere,
  );
  ctx.journals.eachSite(({ journal, clock }) => clock.onChange(() => pool.announceWrite(journal.id)));
  app.addHook('onClose', () => pool.close());
  app.log.info(`Public pages render in ${threads.count} ${threads.count === 1 ? 'thread' : 'threads'}`);
  return pool.render;
}

const isClientOnly = (url: string) =>
  CLIENT_ONLY_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));

/** Every URL that is not an API call, a file or a static asset is a page of the app. */
export function registerPageRoutes(
  app: FastifyInstance,
  ctx: PageSites,
  assets: ClientAssets,
  threads?: RenderThreadsOption,
): void {
  const render = pageRenderer(app, ctx, assets, threads);
  // Each journal's pages have their own cache, validators and warm-up, following its own write clock.
  const answersOf = perJournal((journalId) => {
    const { clock, services } = ctx.journals.site(journalId);
    const answers = new PublicAnswers(clock, ctx.config, services.pages);
    new PageWarmer(answers.cache, render, app.log);
    return answers;
  });

  app.get('/*', { schema: { hide: true }, compress: false }, async (request, reply) => {
    const origin = publicOrigin(request);
    reply.type('text/html; charset=utf-8');
    if (isClientOnly(request.url)) return emptyDocument({ head: { title: 'Loading…' }, origin, assets });
    const journalId = request.site.journal.id;
    const answers = answersOf(journalId);
    // Pages carry absolute links (canonical, citation_pdf_url), so the origin is part of the key.
    const key = origin + request.url;
    const negotiated = answers.fromKept(request, reply, key);
    if (!negotiated) return reply;
    const address = { journalId, url: request.url, origin };
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
