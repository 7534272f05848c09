import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Routes open to everyone whose answer still differs with the token (GET /api/settings: every field, or the public ones). */
const ANSWERS_VARY_WITH_TOKEN = new Set(['/api/settings']);

const routePath = (request: FastifyRequest) => request.routeOptions.url?.replace(/(.)\/$/, '$1');

/**
 * Whether an answer was made for the holder of a token, or about one: everything a signed-in user is
 * answered (admin, users, work-log, settings with a token, and their 400s and 404s), every refusal of a
 * missing or insufficient token, and every sign-in answer (a token, or why there is none).
 */
function isPrivate(request: FastifyRequest, reply: FastifyReply, path: string): boolean {
  return request.user !== null || reply.statusCode === 401 || reply.statusCode === 403 || path.startsWith('/auth/');
}

function addVary(reply: FastifyReply, field: string): void {
  const vary = reply.getHeader('vary');
  const fields =
    vary === undefined
      ? []
      : String(vary)
          .split(',')
          .map((name) => name.trim());
  if (!fields.some((name) => name.toLowerCase() === field.toLowerCase()))
    reply.header('vary', [...fields, field].join(', '));
}

/** The Cache-Control of public answers: fresh for `maxAge` seconds, then served stale while a cache asks again. */
export const publicCacheControl = (maxAge: number) =>
  maxAge > 0 ? `public, max-age=${maxAge}, stale-while-revalidate=${maxAge * 5}` : 'public, no-cache';

/** Answers that say a public address has nothing (any more): a cache must replace its old copy with them. */
const ENDINGS = new Set([404, 410]);

/**
 * The Cache-Control of every answer that does not set its own, in one place for all routes: private answers stay
 * out of every cache (no-store: browsers, proxies and CDNs alike); a public 404 or 410 is kept as a page is, so a
 * cache in front replaces the page it had (an unpublished issue, a withdrawn article) within `maxAge` instead of
 * serving its old copy on (decision 112); a failure (5xx) is never kept. Also tells caches which public answers
 * depend on the Authorization header.
 */
export function registerAnswerCaching(app: FastifyInstance, maxAge: number): void {
  const endingCacheControl = publicCacheControl(maxAge);
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = routePath(request) ?? '';
    if (isPrivate(request, reply, path)) reply.header('cache-control', 'no-store');
    else if (!reply.hasHeader('cache-control')) {
      if (ENDINGS.has(reply.statusCode)) reply.header('cache-control', endingCacheControl);
      else if (reply.statusCode >= 500) reply.header('cache-control', 'no-store');
    }
    if (ANSWERS_VARY_WITH_TOKEN.has(path)) addVary(reply, 'Authorization');
    done(null, payload);
  });
}
