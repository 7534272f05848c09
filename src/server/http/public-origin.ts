import type { FastifyRequest } from 'fastify';

/**
 * The origin of every absolute URL a journal publishes (canonical links, citation_pdf_url, sitemap, OAI-PMH,
 * feeds): the journal's configured origin (SITE_URL for journal 1, its record's for the others), or without one the
 * host the request named, which suits development only.
 */
export function publicOrigin(request: FastifyRequest): string {
  return request.site.origin ?? `${request.protocol}://${request.host}`;
}

/**
 * The origin of the links the site mails (password reset, Send to author), or null when no mail with a link may
 * go out. Only a configured origin: the Host header is the asker's to choose, and a reset link to a host of theirs
 * would hand them the token (decision 094): the journal's configured origin, the one its request's host selects.
 */
export function mailedLinkOrigin(request: FastifyRequest): string | null {
  return request.site.origin;
}

export const SITE_URL_WARNING =
  "SITE_URL is not set: password-reset and author emails are not sent until it is, and absolute links (canonical, citation, sitemap, OAI-PMH) use each request's host. Set it to the public address in production.";
