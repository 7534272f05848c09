import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { issuePathParams } from '../../../common/schemas/issue.js';
import { publicOrigin } from '../../http/public-origin.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';
import { sendDeposit } from '../crossref/crossref.routes.js';

const upload = answers({ 200: z.file().mime('application/xml').describe('The DOAJ article XML') });

/**
 * GET /api/admin/doaj: the journal's published articles as DOAJ's article upload XML, as a download;
 * GET /api/admin/doaj/{year}/{volume}/{issue}: those of one issue.
 */
export function registerDoajRoutes(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/admin/doaj',
    {
      preValidation: app.requireAdmin,
      schema: { tags: ['admin'], summary: "DOAJ article XML of the journal's published articles", response: upload },
    },
    async (request, reply) => {
      const xml = await request.site.services.doaj.articles(publicOrigin(request));
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
      const xml = await request.site.services.doaj.articles(publicOrigin(request), request.params);
      return sendDeposit(reply, `doaj-${year}-${volume}-${issue}.xml`, xml);
    },
  );
}
