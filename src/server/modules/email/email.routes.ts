import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  authFeaturesSchema,
  forgotPasswordSchema,
  PASSWORD_RESET_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  resetPasswordSchema,
  sendToAuthorSchema,
  sentToAuthorMessage,
} from '../../../common/schemas/email.js';
import { recordIdParams } from '../../../common/schemas/record-id.js';
import { HttpError } from '../../http/errors.js';
import { mailedLinkOrigin } from '../../http/public-origin.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

/** Reset requests per address in 15 minutes, whatever the user name. */
export const RESET_REQUESTS_PER_ADDRESS = 10;

const message = z.object({ message: z.string() });

/** Needs the rate-limit plugin, which registerAuthRoutes registers. */
export function registerEmailRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/auth/features',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether email (Forgot password, Send to author) is set up',
        response: answers({ 200: authFeaturesSchema }),
      },
    },
    (request) => ({ email: request.site.services.email.enabled }),
  );

  api.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Emails a single-use link to set a new password; the same answer whether or not the account exists (409 site_url_required without SITE_URL)',
        body: forgotPasswordSchema.extend({ from: z.enum(['admin', 'webdata']).default('admin') }),
        response: answers({ 200: message }),
      },
      config: {
        rateLimit: {
          max: RESET_REQUESTS_PER_ADDRESS,
          timeWindow: '15 minutes',
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              429,
              'too_many_attempts',
              `Too many requests. Try again in ${Math.ceil(context.ttl / 60_000)} minutes.`,
            ),
        },
      },
    },
    async (request) => {
      await request.site.services.email.requestPasswordReset(
        request.body.username,
        mailedLinkOrigin(request),
        request.body.from,
      );
      return { message: RESET_REQUESTED_MESSAGE };
    },
  );

  api.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with an emailed link; ends every session of the user',
        body: resetPasswordSchema,
        response: answers({ 200: message }),
      },
    },
    async (request) => {
      await request.site.services.email.resetPassword(request.body.token, request.body.password);
      return { message: PASSWORD_RESET_MESSAGE };
    },
  );

  api.post(
    '/api/archives/:id/send-to-author',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          "Emails the message for the author (specification: Error catalogue) to the article's stored email; logged with its text",
        params: recordIdParams,
        body: sendToAuthorSchema,
        response: answers({ 200: message }),
      },
    },
    async (request) => {
      const to = await request.site.services.email.sendToAuthor(
        request.params.id,
        request.body.action,
        mailedLinkOrigin(request),
        request.user!,
      );
      return { message: sentToAuthorMessage(to) };
    },
  );
}
