import type { FastifyInstance } from 'fastify';
import { dashboardCountsSchema } from '../../../common/schemas/admin.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

export function registerAdminRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Dashboard counts: archives (articles) and editors',
        response: answers({ 200: dashboardCountsSchema }),
      },
    },
    (request) => request.site.services.dashboard.counts(),
  );
}
