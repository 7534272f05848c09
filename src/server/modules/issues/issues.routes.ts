import type { FastifyInstance } from 'fastify';
import { ISSUE_CREATED_MESSAGE, issueInputSchema } from '../../../common/schemas/issue.js';
import type { AppContext } from '../../app-context.js';
import { parseInput } from '../../http/errors.js';

export function registerIssueRoutes(app: FastifyInstance, { services }: AppContext): void {
  app.get(
    '/api/admin/archives/',
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: 'Every issue with its article count' } },
    () => services.issues.list(),
  );

  app.post(
    '/api/admin/create-issue',
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: 'Creates an issue (year, volume, issue, frequency)' } },
    async (request, reply) => {
      const created = await services.issues.create(parseInput(issueInputSchema, request.body));
      return reply.code(201).send({ ...created, message: ISSUE_CREATED_MESSAGE });
    },
  );
}
