import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.mjs';
import { waitUntil } from '../src/server/test/wait-until.js';

/**
 * `npm start` on an empty DATA_DIR, as a publisher first runs it: what it prints, and that stopping npm (a service
 * manager signals the process it started, npm's) stops the server too.
 */
const root = path.resolve(import.meta.dirname, '..');

interface Started {
  npm: ChildProcess;
  port: number;
  dataDir: string;
  output(): string;
}

const started: Started[] = [];
afterEach(() => {
  for (const run of started.splice(0)) {
    // npm runs in a process group of its own: whatever a failed test left of it goes with the group.
    if (groupAlive(run.npm.pid!)) process.kill(-run.npm.pid!, 'SIGKILL');
    fs.rmSync(run.dataDir, { recursive: true, force: true });
  }
});

/** `npm start` in a group of its own, on a fresh DATA_DIR and a free port, once the server listens. */
async function npmStart(): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-first-start-'));
  const port = await freePort();
  let output = '';
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  npm.stdout!.on('data', (chunk) => (output += chunk));
  npm.stderr!.on('data', (chunk) => (output += chunk));
  const run = { npm, port, dataDir, output: () => output };
  started.push(run);
  // npm start builds first when the sources are newer than the build.
  await waitUntil(() => npm.exitCode !== null || output.includes('Sign in at '), {
    message: () => `the server to start:\n${output}`,
    timeoutMs: 240_000,
  });
  if (npm.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
  return run;
}

const refusesConnections = (port: number) =>
  waitUntil(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect({ port, host: '127.0.0.1' });
        socket.once('connect', () => (socket.destroy(), resolve(false)));
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
      }),
    { message: `port ${port} to refuse connections`, intervalMs: 100, timeoutMs: 20_000 },
  );

describe('npm start', { timeout: 300_000 }, () => {
  it('prints the generated password and where to sign in as plain lines, the address last', async () => {
    const run = await npmStart();
    const lines = run.output().trimEnd().split('\n');
    const password = /^ {2}password: (\S+)$/m.exec(run.output())?.[1];
    expect(password, run.output()).toBeTruthy();
    expect(run.output()).toMatch(/^ {2}user name: admin$/m);
    expect(lines.at(-1)).toBe(`Sign in at http://127.0.0.1:${run.port}/admin/login`);
    // Not in a JSON log line.
    expect(
      run
        .output()
        .split('\n')
        .filter((line) => line.includes(password!)),
    ).toEqual([`  password: ${password}`]);
    const login = await fetch(`http://127.0.0.1:${run.port}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('stops the server when npm alone receives %s', async (signal) => {
    const run = await npmStart();
    const npmExited = new Promise((resolve) => run.npm.once('exit', resolve));
    process.kill(run.npm.pid!, signal);
    await refusesConnections(run.port);
    await npmExited;
    // Nothing of the group is left: the server closed the database and exited.
    await waitUntil(() => !groupAlive(run.npm.pid!), { message: 'every process of npm start to exit' });
  });
});

/** Whether any process of the group is still running. */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}
