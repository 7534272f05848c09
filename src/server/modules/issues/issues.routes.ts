import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminIssueSchema,
  ISSUE_CREATED_MESSAGE,
  ISSUE_DELETED_MESSAGE,
  ISSUE_UPDATED_MESSAGE,
  issueInputSchema,
  issueSchema,
} from '../../../common/schemas/issue.js';
import { recordIdParams } from '../../../common/schemas/record-id.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

export function registerIssueRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/archives/',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every issue with its article count',
        response: answers({ 200: z.array(adminIssueSchema) }),
      },
    },
    (request) => request.site.services.issues.list(),
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
      const created = await request.site.services.issues.create(request.body, request.user!);
      return reply.code(201).send({ ...created, message: ISSUE_CREATED_MESSAGE });
    },
  );

  api.put(
    '/api/admin/issues/:id',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Changes an issue; its articles and their PDFs follow, and its old address answers 301',
        params: recordIdParams,
        body: issueInputSchema,
        response: answers({ 200: issueSchema.extend({ message: z.string() }) }),
      },
    },
    async (request) => ({
      ...(await request.site.services.issues.update(request.params.id, request.body, request.user!)),
      message: ISSUE_UPDATED_MESSAGE,
    }),
  );

  api.delete(
    '/api/admin/issues/:id',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Deletes an issue that has no articles',
        params: recordIdParams,
        response: answers({ 200: z.object({ message: z.string() }) }),
      },
    },
    async (request) => {
      await request.site.services.issues.delete(request.params.id, request.user!);
      return { message: ISSUE_DELETED_MESSAGE };
    },
  );
}
