import type { FastifyInstance, FastifyReply } from 'fastify';
import { MAX_EXPORT_BODY_BYTES } from '../../../common/constants.js';
import { exportSelectionSchema } from '../../../common/schemas/pdf-exports.js';
import type { AppContext } from '../../app-context.js';
import { parseInput } from '../../http/errors.js';
import { BusyError } from './generation-queue.js';
import type { GeneratedFile } from './pdf.service.js';

/**
 * Sends a generated document as a download; names are built by the server from stored values. When
 * too many documents wait to be made, the answer is 503 busy with the time to wait in Retry-After.
 */
async function sendFile(reply: FastifyReply, making: Promise<GeneratedFile>): Promise<FastifyReply> {
  const file = await making.catch((error: unknown) => {
    if (error instanceof BusyError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  });
  const filename = file.filename.replace(/[^\w.-]/g, '_');
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

const SELECTION = 'The selected records (spec §7), e.g. [{"id": 12, …}], or {"ids": [12, 13]}. Only the ids are read.';

export function registerPdfRoutes(app: FastifyInstance, { services }: AppContext): void {
  app.get<{ Params: { refno: string; authorname: string } }>(
    '/api/pdf/certificate/:refno/:authorname',
    { schema: { tags: ['public'], summary: 'Certificate of publication for one of the article\'s authors (certificate-{refno}.pdf)' } },
    async (request, reply) => sendFile(reply, services.pdf.certificate(request.params.refno, request.params.authorname)),
  );

  app.get<{ Params: { refno: string } }>(
    '/api/pdf/coverpage/:refno',
    { schema: { tags: ['public'], summary: 'Cover page of a published article, in the variant chosen in the settings' } },
    async (request, reply) => sendFile(reply, services.pdf.coverPage(request.params.refno)),
  );

  app.get(
    '/api/pdf/editorialboard',
    { schema: { tags: ['public'], summary: 'The enabled editors grouped as on /board' } },
    async (_request, reply) => sendFile(reply, services.pdf.editorialBoard()),
  );

  // The token is checked before the body is read, so nobody without one can make the server parse a large body.
  const admin = { onRequest: app.requireAdmin, bodyLimit: MAX_EXPORT_BODY_BYTES };

  app.post(
    '/api/pdf/indexpage',
    { ...admin, schema: { tags: ['admin'], summary: 'Table of contents of the selected articles (PDF)', description: SELECTION } },
    async (request, reply) => sendFile(reply, services.pdf.indexPage(parseInput(exportSelectionSchema, request.body))),
  );

  app.post(
    '/api/pdf/bulkcertificates',
    { ...admin, schema: { tags: ['admin'], summary: 'Zip of the certificates of every author of the selected articles', description: SELECTION } },
    async (request, reply) => sendFile(reply, services.pdf.bulkCertificates(parseInput(exportSelectionSchema, request.body))),
  );

  app.post(
    '/api/pdf/editorscertificate',
    { ...admin, schema: { tags: ['admin'], summary: 'Zip of a membership certificate for each selected editor', description: SELECTION } },
    async (request, reply) => sendFile(reply, services.pdf.editorsCertificates(parseInput(exportSelectionSchema, request.body))),
  );
}
