import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

/** How often scheduled issues are looked for: an issue appears within this long of its time. */
export const SCHEDULE_CHECK_MS = 10_000;

/**
 * Publishes scheduled issues when their time comes (decision 098). The schedule lives in the database, so it survives
 * restarts, and every process may check it: an issue is published once whichever process comes first.
 */
export function registerIssueSchedule(app: FastifyInstance, ctx: AppContext, everyMs = SCHEDULE_CHECK_MS): void {
  let running: Promise<void> | null = null;
  const check = async () => {
    for (const site of ctx.journals.all()) {
      const published = await site.services.issues.publishDue(new Date());
      if (published > 0) app.log.info({ journal: site.journal.id, published }, 'published scheduled issues');
    }
  };
  const timer = setInterval(() => {
    // A slow database must not pile checks up.
    running ??= check()
      .catch((error: unknown) => app.log.warn({ err: error }, 'scheduled issues not published yet; trying again'))
      .finally(() => (running = null));
  }, everyMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
