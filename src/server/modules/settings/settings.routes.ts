import type { FastifyInstance } from 'fastify';
import { SETTINGS_UPDATED_MESSAGE, settingsInputSchema } from '../../../common/schemas/settings.js';
import type { AppContext } from '../../app-context.js';
import { isAdmin } from '../../auth/auth-plugin.js';
import { parseInput } from '../../http/errors.js';

export function registerSettingsRoutes(app: FastifyInstance, { services }: AppContext): void {
  app.get(
    '/api/settings/',
    { schema: { tags: ['public'], summary: 'Site settings: all fields with an admin token, public fields without' } },
    // The allow-list is an admin's business: a staff token reads the public fields.
    (request) => (isAdmin(request) ? services.settings.get() : services.settings.getPublic()),
  );

  app.post(
    '/api/settings',
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: 'Updates every site setting (JSON)' } },
    async (request) => {
      const settings = await services.settings.save(parseInput(settingsInputSchema, request.body), request.ip);
      return { ...settings, message: SETTINGS_UPDATED_MESSAGE };
    },
  );
}
