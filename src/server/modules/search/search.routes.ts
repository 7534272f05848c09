import type { FastifyInstance } from 'fastify';
import { searchQuerySchema } from '../../../common/schemas/search.js';
import type { AppContext } from '../../app-context.js';
import { parseInput } from '../../http/errors.js';

export function registerSearchRoutes(app: FastifyInstance, { services }: AppContext): void {
  app.get(
    '/api/search',
    { schema: { tags: ['public'], summary: 'Ranked search of enabled articles by keyword or exact reference number, one page at a time' } },
    (request) => {
      const { keyword, page } = parseInput(searchQuerySchema, request.query);
      return services.search.search(keyword, page);
    },
  );
}
