import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

export function registerEditorsRoutes(app: FastifyInstance, { services }: AppContext): void {
  app.get(
    '/api/editors/',
    { schema: { tags: ['public'], summary: 'Editors: enabled ones pinned first without a token; every editor with a token' } },
    (request) => (request.user ? services.editors.listAll() : services.editors.listPublic()),
  );
}
