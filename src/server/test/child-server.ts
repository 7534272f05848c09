import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../scripts/free-port.mjs';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * Bundles the server as `npm run build` does (the server half only, a few seconds) into a folder of its
 * own inside the project, where its packages resolve; a bundle starts several times faster than the
 * sources through a TypeScript loader.
 */
export async function buildServer(): Promise<{ entry: string; remove(): void }> {
  const distDir = path.join(root, '.build', `server-${crypto.randomBytes(5).toString('hex')}`);
  await promisify(execFile)(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--ssr', '--logLevel', 'error'],
    {
      cwd: root,
      env: { ...process.env, DIST_DIR: distDir },
    },
  );
  fs.mkdirSync(path.join(distDir, 'client')); // no browser bundle: pages render without scripts
  return {
    entry: path.join(distDir, 'server', 'main.js'),
    remove: () => fs.rmSync(distDir, { recursive: true, force: true }),
  };
}

/** A server in a process of its own. */
export interface ChildServer {
  baseUrl: string;
  child: ChildProcess;
  /** What it printed so far. */
  output(): string;
  /** Sends the signal and waits for the process to end. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output()}`);
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Server did not become healthy:\n${output()}`);
}

/** Starts the bundled server `entry` (see buildServer) with `env` on a free port, pages rendered in its main thread. */
export async function startChildServer(entry: string, env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  let printed = '';
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', RENDER_THREADS: '0', WEB_CONCURRENCY: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (printed += chunk));
  child.stderr!.on('data', (chunk) => (printed += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const output = () => printed;
  try {
    await waitForHealth(baseUrl, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    child,
    output,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
