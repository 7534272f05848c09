import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ARTICLE_DELETED_MESSAGE,
  articleAddSchema,
  articleEditSchema,
  licenceAppliedMessage,
} from '../../../common/schemas/article.js';
import { articleRecordSchema } from '../../../common/schemas/archives.js';
import { issueSchema } from '../../../common/schemas/issue.js';
import { CONFIRMED, recordIdParams } from '../../../common/schemas/record-id.js';
import { parseInput } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

/** Form fields whose refusal has its own code (specification: Error catalogue). */
const FIELD_CODES = { pagenumber: 'invalid_pagenumber', txnid: 'invalid_txnid' };

const issueParams = z.object({
  year: z.coerce.number().int().min(1).max(9999),
  volume: z.coerce.number().int().min(0).max(9999),
  issue: z.coerce.number().int().min(0).max(9999),
});
const searchQuery = z.object({ q: z.string().trim().max(200, 'q must be at most 200 characters').default('') });
const pdfFile = z.file().describe('The article PDF (at most 5 MB)');

export function registerArticleRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { preValidation: app.requireAdmin };

  api.get(
    '/api/admin/archives/:year/:volume/:issue',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'An issue and all its articles, whatever their status',
        params: issueParams,
        response: answers({ 200: z.object({ issue: issueSchema, articles: z.array(articleRecordSchema) }) }),
      },
    },
    (request) =>
      request.site.services.articles.listForIssue(request.params.year, request.params.volume, request.params.issue),
  );

  api.post(
    '/api/admin/archives/',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Adds an article: multipart fields plus pdfFile',
        multipart: articleAddSchema.extend({ pdfFile }),
        response: answers({ 201: articleRecordSchema }),
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, ['pdfFile']);
      const input = parseInput(articleAddSchema, form.fields, FIELD_CODES);
      const article = await request.site.services.articles.create(input, form.files.pdfFile, request.user!);
      return reply.code(201).send(article);
    },
  );

  api.post(
    '/api/archives/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Updates an article: multipart fields, optional pdfFile',
        params: recordIdParams,
        multipart: articleEditSchema.extend({ pdfFile: pdfFile.optional() }),
        response: answers({ 200: articleRecordSchema }),
      },
    },
    async (request) => {
      const form = await readMultipart(request, ['pdfFile']);
      const input = parseInput(articleEditSchema, form.fields, FIELD_CODES);
      return request.site.services.articles.update(request.params.id, input, form.files.pdfFile, request.user!);
    },
  );

  api.delete(
    '/api/archives/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'Deletes an article and its PDF; its title and transaction id are free again. A published one leaves a ' +
          'notice at its address (410) and keeps its reference number and DOI taken',
        params: recordIdParams,
        response: answers({ 200: z.object({ message: z.string() }) }),
      },
    },
    async (request) => {
      await request.site.services.articles.delete(request.params.id, request.user!);
      return { message: ARTICLE_DELETED_MESSAGE };
    },
  );

  api.post(
    '/api/admin/articles/apply-licence',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "Gives every existing article the journal's current licence (new articles take it anyway)",
        body: CONFIRMED,
        response: answers({ 200: z.object({ articles: z.number().int(), message: z.string() }) }),
      },
    },
    async (request) => {
      const articles = await request.site.services.articles.applyJournalLicence(request.user!);
      return { articles, message: licenceAppliedMessage(articles) };
    },
  );

  api.get(
    '/api/admin/search',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Articles of any status by reference number, title, author or transaction id',
        querystring: searchQuery,
        response: answers({ 200: z.array(articleRecordSchema) }),
      },
    },
    (request) => (request.query.q ? request.site.services.articles.search(request.query.q) : []),
  );
}
