import type { FastifyInstance } from 'fastify';
import {
  articleFiguresSchema,
  figuresQuerySchema,
  searchBeaconSchema,
  usageBeaconAnswerSchema,
  viewBeaconSchema,
} from '../../../common/schemas/usage.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';
import { readerOf, type UsageRecorder } from './usage-recorder.js';

/**
 * Counting (decision 101): public pages are served from caches that never reach the application, so a page sends
 * a beacon once it has loaded, which robots that run no scripts never do. PDF downloads are counted where they are
 * served (article-files.routes.ts).
 */
export function registerUsageRoutes(app: FastifyInstance, usage: UsageRecorder): void {
  // What is gathered is written before the database closes.
  app.addHook('onClose', () => usage.close());
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/usage/view',
    {
      schema: {
        tags: ['usage'],
        summary: "Counts a view of an article's abstract; answers the article's figures when the journal shows them",
        body: viewBeaconSchema,
        response: answers({ 200: usageBeaconAnswerSchema }),
      },
    },
    async (request) => {
      const { journal, services } = request.site;
      const articleId = await services.usage.publishedArticleId(request.body.ref);
      const counted = usage.recordUse(journal.id, articleId, 'investigation', readerOf(request));
      const { show_usage } = await services.settings.getPublic();
      return { counted, figures: show_usage ? await services.usage.figures(articleId) : null };
    },
  );

  api.post(
    '/api/usage/search',
    {
      schema: {
        tags: ['usage'],
        summary: 'Counts a search made on the search page',
        body: searchBeaconSchema,
        response: answers({ 200: usageBeaconAnswerSchema }),
      },
    },
    (request) => ({
      counted: usage.recordSearch(request.site.journal.id, request.body.query, readerOf(request)),
      figures: null,
    }),
  );

  // The author download page shows its article's figures whatever the journal shows on article pages.
  api.get(
    '/api/usage/figures',
    {
      schema: {
        tags: ['usage'],
        summary: "A published article's views and downloads, as counted so far",
        querystring: figuresQuerySchema,
        response: answers({ 200: articleFiguresSchema }),
      },
    },
    async (request) => {
      const { usage } = request.site.services;
      return usage.figures(await usage.publishedArticleId(request.query.ref));
    },
  );
}
