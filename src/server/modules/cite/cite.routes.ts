import type { FastifyInstance } from 'fastify';
import { CITE_FORMATS, cslItem, type CiteFormat } from '../../../common/citation-exports.js';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import { publicOrigin } from '../../http/public-origin.js';

const CITE_FILE = /^(\d{1,40})\.(bib|ris|json)$/;

/** /cite/{refnumber}.bib|.ris|.json: a published article for reference managers, as a download. */
export function registerCiteRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { file: string } }>('/cite/:file', { schema: { hide: true } }, async (request, reply) => {
    const match = CITE_FILE.exec(request.params.file);
    const article = match && (await ctx.services.archives.publicArticleByRef(match[1]!));
    if (!match || !article) throw notFound('Article not found');
    const format = CITE_FORMATS[match[2] as CiteFormat];
    const item = cslItem(article, await ctx.services.settings.getPublic(), publicOrigin(ctx.config, request));
    return reply
      .type(format.type)
      .header('content-disposition', `attachment; filename="${request.params.file}"`)
      .send(format.write(item));
  });
}
