import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { loginResultSchema, loginSchema, tokenCheckSchema } from '../../../common/schemas/auth.js';
import { HttpError } from '../../http/errors.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

/** Sign-in requests per address and minute, whatever the outcome: slows password spraying across names. */
export const LOGIN_REQUESTS_PER_MINUTE = 60;

/** `store`: in the installation's database, where the limits of every process and instance are counted together. */
export async function registerAuthRoutes(app: FastifyInstance, store: FastifyRateLimitStoreCtor): Promise<void> {
  await app.register(rateLimit, { global: false, store });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/auth/login/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: answers {token, user} or an error code',
        body: loginSchema,
        response: answers({ 200: loginResultSchema }),
      },
      config: {
        // Failed attempts per address and user name are limited by the AuthService's throttle.
        rateLimit: {
          max: LOGIN_REQUESTS_PER_MINUTE,
          timeWindow: '1 minute',
          // Thrown, so the error handler answers it like the per-user limit: {error, message}.
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              429,
              'too_many_attempts',
              `Too many sign-in attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
            ),
        },
      },
    },
    (request) => request.site.services.auth.login(request.body, request.ip),
  );

  api.get(
    '/auth/verify-token/',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Checks the bearer token; answers the user',
        response: answers({ 200: tokenCheckSchema }),
      },
    },
    (request) => {
      const { userId, username, name, role, publisher } = request.user!;
      return { valid: true as const, user: { id: userId, username, name, role, publisher } };
    },
  );
}
