import type { FastifyInstance } from 'fastify';
import { searchResultsSchema } from '../../../common/schemas/archives.js';
import { searchQuerySchema } from '../../../common/schemas/search.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

export function registerSearchRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/search',
    {
      schema: {
        tags: ['public'],
        summary: 'Ranked search of enabled articles by keyword or exact reference number, one page at a time',
        querystring: searchQuerySchema,
        response: answers({ 200: searchResultsSchema }),
      },
    },
    (request) => request.site.services.search.search(request.query.keyword, request.query.page),
  );
}
