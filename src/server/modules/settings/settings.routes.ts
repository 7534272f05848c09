import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

export function registerSettingsRoutes(app: FastifyInstance, { services }: AppContext): void {
  app.get(
    '/api/settings/',
    { schema: { tags: ['public'], summary: 'Site settings: all fields with a token, public fields without' } },
    (request) => (request.user ? services.settings.get() : services.settings.getPublic()),
  );
}
