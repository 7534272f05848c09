import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { loginSchema } from '../../../common/schemas/auth.js';
import type { AppContext } from '../../app-context.js';
import { parseInput } from '../../http/errors.js';

export const LOGIN_ATTEMPTS_PER_WINDOW = 10;

export async function registerAuthRoutes(app: FastifyInstance, { services }: AppContext): Promise<void> {
  await app.register(rateLimit, { global: false });

  app.post(
    '/auth/login/',
    {
      schema: { tags: ['auth'], summary: 'Sign in: answers {token, user} or an error code' },
      config: {
        // Per address and user name, so one attacker cannot lock every account out.
        rateLimit: {
          max: LOGIN_ATTEMPTS_PER_WINDOW,
          timeWindow: '5 minutes',
          keyGenerator: (request) => `${request.ip}|${String((request.body as { username?: unknown })?.username ?? '').toLowerCase()}`,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            error: 'too_many_attempts',
            message: `Too many sign-in attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
          }),
        },
      },
    },
    (request) => services.auth.login(parseInput(loginSchema, request.body), request.ip),
  );

  app.get(
    '/auth/verify-token/',
    { preHandler: app.requireUser, schema: { tags: ['auth'], summary: 'Checks the bearer token; answers the user' } },
    (request) => ({ valid: true, user: { id: request.user!.userId, username: request.user!.username, name: request.user!.name } }),
  );
}
