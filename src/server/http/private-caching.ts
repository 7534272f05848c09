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

/**
 * Keeps private answers out of every cache (Cache-Control: no-store: browsers, proxies and CDNs alike),
 * and tells caches which public answers depend on the Authorization header, in one place for all routes.
 */
export function registerPrivateCaching(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = routePath(request) ?? '';
    if (isPrivate(request, reply, path)) reply.header('cache-control', 'no-store');
    if (ANSWERS_VARY_WITH_TOKEN.has(path)) addVary(reply, 'Authorization');
    done(null, payload);
  });
}
