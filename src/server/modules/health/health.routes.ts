import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

export function registerHealthRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/healthz', { schema: { tags: ['system'], summary: '200 when the database answers' } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch (error) {
      app.log.error(error, 'health check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
