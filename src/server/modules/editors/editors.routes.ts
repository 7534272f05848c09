import type { FastifyInstance } from 'fastify';
import {
  EDITOR_CREATED_MESSAGE,
  EDITOR_UPDATED_MESSAGE,
  EDITORS_SORTED_MESSAGE,
  editorInputSchema,
  editorPinSchema,
  editorStatusSchema,
} from '../../../common/schemas/editor-input.js';
import { recordIdParams } from '../../../common/schemas/record-id.js';
import type { AppContext } from '../../app-context.js';
import { parseInput } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';

export function registerEditorsRoutes(app: FastifyInstance, { services }: AppContext): void {
  app.get(
    '/api/editors/',
    { schema: { tags: ['public'], summary: 'Editors: enabled ones pinned first without a token; every editor with a token' } },
    (request) => (request.user ? services.editors.listAll() : services.editors.listPublic()),
  );

  const admin = { preHandler: app.requireUser };

  app.get('/api/editors/:id', { ...admin, schema: { tags: ['admin'], summary: 'One editor, whatever the status' } }, (request) =>
    services.editors.get(parseInput(recordIdParams, request.params).id),
  );

  app.post(
    '/api/editors',
    { ...admin, schema: { tags: ['admin'], summary: 'Adds an editor: multipart fields plus an optional imgFile' } },
    async (request, reply) => {
      const form = await readMultipart(request, ['imgFile']);
      const editor = await services.editors.create(parseInput(editorInputSchema, form.fields), form.files.imgFile);
      return reply.code(201).send({ ...editor, message: EDITOR_CREATED_MESSAGE });
    },
  );

  app.post(
    '/api/editors/pin',
    { ...admin, schema: { tags: ['admin'], summary: 'Pins or unpins editors {ids, pinned}; pinned ones list first' } },
    async (request) => {
      const { ids, pinned } = parseInput(editorPinSchema, request.body);
      return { updated: await services.editors.pin(ids, pinned), message: EDITORS_SORTED_MESSAGE };
    },
  );

  app.post(
    '/api/editors/:id',
    { ...admin, schema: { tags: ['admin'], summary: 'Updates an editor (multipart, optional imgFile), or only its status' } },
    async (request) => {
      const { id } = parseInput(recordIdParams, request.params);
      const form = await readMultipart(request, ['imgFile']);
      // The list's switch posts the status alone (spec §7).
      const statusOnly = Object.keys(form.fields).join() === 'status' && !form.files.imgFile;
      const editor = statusOnly
        ? await services.editors.setStatus(id, parseInput(editorStatusSchema, form.fields).status)
        : await services.editors.update(id, parseInput(editorInputSchema, form.fields), form.files.imgFile);
      return { ...editor, message: EDITOR_UPDATED_MESSAGE };
    },
  );
}
