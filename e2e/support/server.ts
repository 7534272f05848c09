import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

export interface RunningServer {
  baseUrl: string;
  /** The server's DATA_DIR (its SQLite file is journal.sqlite there). */
  dataDir: string;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Server exited early:\n${log()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Server did not become healthy:\n${log()}`);
}

/**
 * Starts the built server (DIST_DIR, default dist) on the demo journal in a fresh DATA_DIR, on `env.PORT` or a free
 * port (a journey that sets SITE_URL chooses the port first). With `dataDir`, it runs on that folder as it is and
 * leaves it in place when it stops.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  { dataDir: given }: { dataDir?: string } = {},
): Promise<RunningServer> {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const entry = path.resolve(root, process.env.DIST_DIR ?? 'dist', 'server', 'main.js');
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const dataDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'journal-e2e-'));
  const port = env.PORT ?? String(await freePort());
  let output = '';
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, () => output);
  return {
    baseUrl,
    dataDir,
    async stop() {
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
      if (!given) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
