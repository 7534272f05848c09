import type { FastifyInstance } from 'fastify';

export interface RouteKey {
  method: string;
  path: string;
}

/** Every API route, read from the OpenAPI document (every route is described there, so it is the route table). */
export function routeTable(app: FastifyInstance): RouteKey[] {
  const spec = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => method !== 'head')
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
}

/** `METHOD /path/{param}`, as tests list routes. */
export const routeKey = (route: RouteKey) => `${route.method} ${route.path}`;
