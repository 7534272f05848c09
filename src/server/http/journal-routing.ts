import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JournalSites, SiteMatch } from '../journals/journal-sites.js';
import { normalHost } from '../journals/journal-hosts.js';

/** A request's journal, as the server assembles it (`request.site`, declared beside its services in app-context.ts). */
type Site = FastifyRequest['site'];
type Services = Site['services'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The request is the publisher portal's, on a path its own routes answer (`publisher.routes`), not a journal's. */
    atPublisher: boolean;
  }
}

export interface JournalRouting {
  journals: JournalSites<Services>;
  /** PUBLISHER_HOST and the portal page it answers at `/`, when the installation has one. */
  publisher?: {
    host: string;
    answerPortal: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The paths the portal answers through routes (OAI-PMH, the COUNTER API): they read `request.atPublisher`. */
    routes: { has(path: string): boolean };
  };
}

/** Answers every path at a host no journal claims: names no journal and carries no data. */
const UNKNOWN_HOST_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>' +
  '<body><h1>Not found</h1><p>No site is served at this address.</p></body></html>';

/** Paths that answer at any host: they concern the installation, not a journal. */
const ANY_HOST = new Set(['/healthz']);

/** The request's port, kept on a redirect to the primary host (development servers listen on one). */
const portOf = (host: string) => /:(\d+)$/.exec(host)?.[0] ?? '';

/** Answers a request the installation cannot place: the same plain page for an unknown host and a wrong path. */
const notFound = (reply: FastifyReply) =>
  void reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(UNKNOWN_HOST_PAGE);

/**
 * Picks each request's journal by its host (X-Forwarded-Host when TRUST_PROXY is on; the port is ignored), before
 * anything else reads the request: an alias answers 301 to the journal's primary host, a host no journal claims a
 * plain 404 (after reading the journals again, at most every few seconds, in case another process added one).
 * PUBLISHER_HOST, when set, is the publisher portal's before any journal's: it answers its page at `/`, its routes'
 * paths, `/healthz`, and the plain 404 everywhere else. A callback hook: the usual request goes on without waiting
 * for a promise.
 */
export function registerJournalRouting(app: FastifyInstance, { journals, publisher }: JournalRouting): void {
  app.decorateRequest('site', null as unknown as Site);
  app.decorateRequest('atPublisher', false);

  function place(request: FastifyRequest, reply: FastifyReply, found: SiteMatch<Services> | null, done: Done) {
    if (!found) {
      if (!ANY_HOST.has(request.url.split('?')[0]!)) return notFound(reply);
      request.site = journals.first();
      return done();
    }
    if (found.redirectTo) {
      return void reply.redirect(`${request.protocol}://${found.redirectTo}${portOf(request.host)}${request.url}`, 301);
    }
    request.site = found.site;
    done();
  }

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: Done) => {
    const path = request.url.split('?')[0]!;
    if (publisher && normalHost(request.host) === publisher.host) {
      if (ANY_HOST.has(path) || publisher.routes.has(path)) {
        // The hooks that follow read a site (the allow-list of a request with a token): the first journal's, as ever.
        request.site = journals.first();
        request.atPublisher = publisher.routes.has(path);
        return done();
      }
      if (path === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
        return void publisher.answerPortal(request, reply).catch((error: unknown) => done(error as Error));
      }
      return notFound(reply);
    }
    const found = journals.match(request.host);
    if (found) return place(request, reply, found, done);
    journals.matchFresh(request.host).then(
      (fresh) => place(request, reply, fresh, done),
      (error: unknown) => done(error as Error),
    );
  });
}

type Done = (error?: Error) => void;
