import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { statisticsQuerySchema, statisticsSchema } from '../../../common/schemas/statistics.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

/** The CSV as a download named after its period. */
const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);

const PERIOD_NOTE = 'from and to are months (YYYY-MM), both included; by default the last 12 months';

/** The admin statistics screen's calls (decision 101). */
export function registerStatisticsRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/statistics',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: `Views and downloads per month, the most used articles and issues; ${PERIOD_NOTE}`,
        querystring: statisticsQuerySchema,
        response: answers({ 200: statisticsSchema }),
      },
    },
    (request) => {
      const { statistics } = request.site.services;
      return statistics.overview(statistics.period(request.query));
    },
  );

  api.get(
    '/api/admin/statistics.csv',
    {
      preValidation: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: `Views and downloads of every article used in the period, as CSV; ${PERIOD_NOTE}`,
        querystring: statisticsQuerySchema,
        response: answers({
          200: z.file().mime('text/csv').describe('refnumber, title, year, volume, issue, views, downloads'),
        }),
      },
    },
    async (request, reply) => {
      const { statistics } = request.site.services;
      const period = statistics.period(request.query);
      return sendCsv(reply, `usage-${period.from}-to-${period.to}.csv`, await statistics.csv(period));
    },
  );
}
