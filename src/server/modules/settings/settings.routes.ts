import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  SETTINGS_UPDATED_MESSAGE,
  settingsAnswerSchema,
  settingsInputSchema,
} from '../../../common/schemas/settings.js';
import { isAdmin } from '../../auth/auth-plugin.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

export function registerSettingsRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/settings/',
    {
      schema: {
        tags: ['public'],
        summary: 'Site settings: all fields with an admin token, public fields without',
        response: answers({ 200: settingsAnswerSchema }),
      },
    },
    // The allow-list is an admin's business: a staff token reads the public fields.
    (request) => (isAdmin(request) ? request.site.services.settings.get() : request.site.services.settings.getPublic()),
  );

  api.post(
    '/api/settings',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Updates every site setting (JSON)',
        body: settingsInputSchema,
        response: answers({ 200: settingsInputSchema.extend({ message: z.string() }) }),
      },
    },
    async (request) => ({
      ...(await request.site.services.settings.save(request.body, request.ip, request.user!)),
      message: SETTINGS_UPDATED_MESSAGE,
    }),
  );
}
