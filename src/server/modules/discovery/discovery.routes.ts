import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import { PublicCaching } from '../../http/public-caching.js';
import { publicOrigin } from '../../http/public-origin.js';
import { preferredEncoding } from '../../render/compression.js';
import { FEED_PATH } from '../../render/html-document.js';
import { PageCache } from '../../render/page-cache.js';
import { codingOf, sendStored } from '../../render/page-routes.js';
import { DiscoveryService, type DiscoveryOptions, type XmlDocument } from './discovery.service.js';

const XML = 'application/xml; charset=utf-8';
const ATOM = 'application/atom+xml; charset=utf-8';

/** Kept out of crawlers: the admin area, the staff work-log, and the API and sign-in calls (pages embed their data). */
const DISALLOWED = ['/admin', '/webdata', '/api/', '/auth/'];

const robotsTxt = (origin: string) =>
  ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );

/** Passes a document on piece by piece and hands over the whole of it once the last piece is out. */
async function* keepingCopy(document: XmlDocument, done: (whole: Buffer) => void): AsyncGenerator<Buffer> {
  const pieces: Buffer[] = [];
  for await (const text of document) {
    const piece = Buffer.from(text);
    pieces.push(piece);
    yield piece;
  }
  done(Buffer.concat(pieces));
}

/** /robots.txt, /sitemap.xml with its per-year files, and /feed.xml (docs/decisions/017-sitemap-feed-and-crawlable-archive.md). */
export function registerDiscoveryRoutes(app: FastifyInstance, ctx: AppContext, options: DiscoveryOptions = {}): void {
  const discovery = new DiscoveryService(ctx.db, ctx.services.settings, options);
  // Written documents are kept until public data changes, compressed once per encoding, like rendered pages.
  const documents = new PageCache(ctx.clock, { maxEntries: 256, maxBytes: 32 * 1_048_576 });
  const caching = new PublicCaching(ctx.clock, ctx.config);

  /** A stored copy, or the document written now: streamed out and kept once complete, unless a write came in between. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    type: string,
    write: (origin: string) => Promise<XmlDocument | null>,
  ) {
    const origin = publicOrigin(ctx.config, request);
    // The query string changes nothing, so it cannot make the server write a sitemap again.
    const key = origin + request.url.split('?')[0];
    reply.type(type);
    const accepted = preferredEncoding(request.headers['accept-encoding']);
    const publicAnswer = { caching, data: caching.current() };
    if (caching.notModified(request, reply, publicAnswer.data, codingOf(accepted)))
      return reply.header('vary', 'accept-encoding').send();
    const stored = documents.get(key);
    if (stored) return sendStored(reply, documents, key, stored, accepted, publicAnswer);
    const version = publicAnswer.data.version;
    const document = await write(origin);
    if (!document) throw notFound(`No sitemap at ${key.slice(origin.length)}`);
    caching.mark(reply, publicAnswer.data, { coding: codingOf(accepted), once: true });
    return reply.send(
      Readable.from(keepingCopy(document, (body) => documents.set(key, { status: 200, body }, version))),
    );
  }

  const hidden = { schema: { hide: true } };
  app.get('/robots.txt', hidden, (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(publicOrigin(ctx.config, request))),
  );
  app.get('/sitemap.xml', hidden, (request, reply) =>
    answer(request, reply, XML, (origin) => discovery.sitemap(origin)),
  );
  app.get<{ Params: { part: string } }>('/sitemap-:part.xml', hidden, (request, reply) =>
    answer(request, reply, XML, (origin) => discovery.sitemapPart(origin, request.params.part)),
  );
  app.get(FEED_PATH, hidden, (request, reply) =>
    answer(request, reply, ATOM, async (origin) => discovery.feed(origin)),
  );
}
