import type { FastifyInstance } from 'fastify';
import { leadingNumber } from '../../../common/archive-links.js';
import type { AppContext } from '../../app-context.js';
import { isAdmin } from '../../auth/auth-plugin.js';
import { notFound } from '../../http/errors.js';

const found = <T>(value: T | null, message: string): T => {
  if (value === null) throw notFound(message);
  return value;
};

export function registerArchivesRoutes(app: FastifyInstance, { services }: AppContext): void {
  app.get('/api/archives/', { schema: { tags: ['public'], summary: 'Year groups of published issues, newest first' } }, () =>
    services.archives.yearGroups(),
  );

  app.get<{ Params: { year: string; vol: string; issue: string } }>(
    '/api/archives/:year/:vol/:issue',
    { schema: { tags: ['public'], summary: 'Published articles of an issue by first page; each parameter is read as its first run of digits' } },
    async (request) => {
      const [year, volume, issue] = [request.params.year, request.params.vol, request.params.issue].map(leadingNumber);
      const articles = year !== null && volume !== null && issue !== null ? await services.archives.issueArticles(year, volume, issue) : null;
      return found(articles, 'Issue not found');
    },
  );

  app.get<{ Params: { ref: string } }>(
    '/api/archives/ref/:ref',
    { schema: { tags: ['public'], summary: 'One enabled article by reference number' } },
    async (request) => found(await services.archives.publicArticleByRef(request.params.ref), 'Article not found'),
  );

  app.get<{ Params: { id: string } }>(
    '/api/archives/:id',
    { schema: { tags: ['public'], summary: 'One article by id: any status for an admin, else enabled only' } },
    async (request) => {
      const id = /^\d+$/.test(request.params.id) ? leadingNumber(request.params.id) : null;
      const article = id === null ? null : await services.archives.articleById(id, isAdmin(request));
      return found(article, 'Article not found');
    },
  );
}
