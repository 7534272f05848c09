import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Config } from '../config.js';
import { notFound } from '../http/errors.js';
import { publicOrigin } from '../http/public-origin.js';
import { PageCache, PageCacheSpace, type PageCacheLimits } from './page-cache.js';
import { PublicAnswers } from './public-answers.js';

/** Routes of public documents: out of the API table, and compressed by PublicAnswers in the encoding their tags name. */
export const PUBLIC_DOCUMENT_ROUTE: RouteShorthandOptions = { schema: { hide: true }, compress: false };

export interface DocumentAnswer {
  type: string;
  /** Headers of the document's answers (not of a 404). */
  headers?: Record<string, string>;
  /** The document for this origin, or null when there is none (404 with `missing`). */
  write: (origin: string) => Promise<string | null>;
  missing?: string;
}

/**
 * How public documents other than pages (sitemap, feed, robots.txt, citation files) go out, as pages do: 304 from the
 * validators, else the kept copy, else written now and kept once complete unless a write came in between. Each
 * journal keeps its own copies, emptied by its write clock, within `limits` for all journals together. The query
 * string changes nothing, so it is not part of the key: it cannot make the server write a document again.
 */
export function publicDocuments(config: Pick<Config, 'PUBLIC_MAX_AGE'>, limits: Partial<PageCacheLimits>) {
  const space = new PageCacheSpace(limits);
  const answersOf = perSite(({ clock }) => new PublicAnswers(clock, config, new PageCache(clock, space)));

  return async function answer(request: FastifyRequest, reply: FastifyReply, document: DocumentAnswer) {
    const answers = answersOf(request.site);
    const origin = publicOrigin(request);
    const key = origin + request.url.split('?')[0];
    const headers = Object.entries(document.headers ?? {});
    reply.type(document.type);
    for (const [name, value] of headers) reply.header(name, value);
    const negotiated = answers.fromKept(request, reply, key);
    if (!negotiated) return reply;
    const written = await document.write(origin);
    if (written === null) {
      for (const [name] of headers) reply.removeHeader(name);
      throw notFound(document.missing ?? 'Not found');
    }
    const page = answers.cache.set(key, { status: 200, body: Buffer.from(written) }, negotiated.data.version);
    await answers.sendWritten(reply, key, page, negotiated);
    return reply;
  };
}

/** One `T` per journal's site, made on first use: what a route keeps for each journal (its caches, its validators). */
export function perSite<T>(make: (site: FastifyRequest['site']) => T): (site: FastifyRequest['site']) => T {
  const made = new WeakMap<FastifyRequest['site'], T>();
  return (site) => {
    if (!made.has(site)) made.set(site, make(site));
    return made.get(site)!;
  };
}
