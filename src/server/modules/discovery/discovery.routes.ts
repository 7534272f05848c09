import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { FEED_PATH } from '../../../common/constants.js';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import { publicOrigin } from '../../http/public-origin.js';
import { perJournal } from '../../journals/journal-sites.js';
import { PageCache } from '../../public-speed/page-cache.js';
import { PublicAnswers } from '../../public-speed/public-answers.js';
import { DiscoveryService, type DiscoveryOptions, type XmlDocument } from './discovery.service.js';

const XML = 'application/xml; charset=utf-8';
const ATOM = 'application/atom+xml; charset=utf-8';

/** Kept out of crawlers: the admin area, the staff work-log, and the API and sign-in calls (pages embed their data). */
const DISALLOWED = ['/admin', '/webdata', '/api/', '/auth/'];

const robotsTxt = (origin: string) =>
  ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );

/** /robots.txt, /sitemap.xml with its per-year files, and /feed.xml (docs/decisions/017-sitemap-feed-and-crawlable-archive.md). */
export function registerDiscoveryRoutes(app: FastifyInstance, ctx: AppContext, options: DiscoveryOptions = {}): void {
  // Written documents are kept until the journal's public data changes, compressed once per encoding, like pages.
  const documentsOf = perJournal((journalId) => {
    const { db, clock, services } = ctx.journals.site(journalId);
    return {
      discovery: new DiscoveryService(db, services.settings, options),
      answers: new PublicAnswers(
        clock,
        ctx.config,
        new PageCache(clock, { maxEntries: 256, maxBytes: 32 * 1_048_576 }),
      ),
    };
  });

  /** A stored copy, or the document written now: streamed out and kept once complete, unless a write came in between. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    type: string,
    write: (discovery: DiscoveryService, origin: string) => Promise<XmlDocument | null>,
  ) {
    const { discovery, answers } = documentsOf(request.site.journal.id);
    const origin = publicOrigin(request);
    // The query string changes nothing, so it cannot make the server write a sitemap again.
    const key = origin + request.url.split('?')[0];
    reply.type(type);
    const negotiated = answers.fromKept(request, reply, key);
    if (!negotiated) return reply;
    const document = await write(discovery, origin);
    if (!document) throw notFound(`No sitemap at ${key.slice(origin.length)}`);
    const version = negotiated.data.version;
    return answers.sendStream(reply, document, negotiated, (body) =>
      answers.cache.set(key, { status: 200, body }, version),
    );
  }

  // Documents are compressed by PublicAnswers, in the encoding their validators name.
  const hidden: RouteShorthandOptions = { schema: { hide: true }, compress: false };
  app.get('/robots.txt', hidden, (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(publicOrigin(request))),
  );
  app.get('/sitemap.xml', hidden, (request, reply) =>
    answer(request, reply, XML, (discovery, origin) => discovery.sitemap(origin)),
  );
  app.get<{ Params: { part: string } }>('/sitemap-:part.xml', hidden, (request, reply) =>
    answer(request, reply, XML, (discovery, origin) => discovery.sitemapPart(origin, request.params.part)),
  );
  app.get(FEED_PATH, hidden, (request, reply) =>
    answer(request, reply, ATOM, async (discovery, origin) => discovery.feed(origin)),
  );
}
