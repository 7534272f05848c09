import type { FastifyInstance } from 'fastify';
import { FEED_PATH } from '../../../common/constants.js';
import type { Config } from '../../config.js';
import { PUBLIC_DOCUMENT_ROUTE, publicDocuments } from '../../public-speed/public-documents.js';

const XML = 'application/xml; charset=utf-8';
const ATOM = 'application/atom+xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/** Kept out of crawlers: the admin area, the staff work-log, and the API and sign-in calls (pages embed their data). */
const DISALLOWED = ['/admin', '/webdata', '/api/', '/auth/'];

const robotsTxt = (origin: string) =>
  ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );

/** /robots.txt, /sitemap.xml with its per-year files, and /feed.xml (docs/decisions/017-sitemap-feed-and-crawlable-archive.md). */
export function registerDiscoveryRoutes(app: FastifyInstance, config: Pick<Config, 'PUBLIC_MAX_AGE'>): void {
  // Written documents are kept until the journal's public data changes, compressed once per encoding, like pages.
  const answer = publicDocuments(config, { maxEntries: 256, maxBytes: 32 * 1_048_576 });
  const noSitemap = (path: string) => `No sitemap at ${path}`;

  app.get('/robots.txt', PUBLIC_DOCUMENT_ROUTE, (request, reply) =>
    answer(request, reply, {
      type: TEXT,
      write: async (origin) => robotsTxt(origin),
    }),
  );
  app.get('/sitemap.xml', PUBLIC_DOCUMENT_ROUTE, (request, reply) =>
    answer(request, reply, {
      type: XML,
      write: (origin) => request.site.services.discovery.sitemap(origin),
      missing: noSitemap('/sitemap.xml'),
    }),
  );
  app.get<{ Params: { part: string } }>('/sitemap-:part.xml', PUBLIC_DOCUMENT_ROUTE, (request, reply) =>
    answer(request, reply, {
      type: XML,
      write: (origin) => request.site.services.discovery.sitemapPart(origin, request.params.part),
      missing: noSitemap(request.url.split('?')[0]!),
    }),
  );
  app.get(FEED_PATH, PUBLIC_DOCUMENT_ROUTE, (request, reply) =>
    answer(request, reply, {
      type: ATOM,
      write: (origin) => request.site.services.discovery.feed(origin),
    }),
  );
}
