import type { FastifyInstance } from 'fastify';
import { dashboardCountsSchema } from '../../../common/schemas/admin.js';
import type { AppContext } from '../../app-context.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

export function registerAdminRoutes(app: FastifyInstance, { services }: AppContext): void {
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
    () => services.dashboard.counts(),
  );
}
