import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import type { PublicSettings } from '../common/schemas/settings.js';
import type { HeadData, RouteHandle } from './lib/head.js';
import type { PublicApi } from './lib/public-api.js';
import type { RootData } from './lib/root-data.js';
import { publicRoutes } from './routes/public/public-routes.js';

// Only the public site is rendered on the server (admin and work-log pages are client-only), and the
// router converts its whole route table on every render.
const handler = createStaticHandler([publicRoutes]);

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; head: HeadData | null; body: string; hydrationJson: string };

/** Renders one public URL to HTML with the server's data access. */
export async function renderPage(request: Request, api: PublicApi, origin: string): Promise<RenderResult> {
  const result = await handler.query(request, { requestContext: { api } });
  if (result instanceof Response) {
    return { kind: 'redirect', status: result.status, location: result.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, result);
  const body = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={result} hydrate={false} />
    </StrictMode>,
  );
  return {
    kind: 'page',
    status: statusOf(result),
    head: headOf(result, origin),
    body,
    hydrationJson: hydrationJson(result),
  };
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
  const settings: PublicSettings = root.settings;
  return (match.route.handle as RouteHandle).head!({ data: context.loaderData[match.route.id], settings, origin });
}

/** Loader data for hydration, escaped so it can sit inside a <script type="application/json">. */
function hydrationJson(context: StaticHandlerContext): string {
  return JSON.stringify({ loaderData: context.loaderData, actionData: context.actionData }).replace(/</g, '\\u003c');
}
