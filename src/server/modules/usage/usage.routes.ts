import type { FastifyInstance } from 'fastify';
import {
  articleFiguresSchema,
  figuresQuerySchema,
  searchBeaconSchema,
  usageBeaconAnswerSchema,
  viewBeaconSchema,
} from '../../../common/schemas/usage.js';
import { notFound } from '../../http/errors.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';
import { articleFigures, findPublishedArticleId } from './usage.repository.js';
import { readerOf, type UsageRecorder } from './usage-recorder.js';

const NO_SUCH_ARTICLE = 'No published article has this reference number';

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
      const { site } = request;
      const articleId = await findPublishedArticleId(site.db, request.body.ref);
      if (articleId === undefined) throw notFound(NO_SUCH_ARTICLE);
      const counted = usage.recordUse(site.journal.id, articleId, 'investigation', readerOf(request));
      const { show_usage } = await site.services.settings.getPublic();
      return { counted, figures: show_usage ? await articleFigures(site.db, articleId) : null };
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
      const articleId = await findPublishedArticleId(request.site.db, request.query.ref);
      if (articleId === undefined) throw notFound(NO_SUCH_ARTICLE);
      return articleFigures(request.site.db, articleId);
    },
  );
}
