import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { indexingEntrySchema } from '../../../common/schemas/indexing.js';
import type { AppContext } from '../../app-context.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

export function registerIndexingRoutes(app: FastifyInstance, { services }: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/indexing/',
    {
      schema: {
        tags: ['public'],
        summary: 'Enabled indexing entries by sortnumber',
        response: answers({ 200: z.array(indexingEntrySchema) }),
      },
    },
    () => services.indexing.listPublic(),
  );
}
