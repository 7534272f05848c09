import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CiteFormat } from '../../../common/citation-exports.js';
import { formattedReferenceSchema } from '../../../common/schemas/archives.js';
import { notFound } from '../../http/errors.js';
import { publicOrigin } from '../../http/public-origin.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

const CITE_FILE = /^(\d{1,40})\.(bib|ris|json)$/;
const NOT_FOUND = 'Article not found';

/** A published article for reference managers and readers who cite it. */
export function registerCiteRoutes(app: FastifyInstance): void {
  // /cite/{refnumber}.bib|.ris|.json, as a download.
  app.get<{ Params: { file: string } }>('/cite/:file', { schema: { hide: true } }, async (request, reply) => {
    const match = CITE_FILE.exec(request.params.file);
    const file =
      match &&
      (await request.site.services.citations.exportFile(match[1]!, match[2] as CiteFormat, publicOrigin(request)));
    if (!file) throw notFound(NOT_FOUND);
    return reply
      .type(file.type)
      .header('content-disposition', `attachment; filename="${request.params.file}"`)
      .send(file.text);
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/archives/ref/:ref/references',
    {
      schema: {
        tags: ['public'],
        summary: "An enabled article's reference in APA, MLA, Chicago and Vancouver style, as inline HTML",
        params: z.object({ ref: z.string() }),
        response: answers({ 200: z.array(formattedReferenceSchema) }),
      },
    },
    async (request) => {
      const references = await request.site.services.citations.formattedReferences(
        request.params.ref,
        publicOrigin(request),
      );
      if (!references) throw notFound(NOT_FOUND);
      return references;
    },
  );
}
