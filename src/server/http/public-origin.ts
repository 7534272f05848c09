import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * The origin of every absolute URL the site publishes (canonical links, citation_pdf_url, sitemap, OAI-PMH,
 * feeds): SITE_URL, or without it the host the request named, which suits development only.
 */
export function publicOrigin(config: Pick<Config, 'SITE_URL'>, request: FastifyRequest): string {
  return config.SITE_URL ?? `${request.protocol}://${request.host}`;
}

/**
 * The origin of the links the site mails (password reset, Send to author), or null when no mail with a link may
 * go out. Only a configured origin: the Host header is the asker's to choose, and a reset link to a host of theirs
 * would hand them the token (decision 094). Callers pass the request so that an origin chosen per journal (by the
 * request's host) changes this function only.
 */
export function mailedLinkOrigin(config: Pick<Config, 'SITE_URL'>, _request: FastifyRequest): string | null {
  return config.SITE_URL ?? null;
}

export const SITE_URL_WARNING =
  "SITE_URL is not set: password-reset and author emails are not sent until it is, and absolute links (canonical, citation, sitemap, OAI-PMH) use each request's host. Set it to the public address in production.";
