import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminIssueSchema,
  ISSUE_CREATED_MESSAGE,
  ISSUE_DELETED_MESSAGE,
  ISSUE_PUBLISHED_MESSAGE,
  ISSUE_SCHEDULED_MESSAGE,
  ISSUE_UNPUBLISHED_MESSAGE,
  ISSUE_UPDATED_MESSAGE,
  issueCreateSchema,
  issueInputSchema,
  issueSchema,
  publishIssueSchema,
  scheduleIssueSchema,
} from '../../../common/schemas/issue.js';
import { CONFIRMED, recordIdParams } from '../../../common/schemas/record-id.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

export function registerIssueRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const issueAnswer = answers({ 200: issueSchema.extend({ message: z.string() }) });

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
        summary: 'Creates an issue (year, volume, issue, frequency); published at once unless its state is draft',
        body: issueCreateSchema,
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
        response: issueAnswer,
      },
    },
    async (request) => ({
      ...(await request.site.services.issues.update(request.params.id, request.body, request.user!)),
      message: ISSUE_UPDATED_MESSAGE,
    }),
  );

  api.post(
    '/api/admin/issues/:id/publish',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Publishes a draft or scheduled issue: its date, its enabled articles on the site, caches emptied once',
        params: recordIdParams,
        body: publishIssueSchema,
        response: issueAnswer,
      },
    },
    async (request) => ({
      ...(await request.site.services.issues.publish(request.params.id, request.body.publication_date, request.user!)),
      message: ISSUE_PUBLISHED_MESSAGE,
    }),
  );

  api.post(
    '/api/admin/issues/:id/schedule',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Makes an unpublished issue publish itself at a future time',
        params: recordIdParams,
        body: scheduleIssueSchema,
        response: issueAnswer,
      },
    },
    async (request) => ({
      ...(await request.site.services.issues.schedule(request.params.id, request.body.publish_at, request.user!)),
      message: ISSUE_SCHEDULED_MESSAGE,
    }),
  );

  api.post(
    '/api/admin/issues/:id/unpublish',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Takes a published or scheduled issue back to draft; its articles leave the site',
        params: recordIdParams,
        body: CONFIRMED,
        response: issueAnswer,
      },
    },
    async (request) => ({
      ...(await request.site.services.issues.unpublish(request.params.id, request.user!)),
      message: ISSUE_UNPUBLISHED_MESSAGE,
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
