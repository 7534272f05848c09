import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  COUNTER_KEY_CREATED_MESSAGE,
  COUNTER_KEY_DELETED_MESSAGE,
  counterKeyInputSchema,
  counterKeySchema,
  createdCounterKeySchema,
} from '../../../common/schemas/counter.js';
import { recordIdParams } from '../../../common/schemas/record-id.js';
import { answers, refuseUnknownId, type ZodTypeProvider } from '../../http/route-contract.js';

/** The admin's management of who may harvest the journal's COUNTER reports (decision 101). */
export function registerCounterKeyRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { preValidation: app.requireAdmin };
  const keysOf = (request: FastifyRequest) => request.site.services.counterKeys;

  api.get(
    '/api/admin/counter-keys',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'The COUNTER API keys: customer, requestor, institution and the last characters of each key',
        response: answers({ 200: z.array(counterKeySchema) }),
      },
    },
    (request) => keysOf(request).list(),
  );

  api.post(
    '/api/admin/counter-keys',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'Creates a key {customer_id, requestor_id?, institution_name}; the answer holds the key (api_key), shown ' +
          'this once; 409 when the customer id has a key',
        body: counterKeyInputSchema,
        response: answers({ 201: createdCounterKeySchema }),
      },
    },
    async (request, reply) => {
      const key = await keysOf(request).create(request.body, request.user!);
      return reply.code(201).send({ ...key, message: COUNTER_KEY_CREATED_MESSAGE });
    },
  );

  api.delete(
    '/api/admin/counter-keys/:id',
    {
      ...admin,
      // Any id that names no key, well-formed or not, answers 404 (decision 030).
      attachValidation: true,
      schema: {
        tags: ['admin'],
        summary: 'Deletes a key: its customer can no longer harvest',
        params: recordIdParams,
        response: answers({ 200: z.object({ message: z.string() }) }),
      },
    },
    async (request) => {
      refuseUnknownId(request, (id) => `COUNTER API key ${id} not found`);
      await keysOf(request).remove(request.params.id, request.user!);
      return { message: COUNTER_KEY_DELETED_MESSAGE };
    },
  );
}
