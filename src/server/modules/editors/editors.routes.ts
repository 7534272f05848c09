import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EDITOR_CREATED_MESSAGE,
  EDITOR_UPDATED_MESSAGE,
  EDITORS_SORTED_MESSAGE,
  editorInputSchema,
  editorPinSchema,
  editorStatusSchema,
} from '../../../common/schemas/editor-input.js';
import { editorSchema } from '../../../common/schemas/editors.js';
import { recordIdParams } from '../../../common/schemas/record-id.js';
import { isAdmin } from '../../auth/auth-plugin.js';
import { parseInput } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

const editorForm = editorInputSchema.extend({
  imgFile: z.file().describe('A PNG, JPEG, GIF or WebP picture').optional(),
});
const savedEditor = editorSchema.extend({ message: z.string() });

export function registerEditorsRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/editors/',
    {
      schema: {
        tags: ['public'],
        summary: 'Editors: enabled ones pinned first; every editor for an admin',
        response: answers({ 200: z.array(editorSchema) }),
      },
    },
    (request) =>
      isAdmin(request) ? request.site.services.editors.listAll() : request.site.services.editors.listPublic(),
  );

  const admin = { preValidation: app.requireAdmin };

  api.get(
    '/api/editors/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'One editor, whatever the status',
        params: recordIdParams,
        response: answers({ 200: editorSchema }),
      },
    },
    (request) => request.site.services.editors.get(request.params.id),
  );

  api.post(
    '/api/editors',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Adds an editor: multipart fields plus an optional imgFile',
        multipart: editorForm,
        response: answers({ 201: savedEditor }),
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, ['imgFile']);
      const editor = await request.site.services.editors.create(
        parseInput(editorInputSchema, form.fields),
        form.files.imgFile,
        request.user!,
      );
      return reply.code(201).send({ ...editor, message: EDITOR_CREATED_MESSAGE });
    },
  );

  api.post(
    '/api/editors/pin',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Pins or unpins editors {ids, pinned}; pinned ones list first',
        body: editorPinSchema,
        response: answers({ 200: z.object({ updated: z.number().int(), message: z.string() }) }),
      },
    },
    async (request) => ({
      updated: await request.site.services.editors.pin(request.body.ids, request.body.pinned, request.user!),
      message: EDITORS_SORTED_MESSAGE,
    }),
  );

  api.post(
    '/api/editors/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Updates an editor (multipart, optional imgFile), or only its status',
        params: recordIdParams,
        multipart: editorForm,
        response: answers({ 200: savedEditor }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const form = await readMultipart(request, ['imgFile']);
      // The list's switch posts the status alone (specification: Calls made).
      const statusOnly = Object.keys(form.fields).join() === 'status' && !form.files.imgFile;
      const editor = statusOnly
        ? await request.site.services.editors.setStatus(
            id,
            parseInput(editorStatusSchema, form.fields).status,
            request.user!,
          )
        : await request.site.services.editors.update(
            id,
            parseInput(editorInputSchema, form.fields),
            form.files.imgFile,
            request.user!,
          );
      return { ...editor, message: EDITOR_UPDATED_MESSAGE };
    },
  );
}
