import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  contentPageInputSchema,
  contentPageParams,
  contentPageSchema,
  PAGE_UPDATED_MESSAGE,
} from '../../../common/schemas/pages.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

export function registerContentPageRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/pages/:slug',
    {
      schema: {
        tags: ['public'],
        summary: 'One page of fixed text (instructions, about, contact, privacy-policy, terms-and-conditions)',
        params: contentPageParams,
        response: answers({ 200: contentPageSchema }),
      },
    },
    (request) => request.site.services.contentPages.get(request.params.slug),
  );

  const admin = { preValidation: app.requireAdmin };

  api.get(
    '/api/admin/pages',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Every page of fixed text',
        response: answers({ 200: z.array(contentPageSchema) }),
      },
    },
    (request) => request.site.services.contentPages.list(),
  );

  api.put(
    '/api/admin/pages/:slug',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Replaces the text of one page (HTML, sanitised like the home content)',
        params: contentPageParams,
        body: contentPageInputSchema,
        response: answers({ 200: contentPageSchema.extend({ message: z.string() }) }),
      },
    },
    async (request) => ({
      ...(await request.site.services.contentPages.save(request.params.slug, request.body.content, request.user!)),
      message: PAGE_UPDATED_MESSAGE,
    }),
  );
}
