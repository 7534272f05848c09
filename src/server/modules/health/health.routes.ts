import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS } from '../../http/fault-errors.js';
import type { ZodTypeProvider } from '../../http/route-contract.js';

/**
 * `pingDatabase` answers when the installation's database does, and fails when it does not or not within the time a
 * load balancer waits for.
 */
export function registerHealthRoutes(app: FastifyInstance, pingDatabase: () => Promise<void>): void {
  const health = z.object({ status: z.enum(['ok', 'unavailable']) });
  const schema = {
    tags: ['system'],
    summary: '200 when the database answers, 503 when it does not',
    response: { 200: health, 503: health },
  };
  app.withTypeProvider<ZodTypeProvider>().get('/healthz', { schema }, async (_request, reply) => {
    try {
      await pingDatabase();
      return { status: 'ok' as const };
    } catch (error) {
      app.log.warn({ err: error }, 'Health check: the database does not answer');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ status: 'unavailable' });
    }
  });
}
