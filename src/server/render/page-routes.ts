import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_ONLY_PREFIXES } from '../../web/routes.js';
import { renderPage } from '../../web/entry-server.js';
import type { AppContext } from '../app-context.js';
import type { ClientAssets } from './client-assets.js';
import { htmlDocument } from './html-document.js';
import { serverApi } from './server-api.js';

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function toFetchRequest(request: FastifyRequest, origin: string): Request {
  return new Request(new URL(request.url, origin), { method: 'GET', headers: { accept: 'text/html' } });
}

/** Every URL that is not an API call, a file or a static asset is a page of the app. */
export function registerPageRoutes(app: FastifyInstance, ctx: AppContext, assets: ClientAssets): void {
  const api = serverApi(ctx.services);

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request);
    reply.type('text/html; charset=utf-8');
    if (CLIENT_ONLY_PREFIXES.some((prefix) => request.url === prefix || request.url.startsWith(`${prefix}/`) || request.url.startsWith(`${prefix}?`))) {
      return htmlDocument({ head: { title: 'Loading…' }, origin, assets });
    }
    const result = await renderPage(toFetchRequest(request, origin), api, origin);
    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
    reply.code(result.status);
    return htmlDocument({ head: result.head, origin, assets, body: result.body, hydrationJson: result.hydrationJson });
  });
}
