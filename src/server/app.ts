import path from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MAX_UPLOAD_BYTES } from '../common/constants.js';
import { registerAuth } from './auth/auth-plugin.js';
import { sharedRateLimitStore } from './auth/shared-rate-limit.js';
import type { AppContext } from './app-context.js';
import { pingDatabase } from './db/database.js';
import { HttpError } from './http/errors.js';
import { faultError, RETRY_AFTER_SECONDS } from './http/fault-errors.js';
import { registerJournalRouting, type JournalRouting } from './http/journal-routing.js';
import { registerAnswerCaching } from './http/answer-caching.js';
import { openApiTransform, applyZodSchemas } from './http/route-contract.js';
import { SITE_URL_WARNING } from './http/public-origin.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerTextGuard } from './http/text-guard.js';
import { registerActivityRoutes } from './modules/activity/activity.routes.js';
import { registerArchivesRoutes } from './modules/archives/archives.routes.js';
import { registerTombstoneRoutes } from './modules/tombstones/tombstones.routes.js';
import { registerAdminRoutes } from './modules/admin/admin.routes.js';
import { registerArticleFileRoutes } from './modules/articles/article-files.routes.js';
import { registerArticleRoutes } from './modules/articles/articles.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerCiteRoutes } from './modules/cite/cite.routes.js';
import { registerCrossrefRoutes } from './modules/crossref/crossref.routes.js';
import { registerDoajRoutes } from './modules/doaj/doaj.routes.js';
import { registerDiscoveryRoutes } from './modules/discovery/discovery.routes.js';
import { registerEmailRoutes } from './modules/email/email.routes.js';
import { registerEditorsRoutes } from './modules/editors/editors.routes.js';
import { registerHealthRoutes } from './modules/health/health.routes.js';
import { registerIndexingRoutes } from './modules/indexing/indexing.routes.js';
import { registerContentPageRoutes } from './modules/pages/pages.routes.js';
import { registerSitePictureRoutes } from './modules/site-pictures/site-pictures.routes.js';
import { registerPdfRoutes } from './modules/pdf/pdf.routes.js';
import { registerSearchRoutes } from './modules/search/search.routes.js';
import { registerIssueRoutes } from './modules/issues/issues.routes.js';
import { registerIssueSchedule } from './modules/issues/issue-schedule.js';
import { registerJournalRoutes } from './modules/journals/journals.routes.js';
import { registerOaiRoutes } from './modules/oai/oai.routes.js';
import { answerPortal } from './modules/publisher/portal.js';
import { publisherRepository } from './modules/publisher/publisher-oai.js';
import { publisherCounter } from './modules/publisher/publisher-counter.js';
import { registerSettingsRoutes } from './modules/settings/settings.routes.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import { registerWorklogRoutes } from './modules/worklog/worklog.routes.js';
import { registerUsageRoutes } from './modules/usage/usage.routes.js';
import { isCounterPath, registerCounterRoutes } from './modules/counter/counter.routes.js';
import { registerStatisticsRoutes } from './modules/statistics/statistics.routes.js';
import { registerImportRoutes } from './modules/imports/imports.routes.js';
import { readClientAssets } from './render/client-assets.js';
import { registerPageRoutes } from './public-speed/page-routes.js';
import { trustProxyOption } from './http/trusted-proxies.js';

/** A load balancer asking must hear back in time even when the database does not answer at all. */
const HEALTH_TIMEOUT_MS = 2000;

export interface AppOptions {
  logger?: boolean | { level: string };
  /** The built browser bundle (script, styles, public files); pages render without scripts when it is missing. */
  clientDir: string;
  /** Render public pages in this many threads running the built render-thread script (none: in the main thread only). */
  renderThreads?: { script: string; count: number };
}

