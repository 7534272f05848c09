import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { issuePathParams } from '../../../common/schemas/issue.js';
import { publicOrigin } from '../../http/public-origin.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

/** An indexer's XML file (a Crossref deposit, a DOAJ upload) as a download. */
export const sendDeposit = (reply: FastifyReply, name: string, xml: string) =>
  reply
    .type('application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(xml);

/** GET /api/admin/crossref/{year}/{volume}/{issue}: the issue's Crossref deposit XML, as a download. */
export function registerCrossrefRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/crossref/:year/:volume/:issue',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Crossref deposit XML (schema 5.3.1) of an issue whose published articles all have DOIs',
        params: issuePathParams,
        response: answers({ 200: z.file().mime('application/xml').describe('The deposit XML') }),
      },
    },
    async (request, reply) => {
      const { year, volume, issue } = request.params;
      const xml = await request.site.services.crossref.issueDeposit(year, volume, issue, publicOrigin(request));
      return sendDeposit(reply, `crossref-${year}-${volume}-${issue}.xml`, xml);
    },
  );
}
