import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  INDEXING_CREATED_MESSAGE,
  INDEXING_DELETED_MESSAGE,
  INDEXING_ORDER_MESSAGE,
  INDEXING_UPDATED_MESSAGE,
  indexingEntrySchema,
  indexingInputSchema,
  indexingOrderSchema,
  indexingStatusSchema,
} from '../../../common/schemas/indexing.js';
import { recordIdParams } from '../../../common/schemas/record-id.js';
import { parseInput } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

const indexingForm = indexingInputSchema.extend({
  imgFile: z.file().describe('The logo: a PNG, JPEG, GIF or WebP picture of at most 2 MB').optional(),
});
const savedEntry = indexingEntrySchema.extend({ message: z.string() });

export function registerIndexingRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/indexing/',
    {
      schema: {
        tags: ['public'],
        summary: 'Enabled indexing entries by sortnumber',
        response: answers({ 200: z.array(indexingEntrySchema) }),
      },
    },
    (request) => request.site.services.indexing.listPublic(),
  );

  const admin = { preValidation: app.requireAdmin };

  api.get(
    '/api/admin/indexing',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Every indexing entry, enabled or not, in order',
        response: answers({ 200: z.array(indexingEntrySchema) }),
      },
    },
    (request) => request.site.services.indexing.listAll(),
  );

  api.get(
    '/api/admin/indexing/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'One indexing entry',
        params: recordIdParams,
        response: answers({ 200: indexingEntrySchema }),
      },
    },
    (request) => request.site.services.indexing.get(request.params.id),
  );

  api.post(
    '/api/admin/indexing',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Adds an entry at the end: multipart fields plus its logo (imgFile)',
        multipart: indexingForm,
        response: answers({ 201: savedEntry }),
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, ['imgFile']);
      const entry = await request.site.services.indexing.create(
        parseInput(indexingInputSchema, form.fields),
        form.files.imgFile,
        request.user!,
      );
      return reply.code(201).send({ ...entry, message: INDEXING_CREATED_MESSAGE });
    },
  );

  api.put(
    '/api/admin/indexing/order',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Puts the entries in the order of {ids}, which names every entry once',
        body: indexingOrderSchema,
        response: answers({ 200: z.object({ entries: z.array(indexingEntrySchema), message: z.string() }) }),
      },
    },
    async (request) => ({
      entries: await request.site.services.indexing.reorder(request.body.ids, request.user!),
      message: INDEXING_ORDER_MESSAGE,
    }),
  );

  api.post(
    '/api/admin/indexing/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Updates an entry (multipart, optional new logo), or only its status',
        params: recordIdParams,
        multipart: indexingForm,
        response: answers({ 200: savedEntry }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const form = await readMultipart(request, ['imgFile']);
      // The list's switch posts the status alone, as the editors' switch does.
      const statusOnly = Object.keys(form.fields).join() === 'status' && !form.files.imgFile;
      const entry = statusOnly
        ? await request.site.services.indexing.setStatus(
            id,
            parseInput(indexingStatusSchema, form.fields).status,
            request.user!,
          )
        : await request.site.services.indexing.update(
            id,
            parseInput(indexingInputSchema, form.fields),
            form.files.imgFile,
            request.user!,
          );
      return { ...entry, message: INDEXING_UPDATED_MESSAGE };
    },
  );

  api.delete(
    '/api/admin/indexing/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Deletes an entry and its logo',
        params: recordIdParams,
        response: answers({ 200: z.object({ message: z.string() }) }),
      },
    },
    async (request) => {
      await request.site.services.indexing.remove(request.params.id, request.user!);
      return { message: INDEXING_DELETED_MESSAGE };
    },
  );
}
