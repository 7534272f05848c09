import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { articleAddSchema, articleEditSchema } from '../../../common/schemas/article.js';
import { recordIdParams } from '../../../common/schemas/record-id.js';
import type { AppContext } from '../../app-context.js';
import { parseInput } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';

/** Form fields whose refusal has its own code in spec §8. */
const FIELD_CODES = { pagenumber: 'invalid_pagenumber', txnid: 'invalid_txnid' };

const issueParams = z.object({
  year: z.coerce.number().int().min(1).max(9999),
  volume: z.coerce.number().int().min(0).max(9999),
  issue: z.coerce.number().int().min(0).max(9999),
});
const searchQuery = z.object({ q: z.string().trim().max(200, 'q must be at most 200 characters').default('') });

export function registerArticleRoutes(app: FastifyInstance, { services }: AppContext): void {
  const admin = { preHandler: app.requireUser };

  app.get(
    '/api/admin/archives/:year/:volume/:issue',
    { ...admin, schema: { tags: ['admin'], summary: 'An issue and all its articles, whatever their status' } },
    (request) => {
      const { year, volume, issue } = parseInput(issueParams, request.params);
      return services.articles.listForIssue(year, volume, issue);
    },
  );

  app.post(
    '/api/admin/archives/',
    { ...admin, schema: { tags: ['admin'], summary: 'Adds an article: multipart fields plus pdfFile' } },
    async (request, reply) => {
      const form = await readMultipart(request, ['pdfFile']);
      const input = parseInput(articleAddSchema, form.fields, FIELD_CODES);
      const article = await services.articles.create(input, form.files.pdfFile, request.user!.username);
      return reply.code(201).send(article);
    },
  );

  app.post(
    '/api/archives/:id',
    { ...admin, schema: { tags: ['admin'], summary: 'Updates an article: multipart fields, optional pdfFile' } },
    async (request) => {
      const { id } = parseInput(recordIdParams, request.params);
      const form = await readMultipart(request, ['pdfFile']);
      const input = parseInput(articleEditSchema, form.fields, FIELD_CODES);
      return services.articles.update(id, input, form.files.pdfFile, request.user!.username);
    },
  );

  app.get(
    '/api/admin/search',
    { ...admin, schema: { tags: ['admin'], summary: 'Articles of any status by reference number, title, author or transaction id' } },
    (request) => {
      const { q } = parseInput(searchQuery, request.query);
      return q ? services.articles.search(q) : [];
    },
  );
}
