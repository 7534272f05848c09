import type { FastifyInstance } from 'fastify';

/** Moving a journal in: the admin's import calls (decision 102). */
export function registerImportRoutes(app: FastifyInstance): void {
  void app;
}
