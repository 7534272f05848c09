import type { FastifyInstance } from 'fastify';
import { newWorklogEntrySchema, worklogQuerySchema, worklogStatusSchema } from '../../../common/schemas/worklog.js';
import { MAX_RECORD_ID } from '../../../common/schemas/record-id.js';
import type { AppContext } from '../../app-context.js';
import { notFound, parseInput } from '../../http/errors.js';

/** Entry ids are positive integers; anything else names no entry. */
function entryId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id >= 1 && id <= MAX_RECORD_ID)) throw notFound(`Work-log entry ${raw} not found`);
  return id;
}

/** The staff work-log (spec §7 /api/webdata); every call needs the bearer token. */
export function registerWorklogRoutes(app: FastifyInstance, { services }: AppContext): void {
  app.get(
    '/api/webdata',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['webdata'],
        summary: 'Work-log entries newest first, 20 a page: ?status=&search=&page= answers {entries, total, page, pageSize}',
      },
    },
    (request) => services.worklog.list(parseInput(worklogQuerySchema, request.query)),
  );

  app.post(
    '/api/webdata',
    {
      preHandler: app.requireUser,
      schema: { tags: ['webdata'], summary: 'Adds an info or urgent entry {status, content}; author and time come from the token and the clock' },
    },
    async (request, reply) => {
      const entry = await services.worklog.create(parseInput(newWorklogEntrySchema, request.body), request.user!);
      return reply.code(201).send(entry);
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/webdata/:id',
    { preHandler: app.requireUser, schema: { tags: ['webdata'], summary: 'Sets the status {status} of one entry to any of the eight statuses' } },
    (request) => {
      const id = entryId(request.params.id);
      return services.worklog.setStatus(id, parseInput(worklogStatusSchema, request.body).status);
    },
  );
}
