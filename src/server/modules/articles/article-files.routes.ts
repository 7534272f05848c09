import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordIdParams } from '../../../common/schemas/record-id.js';
import { notFound } from '../../http/errors.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';
import { readerOf, type UsageRecorder } from '../usage/usage-recorder.js';

const fileParams = z.object({
  year: z.coerce.number().int().min(1).max(9999),
  folder: z
    .string()
    .regex(/^vol\d{1,4}issue\d{1,4}$/)
    .transform((folder) => folder.match(/\d+/g)!.map(Number) as [number, number]),
  // Control characters name no stored file (and PostgreSQL cannot compare a NUL).
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  file: z.string().regex(/^[^\u0000-\u001f]+$/),
});

/**
 * A corrected PDF replaces the file at the same address, so browsers and proxies ask before each use (ETag and
 * Last-Modified make that a 304 while it is unchanged): nginx keeps no copy of it (docs/deploy/nginx.conf).
 */
const PDF_CACHING = 'public, no-cache';

/**
 * A download as COUNTER counts one (decision 101): a GET of the whole file, or of its first bytes, which is how a
 * browser's PDF viewer starts reading in ranges. The ranges that follow, and HEAD, are the same download.
 */
const isDownload = (request: FastifyRequest) =>
  request.method === 'GET' && (!request.headers.range || /^bytes=0-/.test(request.headers.range));

/** The headers @fastify/send gives a file's answer, which an answer without the file must not carry. */
const FILE_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];

/**
 * A file found and then renamed or removed before it was opened (a move carried out, or a delete, just then) fails its
 * stream before anything is sent. That is a 404 a moment early, not a server error: the answer is then the one it would
 * have been a moment later, without the file's headers. Any other error goes on to the site's error handler.
 */
function answerVanishedFile(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code !== 'ENOENT' || reply.raw.headersSent) throw error;
  request.log.info(`${request.url}: the file was moved or removed as it was being sent`);
  for (const name of reply.raw.getHeaderNames()) reply.raw.removeHeader(name);
  for (const name of [...FILE_HEADERS, 'cache-control']) reply.removeHeader(name);
  return reply.callNotFound();
}

/**
 * Article PDFs at their address (specification: Entities and their fields), served only while the article is published
 * (docs/security.md, Output):
 * an enabled row with a reference number must name the file. A published article's PDF asked for at an address it
 * left answers 301 to where it is, like its page (decision 099). Anything else answers 404, so a disabled
 * article's PDF, or a file no row names, is not public. Register it in the scope that serves the journal's files.
 */
export function registerArticleFileRoutes(scope: FastifyInstance, usage: UsageRecorder): void {
  const options = { schema: { hide: true }, errorHandler: answerVanishedFile };
  scope.get('/assets/archives/:year/:folder/:file', options, async (request, reply) => {
    const params = fileParams.safeParse(request.params);
    if (!params.success) return reply.callNotFound();
    const {
      year,
      folder: [volume, issue],
      file,
    } = params.data;
    const { articles, archives } = request.site.services;
    const stored = await articles.publishedFile(year, volume, issue, file);
    if (stored) {
      if (isDownload(request) && request.site.files.exists(stored.path))
        usage.recordUse(request.site.journal.id, stored.articleId, 'request', readerOf(request));
      return reply
        .header('cache-control', PDF_CACHING)
        .sendFile(stored.path, request.site.files.root, { cacheControl: false });
    }
    const moved = await archives.movedArticleFile(year, volume, issue, file);
    return moved ? reply.redirect(moved, 301) : reply.callNotFound();
  });

  // The admin sees an article's PDF whatever its status, e.g. to check a disabled one before enabling it.
  scope.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/archives/:id/pdf',
    {
      preValidation: scope.requireAdmin,
      errorHandler: answerVanishedFile,
      schema: {
        tags: ['admin'],
        summary: "An article's stored PDF, whatever its status",
        params: recordIdParams,
        response: answers({ 200: z.file().mime('application/pdf').describe('The PDF file') }),
      },
    },
    async (request, reply) => {
      const stored = await request.site.services.articles.storedFile(request.params.id);
      if (!stored) throw notFound('This article has no PDF');
      return reply
        .header('cache-control', 'no-store')
        .sendFile(stored, request.site.files.root, { cacheControl: false });
    },
  );
}
