import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { articleNoticeSchema } from '../../../common/schemas/article-notice.js';
import { deletedArticleSchema, restoredMessage } from '../../../common/schemas/deleted-articles.js';
import { issuePathParams } from '../../../common/schemas/issue.js';
import { CONFIRMED, recordIdParams } from '../../../common/schemas/record-id.js';
import { notFound } from '../../http/errors.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

export function registerTombstoneRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/archives/:year/:volume/:issue/deleted',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The published articles deleted from an issue, which can be restored from their tombstones',
        params: issuePathParams,
        response: answers({ 200: z.array(deletedArticleSchema) }),
      },
    },
    (request) =>
      request.site.services.tombstones.deletedFromIssue(
        request.params.year,
        request.params.volume,
        request.params.issue,
      ),
  );

  api.post(
    '/api/admin/deleted-articles/:id/restore',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Brings a deleted published article back, switched off, with its reference number and citation',
        params: recordIdParams,
        body: CONFIRMED,
        response: answers({ 201: z.object({ id: z.number().int(), refnumber: z.string(), message: z.string() }) }),
      },
    },
    async (request, reply) => {
      const restored = await request.site.services.tombstones.restore(request.params.id, request.user!);
      return reply.code(201).send({ ...restored, message: restoredMessage(restored.refnumber) });
    },
  );

  api.get(
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
