import type { FastifyInstance } from 'fastify';
import { SETTINGS_UPDATED_MESSAGE, settingsInputSchema } from '../../../common/schemas/settings.js';
import type { AppContext } from '../../app-context.js';
import { parseInput } from '../../http/errors.js';

export function registerSettingsRoutes(app: FastifyInstance, { services }: AppContext): void {
  app.get(
    '/api/settings/',
    { schema: { tags: ['public'], summary: 'Site settings: all fields with a token, public fields without' } },
    (request) => (request.user ? services.settings.get() : services.settings.getPublic()),
  );

  app.post(
    '/api/settings',
    { preHandler: app.requireUser, schema: { tags: ['admin'], summary: 'Updates every site setting (JSON)' } },
    async (request) => {
      const settings = await services.settings.update(parseInput(settingsInputSchema, request.body));
      return { ...settings, message: SETTINGS_UPDATED_MESSAGE };
    },
  );
}
