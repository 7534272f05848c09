import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { siteTitle, type HeadData, type RouteHandle } from './lib/head.js';
import type { PublicApi } from './lib/public-api.js';
import type { RootData } from './lib/root-data.js';
import { publicRoutes } from './routes/public/public-routes.js';

// Only the public site is rendered on the server (admin and work-log pages are client-only).
const handler = createStaticHandler([publicRoutes]);

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  /** `html` is the app's markup followed by the router's hydration script (loader data, action data, errors). */
  | { kind: 'page'; status: number; head: HeadData | null; html: string };

/** Renders one public URL to HTML with the server's data access, as React Router's server rendering does. */
export async function renderPage(request: Request, api: PublicApi, origin: string): Promise<RenderResult> {
  // The origin goes along as given: a URL drops a default port, which the server's other outputs keep.
  const context = await handler.query(request, { requestContext: { api, origin } });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} />
    </StrictMode>,
  );
  return { kind: 'page', status: statusOf(context), head: headOf(context, origin), html };
}

function deepestHandle(context: StaticHandlerContext, key: keyof RouteHandle) {
  return [...context.matches].reverse().find((m) => (m.route.handle as RouteHandle | undefined)?.[key] !== undefined);
}

function statusOf(context: StaticHandlerContext): number {
  if (context.statusCode !== 200) return context.statusCode;
  return (deepestHandle(context, 'status')?.route.handle as RouteHandle | undefined)?.status ?? 200;
}

function headOf(context: StaticHandlerContext, origin: string): HeadData | null {
  const root = context.loaderData.root as RootData | undefined;
  const match = deepestHandle(context, 'head');
  if (!root || !match) return null;
  // A page whose loader failed shows the error screen: its own head would read data that is not there.
  const head = context.errors
    ? { title: siteTitle(root.settings, 'Error') }
    : (match.route.handle as RouteHandle).head!({
        data: context.loaderData[match.route.id],
        settings: root.settings,
        origin,
      });
  return { ...head, siteName: root.settings.websitename, image: root.pictures.cover ?? root.pictures.logo };
}
