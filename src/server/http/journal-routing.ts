import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services, Site } from '../app-context.js';
import type { JournalSites } from '../journals/journal-sites.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The journal the request's host selects (decision 095); every route reads and writes through its site. */
    site: Site;
  }
}

/** Answers every path at a host no journal claims: names no journal and carries no data. */
const UNKNOWN_HOST_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>' +
  '<body><h1>Not found</h1><p>No site is served at this address.</p></body></html>';

/** Paths that answer at any host: they concern the installation, not a journal. */
const ANY_HOST = new Set(['/healthz']);

/** The request's port, kept on a redirect to the primary host (development servers listen on one). */
const portOf = (host: string) => /:(\d+)$/.exec(host)?.[0] ?? '';

/**
 * Picks each request's journal by its host (X-Forwarded-Host when TRUST_PROXY is on; the port is ignored), before
 * anything else reads the request: an alias answers 301 to the journal's primary host, a host no journal claims a
 * plain 404.
 */
export function registerJournalRouting(app: FastifyInstance, journals: JournalSites<Services>): void {
  app.decorateRequest('site', null as unknown as Site);
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const found = journals.match(request.host);
    if (!found) {
      if (ANY_HOST.has(request.url.split('?')[0]!)) {
        request.site = journals.first();
        return done();
      }
      return void reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(UNKNOWN_HOST_PAGE);
    }
    if (found.redirectTo) {
      return void reply.redirect(`${request.protocol}://${found.redirectTo}${portOf(request.host)}${request.url}`, 301);
    }
    request.site = found.site;
    done();
  });
}
