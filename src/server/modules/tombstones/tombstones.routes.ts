import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { articleNoticeSchema } from '../../../common/schemas/article-notice.js';
import { notFound } from '../../http/errors.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

export function registerTombstoneRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/archives/removed/:ref',
    {
      schema: {
        tags: ['public'],
        summary: 'The notice of a withdrawn or deleted article: its citation and when it went (its page answers 410)',
        params: z.object({ ref: z.string() }),
        response: answers({ 200: articleNoticeSchema }),
      },
    },
    async (request) => {
      const notice = await request.site.services.tombstones.notice(request.params.ref);
      if (!notice) throw notFound('Article not found');
      return notice;
    },
  );
}
