import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { leadingNumber } from '../../../common/archive-links.js';
import {
  articleByIdSchema,
  articleSummarySchema,
  publicArticleSchema,
  yearGroupSchema,
} from '../../../common/schemas/archives.js';
import { recordIdParams } from '../../../common/schemas/record-id.js';
import { isAdmin } from '../../auth/auth-plugin.js';
import { notFound } from '../../http/errors.js';
import { answers, refuseUnknownId, type ZodTypeProvider } from '../../http/route-contract.js';

const found = <T>(value: T | null, message: string): T => {
  if (value === null) throw notFound(message);
  return value;
};

/** Each part of an issue address is read as its first run of digits ('vol2' is 2); none names no issue. */
const issueNumber = z.string().transform(leadingNumber);
const issueParams = z.object({ year: issueNumber, vol: issueNumber, issue: issueNumber });

export function registerArchivesRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/archives/',
    {
      schema: {
        tags: ['public'],
        summary: 'Year groups of published issues, newest first',
        response: answers({ 200: z.array(yearGroupSchema) }),
      },
    },
    (request) => request.site.services.archives.yearGroups(),
  );

  api.get(
    '/api/archives/:year/:vol/:issue',
    {
      schema: {
        tags: ['public'],
        summary: 'Published articles of an issue by first page; each parameter is read as its first run of digits',
        params: issueParams,
        response: answers({ 200: z.array(articleSummarySchema) }),
      },
    },
    async (request) => {
      const { year, vol, issue } = request.params;
      const articles =
        year !== null && vol !== null && issue !== null
          ? await request.site.services.archives.issueArticles(year, vol, issue)
          : null;
      return found(articles, 'Issue not found');
    },
  );

  api.get(
    '/api/archives/moved/:year/:vol/:issue',
    {
      schema: {
        tags: ['public'],
        summary: 'Where an issue that was renumbered away from this address is now (its old address answers 301)',
        params: issueParams,
        response: answers({ 200: z.object({ location: z.string() }) }),
      },
    },
    async (request) => {
      const { year, vol, issue } = request.params;
      const location =
        year !== null && vol !== null && issue !== null
          ? await request.site.services.archives.movedIssuePath(year, vol, issue)
          : null;
      return { location: found(location, 'Issue not found') };
    },
  );

  api.get(
    '/api/archives/ref/:ref',
    {
      schema: {
        tags: ['public'],
        summary: 'One enabled article by reference number',
        params: z.object({ ref: z.string() }),
        response: answers({ 200: publicArticleSchema }),
      },
    },
    async (request) =>
      found(await request.site.services.archives.publicArticleByRef(request.params.ref), 'Article not found'),
  );

  api.get(
    '/api/archives/:id',
    {
      // Any id that names no article, well-formed or not, answers 404.
      attachValidation: true,
      schema: {
        tags: ['public'],
        summary: 'One article by id: any status and every field for an admin, else enabled only',
        params: recordIdParams,
        response: answers({ 200: articleByIdSchema }),
      },
    },
    async (request) => {
      refuseUnknownId(request, () => 'Article not found');
      return found(
        await request.site.services.archives.articleById(request.params.id, isAdmin(request)),
        'Article not found',
      );
    },
  );
}
