import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

export function registerAdminRoutes(app: FastifyInstance, { services }: AppContext): void {
  app.get(
    '/api/admin/',
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: 'Dashboard counts: archives (articles) and editors' } },
    () => services.dashboard.counts(),
  );
}
