import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { JOURNAL_CREATED_MESSAGE, journalInputSchema, journalSchema } from '../../../common/schemas/journal.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';
import type { JournalsService } from './journals.service.js';

/**
 * The publisher admin's journals (decision 095): the installation's, whichever journal's host is asked. A new
 * journal answers at its hosts at once.
 */
export function registerJournalRoutes(app: FastifyInstance, journalList: JournalsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const publisher = { preValidation: app.requirePublisher };

  api.get(
    '/api/publisher/journals',
    {
      ...publisher,
      schema: {
        tags: ['publisher'],
        summary: 'Every journal of the installation with its host names (the primary first), by id',
        response: answers({ 200: z.array(journalSchema) }),
      },
    },
    () => journalList.list(),
  );

  api.post(
    '/api/publisher/journals',
    {
      ...publisher,
      schema: {
        tags: ['publisher'],
        summary: 'Creates a journal {name, shortName, publicOrigin, hosts (the primary first)}; 409 for a taken host',
        body: journalInputSchema,
        response: answers({ 201: z.object({ id: z.number().int(), message: z.string() }) }),
      },
    },
    async (request, reply) => {
      const id = await journalList.create(request.body);
      return reply.code(201).send({ id, message: JOURNAL_CREATED_MESSAGE });
    },
  );
}
