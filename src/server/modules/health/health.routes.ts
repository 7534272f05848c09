import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { pingDatabase } from '../../db/database.js';
import { RETRY_AFTER_SECONDS } from '../../http/fault-errors.js';
import type { ZodTypeProvider } from '../../http/route-contract.js';

/** A load balancer asking must hear back in time even when the database does not answer at all. */
const HEALTH_TIMEOUT_MS = 2000;

export function registerHealthRoutes(app: FastifyInstance, { db }: AppContext): void {
  const health = z.object({ status: z.enum(['ok', 'unavailable']) });
  const schema = {
    tags: ['system'],
    summary: '200 when the database answers, 503 when it does not',
    response: { 200: health, 503: health },
  };
  app.withTypeProvider<ZodTypeProvider>().get('/healthz', { schema }, async (_request, reply) => {
    try {
      // On PostgreSQL on a connection of its own: a pool whose every connection is busy is not a dead database.
      await pingDatabase(db, HEALTH_TIMEOUT_MS);
      return { status: 'ok' as const };
    } catch (error) {
      app.log.warn({ err: error }, 'Health check: the database does not answer');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ status: 'unavailable' });
    }
  });
}
