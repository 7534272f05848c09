import type { FastifyInstance } from 'fastify';
import {
  newWorklogEntrySchema,
  worklogEntrySchema,
  worklogPageSchema,
  worklogQuerySchema,
  worklogStatusSchema,
} from '../../../common/schemas/worklog.js';
import { recordIdParams } from '../../../common/schemas/record-id.js';
import { answers, refuseUnknownId, type ZodTypeProvider } from '../../http/route-contract.js';

/** The staff work-log (/api/webdata in specification: Calls made); every call needs the bearer token. */
export function registerWorklogRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { preValidation: app.requireUser };

  api.get(
    '/api/webdata',
    {
      ...user,
      schema: {
        tags: ['webdata'],
        summary:
          'Work-log entries newest first, 20 a page: ?status=&search=&page= answers {entries, total, page, pageSize}',
        querystring: worklogQuerySchema,
        response: answers({ 200: worklogPageSchema }),
      },
    },
    (request) => request.site.services.worklog.list(request.query),
  );

  api.post(
    '/api/webdata',
    {
      ...user,
      schema: {
        tags: ['webdata'],
        summary: 'Adds an info or urgent entry {status, content}; author and time come from the token and the clock',
        body: newWorklogEntrySchema,
        response: answers({ 201: worklogEntrySchema }),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await request.site.services.worklog.create(request.body, request.user!)),
  );

  api.put(
    '/api/webdata/:id',
    {
      ...user,
      // Any id that names no entry, well-formed or not, answers 404 (decision 030).
      attachValidation: true,
      schema: {
        tags: ['webdata'],
        summary: 'Sets the status {status} of one entry to any of the eight statuses',
        params: recordIdParams,
        body: worklogStatusSchema,
        response: answers({ 200: worklogEntrySchema }),
      },
    },
    (request) => {
      refuseUnknownId(request, (id) => `Work-log entry ${id} not found`);
      return request.site.services.worklog.setStatus(request.params.id, request.body.status, request.user!);
    },
  );
}
