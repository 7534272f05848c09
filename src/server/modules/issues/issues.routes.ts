import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminIssueSchema, ISSUE_CREATED_MESSAGE, issueInputSchema } from '../../../common/schemas/issue.js';
import type { AppContext } from '../../app-context.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

export function registerIssueRoutes(app: FastifyInstance, { services }: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/archives/',
    {
      preValidation: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Every issue with its article count', response: answers({ 200: z.array(adminIssueSchema) }) },
    },
    () => services.issues.list(),
  );

  api.post(
    '/api/admin/create-issue',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Creates an issue (year, volume, issue, frequency)',
        body: issueInputSchema,
        response: answers({ 201: z.object({ id: z.number().int(), message: z.string() }) }),
      },
    },
    async (request, reply) => {
      const created = await services.issues.create(request.body);
      return reply.code(201).send({ ...created, message: ISSUE_CREATED_MESSAGE });
    },
  );
}
