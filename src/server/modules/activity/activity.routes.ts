import type { FastifyInstance } from 'fastify';
import { activityPageSchema, activityQuerySchema } from '../../../common/schemas/activity.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

export function registerActivityRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/activity',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The activity log, newest first: 50 a page, filtered by user name, object type and dates',
        querystring: activityQuerySchema,
        response: answers({ 200: activityPageSchema }),
      },
    },
    (request) => request.site.services.activity.list(request.query),
  );
}
