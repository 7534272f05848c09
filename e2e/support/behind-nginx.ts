import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nginxInstalled, NGINX_PATH, startNginx } from '../../scripts/nginx-proxy.mjs';
import { withPgClient } from '../../src/server/test/test-app.js';
import { startBuiltServer, type RunningServer } from './server.js';

/** Whether the journeys through docs/deploy/nginx.conf must be skipped: only outside CI, where nginx may be missing. */
export function nginxMissing(): boolean {
  const missing = !nginxInstalled();
  if (missing && process.env.CI === 'true') throw new Error(`No nginx at ${NGINX_PATH}: .ci/run installs nginx-light`);
  return missing;
}

export interface SiteBehindNginx {
  /** The first instance, which the journeys sign in to and write through directly. */
  site: RunningServer;
  instances: RunningServer[];
  proxy: Awaited<ReturnType<typeof startNginx>>;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL schema of its own in TEST_DATABASE_URL's database, for instances that must share one database (SQLite
 * runs one instance). Outside CI, without TEST_DATABASE_URL, there is none and the journey runs one instance.
 */
async function sharedDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    if (process.env.CI === 'true') throw new Error('Several instances need PostgreSQL: set TEST_DATABASE_URL');
    return null;
  }
  const schema = `e2e_${crypto.randomBytes(6).toString('hex')}`;
  await withPgClient(base, (client) => client.query(`CREATE SCHEMA ${schema}`));
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: () => withPgClient(base, (client) => client.query(`DROP SCHEMA ${schema} CASCADE`)).then(() => undefined),
  };
}

/**
 * The built site on the demo journal as the deployment runs it: with TRUST_PROXY=1 behind Debian's nginx running
 * docs/deploy/nginx.conf, signed in to by `admin`. With `instances` above one, that many instances on one
 * PostgreSQL database, one DATA_DIR and one JWT_SECRET, each a line of nginx's upstream (docs/operations/deployment.md, several instances).
 */
export async function startBehindNginx(
  admin: { username: string; password: string },
  env: Record<string, string>,
  { instances: count = 1 } = {},
): Promise<SiteBehindNginx> {
  const database = count > 1 ? await sharedDatabase() : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-e2e-'));
  const shared = {
    TRUST_PROXY: '1',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  };
  const instances: RunningServer[] = [];
  const stop = async () => {
    for (const instance of instances) await instance.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // One after the other: the first migrates and seeds the demo, the others find it done.
    for (let i = 0; i < (database ? count : 1); i++) instances.push(await startBuiltServer(shared, { dataDir }));
    const proxy = await startNginx(instances.map((instance) => Number(new URL(instance.baseUrl).port)));
    return {
      site: instances[0]!,
      instances,
      proxy,
      async stop() {
        await proxy.stop();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
