import { nginxInstalled, NGINX_PATH, startNginx } from '../../scripts/nginx-proxy.mjs';
import { startBuiltServer, type RunningServer } from './server.js';

/** Whether the journeys through docs/deploy/nginx.conf must be skipped: only outside CI, where nginx may be missing. */
export function nginxMissing(): boolean {
  const missing = !nginxInstalled();
  if (missing && process.env.CI === 'true') throw new Error(`No nginx at ${NGINX_PATH}: .ci/run installs nginx-light`);
  return missing;
}

export interface SiteBehindNginx {
  site: RunningServer;
  proxy: Awaited<ReturnType<typeof startNginx>>;
  stop(): Promise<void>;
}

/**
 * The built site on the demo journal as the deployment runs it: with TRUST_PROXY=1 behind Debian's nginx running
 * docs/deploy/nginx.conf, signed in to by `admin`.
 */
export async function startBehindNginx(
  admin: { username: string; password: string },
  env: Record<string, string>,
): Promise<SiteBehindNginx> {
  const site = await startBuiltServer({
    TRUST_PROXY: '1',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    ...env,
  });
  const proxy = await startNginx(Number(new URL(site.baseUrl).port)).catch(async (error: unknown) => {
    await site.stop();
    throw error;
  });
  return {
    site,
    proxy,
    async stop() {
      await proxy.stop();
      await site.stop();
    },
  };
}