export async function buildApp(ctx: AppContext, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request is noise at info level and costs throughput; debug and trace keep it.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(ctx.config.LOG_LEVEL) }),
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 1_048_576,
  });

  if (!ctx.config.SITE_URL) app.log.warn(SITE_URL_WARNING);
  registerSecurityHeaders(app);
  registerAnswerCaching(app, ctx.config.PUBLIC_MAX_AGE);
  await app.register(compress, { threshold: 2048 });
  await app.register(swagger, {
    openapi: { info: { title: 'Journal website API', version: '1.0.0' } },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  applyZodSchemas(app);
  installErrorHandling(app);
  registerTextGuard(app);
  registerJournalRouting(app, { journals: ctx.journals, publisher: publisherPortal(ctx) });
  registerAuth(app, { tokens: ctx.tokens });
  registerStaticFiles(app, ctx, options.clientDir);

  // On PostgreSQL on a connection of its own: a pool whose every connection is busy is not a dead database.
  registerHealthRoutes(app, () => pingDatabase(ctx.db, HEALTH_TIMEOUT_MS));
  await registerAuthRoutes(app, sharedRateLimitStore(ctx.db));
  registerEmailRoutes(app);
  registerSettingsRoutes(app);
  registerFormRoutes(app);
  registerAdminRoutes(app);
  registerIssueRoutes(app);
  registerIssueSchedule(app, ctx);
  registerUserRoutes(app);
  registerArchivesRoutes(app);
  registerTombstoneRoutes(app);
  registerSearchRoutes(app);
  registerWorklogRoutes(app);
  registerPdfRoutes(app);
  registerOaiRoutes(app, ctx.config, publisherRepository(ctx));
  registerDiscoveryRoutes(app, ctx.config);
  registerActivityRoutes(app);
  registerContentPageRoutes(app);
  registerCiteRoutes(app, ctx.config);
  registerCrossrefRoutes(app);
  registerDoajRoutes(app);
  registerJournalRoutes(app, ctx.journalList);
  registerUsageRoutes(app, ctx.usage);
  registerCounterRoutes(app, publisherCounter(ctx));
  registerStatisticsRoutes(app);

  const assets = readClientAssets(options.clientDir);
  registerPageRoutes(app, ctx, assets, options.renderThreads);
  return app;
}

/**
 * The routes that take uploads (pdfFile, imgFile, an import's files), in a scope of their own with the multipart
 * plugin: its hooks would otherwise run on every answer, cached pages included. Uploads are read into memory and
 * checked before anything is written.
 */
function registerFormRoutes(app: FastifyInstance): void {
  app.register(async (forms) => {
    await forms.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 60, parts: 61, fieldSize: 400_000 },
    });
    registerIndexingRoutes(forms);
    registerArticleRoutes(forms);
    registerEditorsRoutes(forms);
    registerSitePictureRoutes(forms);
    registerImportRoutes(forms);
  });
}

/** PUBLISHER_HOST, when set, answers the portal page listing every journal, and the publisher's OAI-PMH repository. */
function publisherPortal(ctx: AppContext): JournalRouting['publisher'] {
  const host = ctx.config.PUBLISHER_HOST;
  return host === undefined
    ? undefined
    : {
        host,
        answerPortal: (request, reply) => answerPortal(request, reply, ctx),
        routes: { has: (path) => path === '/oai' || isCounterPath(path) },
      };
}

function registerStaticFiles(app: FastifyInstance, ctx: AppContext, clientDir: string): void {
  // Uploaded and generated files of the request's journal (specification: Entities and their fields, File
  // locations); article PDFs only through their route, which serves the files of published articles
  // (docs/security.md, Output).
  app.register(async (scope) => {
    // reply.sendFile with ranges, ETags and a day of caching; each answer names its journal's folder as the root.
    await scope.register(fastifyStatic, { root: path.join(ctx.config.DATA_DIR, 'files'), serve: false, maxAge: '1d' });
    scope.get('/assets/*', { schema: { hide: true } }, (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      if (file.startsWith('archives/')) return reply.callNotFound();
      return reply.sendFile(file, request.site.files.root);
    });
    registerArticleFileRoutes(scope, ctx.usage);
  });
  // The browser bundle: hashed names under /static/ never change, so they are cached for a year.
  app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}static${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });
}

function installErrorHandling(app: FastifyInstance): void {
  const sendHttpError = (reply: FastifyReply, error: HttpError) => {
    // A 503 is a passing state, so it says when to ask again.
    if (error.statusCode === 503 && !reply.hasHeader('retry-after'))
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.code(error.statusCode).send({ error: error.code, message: error.message });
  };
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendHttpError(reply, error);
    const fault = faultError(error);
    if (fault) {
      request.log.warn({ err: error }, fault.message);
      return sendHttpError(reply, fault);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.code?.toLowerCase() ?? 'bad_request', message: error.message });
    }
    request.log.error(error);
    return reply.code(500).send({ error: 'internal_error', message: 'Something went wrong' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ error: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` }),
  );
  // API paths never fall through to the page renderer.
  for (const prefix of ['/api/*', '/auth/*']) {
    app.get(prefix, { schema: { hide: true } }, (request, reply) =>
      reply.code(404).send({ error: 'not_found', message: `No route for GET ${request.url.split('?')[0]}` }),
    );
  }
}
