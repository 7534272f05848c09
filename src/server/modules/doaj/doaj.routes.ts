import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { issuePathParams } from '../../../common/schemas/issue.js';
import type { AppContext } from '../../app-context.js';
import { publicOrigin } from '../../http/public-origin.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';
import { perJournal } from '../../journals/journal-sites.js';
import { sendDeposit } from '../crossref/crossref.routes.js';
import { DoajService } from './doaj.service.js';

const upload = answers({ 200: z.file().mime('application/xml').describe('The DOAJ article XML') });

/**
 * GET /api/admin/doaj: the journal's published articles as DOAJ's article upload XML, as a download;
 * GET /api/admin/doaj/{year}/{volume}/{issue}: those of one issue.
 */
export function registerDoajRoutes(app: FastifyInstance, ctx: AppContext): void {
  const doajOf = perJournal((journalId) => {
    const site = ctx.journals.site(journalId);
    return new DoajService(site.db, site.services.settings);
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/admin/doaj',
    {
      preValidation: app.requireAdmin,
      schema: { tags: ['admin'], summary: "DOAJ article XML of the journal's published articles", response: upload },
    },
    async (request, reply) => {
      const xml = await doajOf(request.site.journal.id).articles(publicOrigin(request));
      return sendDeposit(reply, 'doaj-articles.xml', xml);
    },
  );
  routes.get(
    '/api/admin/doaj/:year/:volume/:issue',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "DOAJ article XML of an issue's published articles",
        params: issuePathParams,
        response: upload,
      },
    },
    async (request, reply) => {
      const { year, volume, issue } = request.params;
      const xml = await doajOf(request.site.journal.id).articles(publicOrigin(request), request.params);
      return sendDeposit(reply, `doaj-${year}-${volume}-${issue}.xml`, xml);
    },
  );
}
