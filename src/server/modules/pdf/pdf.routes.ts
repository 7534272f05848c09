import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { MAX_EXPORT_BODY_BYTES } from '../../../common/constants.js';
import { exportSelectionSchema } from '../../../common/schemas/pdf-exports.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';
import { BusyError } from './generation-queue.js';
import type { GeneratedFile, RenamedAuthor } from './pdf.service.js';

/** Waits for a document to be made; when too many wait, the answer is 503 busy with the time to wait in Retry-After. */
function made<T>(reply: FastifyReply, making: Promise<T>): Promise<T> {
  return making.catch((error: unknown) => {
    if (error instanceof BusyError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  });
}

/** Sends a generated document as a download; names are built by the server from stored values. */
async function sendFile(reply: FastifyReply, making: Promise<GeneratedFile>): Promise<FastifyReply> {
  return sendMade(reply, await made(reply, making));
}

function sendMade(reply: FastifyReply, file: GeneratedFile): FastifyReply {
  const filename = file.filename.replace(/[^\w.-]/g, '_');
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** The address of an author's certificate. */
const certificatePath = ({ refnumber, renamedTo }: RenamedAuthor) =>
  `/api/pdf/certificate/${encodeURIComponent(refnumber)}/${encodeURIComponent(renamedTo)}`;

const SELECTION =
  'The selected records (specification: Calls made), e.g. [{"id": 12, …}], or {"ids": [12, 13]}. Only the ids are read.';

/** A generated document: the answer is the file itself (errors are JSON, as everywhere). */
const download = (contentType: GeneratedFile['contentType']) => ({
  response: answers({
    200: z
      .file()
      .mime(contentType)
      .describe(`The ${contentType === 'application/pdf' ? 'PDF' : 'zip'} file`),
  }),
});

export function registerPdfRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/pdf/certificate/:refno/:authorname',
    {
      schema: {
        tags: ['public'],
        summary: "Certificate of publication for one of the article's authors (certificate-{refno}-{author-slug}.pdf)",
        description:
          'A name the author had before a correction answers 301 to the certificate under their name now (decision 126).',
        params: z.object({ refno: z.string(), authorname: z.string() }),
        ...download('application/pdf'),
      },
    },
    async (request, reply) => {
      const { refno, authorname } = request.params;
      const certificate = await made(reply, request.site.services.pdf.certificate(refno, authorname));
      if ('renamedTo' in certificate) return reply.redirect(certificatePath(certificate), 301);
      return sendMade(reply, certificate);
    },
  );

  api.get(
    '/api/pdf/coverpage/:refno',
    {
      schema: {
        tags: ['public'],
        summary: 'Cover page of a published article, in the variant chosen in the settings',
        params: z.object({ refno: z.string() }),
        ...download('application/pdf'),
      },
    },
    async (request, reply) => sendFile(reply, request.site.services.pdf.coverPage(request.params.refno)),
  );

  api.get(
    '/api/pdf/editorialboard',
    {
      schema: { tags: ['public'], summary: 'The enabled editors grouped as on /board', ...download('application/pdf') },
    },
    async (request, reply) => sendFile(reply, request.site.services.pdf.editorialBoard()),
  );

  // The token is checked before the body is read, so nobody without one can make the server parse a large body.
  const admin = { onRequest: app.requireAdmin, bodyLimit: MAX_EXPORT_BODY_BYTES };
  const selection = { description: SELECTION, body: exportSelectionSchema };

  api.post(
    '/api/pdf/indexpage',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Table of contents of the selected articles (PDF)',
        ...selection,
        ...download('application/pdf'),
      },
    },
    async (request, reply) => sendFile(reply, request.site.services.pdf.indexPage(request.body)),
  );

  api.post(
    '/api/pdf/bulkcertificates',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Zip of the certificates of every author of the selected articles',
        ...selection,
        ...download('application/zip'),
      },
    },
    async (request, reply) => sendFile(reply, request.site.services.pdf.bulkCertificates(request.body)),
  );

  api.post(
    '/api/pdf/editorscertificate',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Zip of a membership certificate for each selected editor',
        ...selection,
        ...download('application/zip'),
      },
    },
    async (request, reply) => sendFile(reply, request.site.services.pdf.editorsCertificates(request.body)),
  );
}
