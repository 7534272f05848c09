import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

export function registerIndexingRoutes(app: FastifyInstance, { services }: AppContext): void {
  app.get('/api/indexing/', { schema: { tags: ['public'], summary: 'Enabled indexing entries by sortnumber' } }, () =>
    services.indexing.listPublic(),
  );
}
