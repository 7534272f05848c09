import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CITE_FORMATS, JATS_TYPE, type CiteFormat } from '../../../common/citation-exports.js';
import { formattedReferenceSchema } from '../../../common/schemas/archives.js';
import type { Config } from '../../config.js';
import { notFound } from '../../http/errors.js';
import { publicOrigin } from '../../http/public-origin.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';
import { PUBLIC_DOCUMENT_ROUTE, publicDocuments } from '../../public-speed/public-documents.js';

const CITE_FILE = /^(\d{1,40})\.(bib|ris|json|jats\.xml)$/;
const NOT_FOUND = 'Article not found';

/** A published article for reference managers and readers who cite it. */
export function registerCiteRoutes(app: FastifyInstance, config: Pick<Config, 'PUBLIC_MAX_AGE'>): void {
  // Small files, kept and validated like the other public documents until the journal's data changes.
  const answer = publicDocuments(config, { maxEntries: 1_000, maxBytes: 4 * 1_048_576 });
  // /cite/{refnumber}.bib|.ris|.json, as a download; /cite/{refnumber}.jats.xml, the metadata the page head links.
  app.get<{ Params: { file: string } }>('/cite/:file', PUBLIC_DOCUMENT_ROUTE, (request, reply) => {
    const match = CITE_FILE.exec(request.params.file);
    if (!match) throw notFound(NOT_FOUND);
    const refnumber = match[1]!;
    const citations = request.site.services.citations;
    if (match[2] === 'jats.xml') {
      return answer(request, reply, {
        type: `${JATS_TYPE}; charset=utf-8`,
        write: (origin) => citations.jatsFile(refnumber, origin),
        missing: NOT_FOUND,
      });
    }
    const format = match[2] as CiteFormat;
    return answer(request, reply, {
      type: CITE_FORMATS[format].type,
      headers: { 'content-disposition': `attachment; filename="${request.params.file}"` },
      write: (origin) => citations.exportFile(refnumber, format, origin),
      missing: NOT_FOUND,
    });
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
