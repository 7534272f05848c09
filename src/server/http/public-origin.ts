import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * The origin of every absolute URL the site publishes (canonical links, citation_pdf_url, sitemap, OAI-PMH,
 * feeds): SITE_URL, or without it the host the request named, which suits development only.
 */
export function publicOrigin(config: Pick<Config, 'SITE_URL'>, request: FastifyRequest): string {
  return config.SITE_URL ?? `${request.protocol}://${request.host}`;
}

export const SITE_URL_WARNING =
  "SITE_URL is not set: absolute links (canonical, citation, sitemap, OAI-PMH) use each request's host. Set it to the public address in production.";
