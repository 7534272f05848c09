import type { FastifyInstance } from 'fastify';
import { issuePathParams } from '../../../common/schemas/issue.js';
import type { AppContext } from '../../app-context.js';
import { publicOrigin } from '../../http/public-origin.js';
import type { ZodTypeProvider } from '../../http/route-contract.js';
import { CrossrefService } from './crossref.service.js';

/** GET /api/admin/crossref/{year}/{volume}/{issue}: the issue's Crossref deposit XML, as a download. */
export function registerCrossrefRoutes(app: FastifyInstance, ctx: AppContext): void {
  const crossref = new CrossrefService(ctx.db, ctx.services.settings);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/crossref/:year/:volume/:issue',
    {
      preValidation: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Crossref deposit XML (schema 5.3.1) of an issue', params: issuePathParams },
    },
    async (request, reply) => {
      const { year, volume, issue } = request.params;
      const xml = await crossref.issueDeposit(year, volume, issue, publicOrigin(ctx.config, request));
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="crossref-${year}-${volume}-${issue}.xml"`)
        .send(xml);
    },
  );
}
