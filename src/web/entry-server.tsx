import { randomBytes } from 'node:crypto';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import type { PublicSettings } from '../common/schemas/settings.js';
import type { HeadData, RouteHandle } from './lib/head.js';
import { KeptMarkup, KeptMarkupContext, type KeptMarkupSink } from './lib/kept-markup.js';
import type { PublicApi } from './lib/public-api.js';
import { memoByObject } from './lib/memo-by-object.js';
import type { RootData } from './lib/root-data.js';
import { publicRoutes } from './routes/public/public-routes.js';

// Only the public site is rendered on the server (admin and work-log pages are client-only), and the
// router converts its whole route table on every render.
const handler = createStaticHandler([publicRoutes]);

/** Text of a page in document order: plain text, and kept markup the renderer writes from its kept bytes. */
export type DocumentPart = string | KeptMarkup;

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; head: HeadData | null; body: DocumentPart[]; hydrationJson: DocumentPart[] };

/**
 * Placeholders carry a nonce of the process: stored HTML is sanitised, so it holds no comments, and even
 * one written by hand could not name a placeholder.
 */
const PLACEHOLDER_START = `<!--kept:${randomBytes(6).toString('hex')}:`;
const PLACEHOLDER_END = '-->';

/** Collects the kept markup of one render behind numbered placeholders. */
function keptMarkupCollector(): { sink: KeptMarkupSink; parts: (html: string) => DocumentPart[] } {
  const kept: KeptMarkup[] = [];
  return {
    sink: { placeholder: (markup) => `${PLACEHOLDER_START}${kept.push(markup) - 1}${PLACEHOLDER_END}` },
    parts: (html) => {
      if (kept.length === 0) return [html];
      const parts: DocumentPart[] = [];
      let from = 0;
      for (let at = html.indexOf(PLACEHOLDER_START); at !== -1; at = html.indexOf(PLACEHOLDER_START, from)) {
        const end = html.indexOf(PLACEHOLDER_END, at);
        parts.push(html.slice(from, at), kept[Number(html.slice(at + PLACEHOLDER_START.length, end))]!);
        from = end + PLACEHOLDER_END.length;
      }
      parts.push(html.slice(from));
      return parts;
    },
  };
}

/** Renders one public URL to HTML with the server's data access. */
export async function renderPage(request: Request, api: PublicApi, origin: string): Promise<RenderResult> {
  const result = await handler.query(request, { requestContext: { api } });
  if (result instanceof Response) {
    return { kind: 'redirect', status: result.status, location: result.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, result);
  const kept = keptMarkupCollector();
  const html = renderToString(
    <StrictMode>
      <KeptMarkupContext value={kept.sink}>
        <StaticRouterProvider router={router} context={result} hydrate={false} />
      </KeptMarkupContext>
    </StrictMode>,
  );
  return {
    kind: 'page',
    status: statusOf(result),
    head: headOf(result, origin),
    body: kept.parts(html),
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
  const handle = match.route.handle as RouteHandle;
  const data: unknown = context.loaderData[match.route.id];
  return typeof data === 'object' && data !== null
    ? rememberedHead(data, handle, settings, origin)
    : handle.head!({ data, settings, origin });
}

/**
 * A page's head from its loader data, by object: remembered data (an issue, an article, the current issue) gives
 * the same head object until the next write, whose tags the document then writes once (html-document.ts).
 */
const rememberedHead = memoByObject((data: object, handle: RouteHandle, settings: PublicSettings, origin: string) =>
  handle.head!({ data, settings, origin }),
);

/** JSON that can sit inside a <script type="application/json">. */
function scriptSafeJson(value: unknown): string {
  const json = JSON.stringify(value);
  return json.includes('<') ? json.replace(/</g, '\\u003c') : json;
}

/**
 * Loader data already written as JSON, by object. The layouts' loaders hand back the same objects on
 * every page until the next write (the year groups of a long archive are most of an issue page's data).
 */
const dataJson = memoByObject((data: object) => new KeptMarkup(scriptSafeJson(data)));

/** Loader data for hydration: what JSON.stringify({ loaderData, actionData }) writes, from the parts already written. */
function hydrationJson(context: StaticHandlerContext): DocumentPart[] {
  const parts: DocumentPart[] = ['{"loaderData":{'];
  const routes = Object.entries(context.loaderData as Record<string, unknown>).filter(([, data]) => data !== undefined);
  routes.forEach(([id, data], i) => {
    parts.push(`${i > 0 ? ',' : ''}${scriptSafeJson(id)}:`);
    parts.push(typeof data === 'object' && data !== null ? dataJson(data) : scriptSafeJson(data));
  });
  parts.push(`},"actionData":${scriptSafeJson(context.actionData ?? null)}}`);
  return parts;
}
