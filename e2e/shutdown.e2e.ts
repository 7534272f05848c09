import { journalFilesRoot } from '../src/server/journals/journal-files.js';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { articleFields, issueFields, testPdf } from '../src/server/test/article-form.js';
import { waitUntil } from '../src/server/test/wait-until.js';

// SIGTERM and SIGINT (decision 012): the server stops taking connections, lets requests in flight finish
// (at most 10 s), closes keep-alive connections as their answers go out, and exits 0; with WEB_CONCURRENCY
// the primary passes the signal on and exits 0 when its workers have.

const ADMIN = { username: 'admin', password: 'shutdown-admin-password' };
const ISSUE = { year: 2026, volume: 1, issue: 1, frequency: 'jan-feb' };
const root = path.resolve(import.meta.dirname, '..');

interface Server {
  port: number;
  process: ChildProcess;
  dataDir: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  token: string;
  /** What it printed so far: at LOG_LEVEL=debug, a line for each request it takes. */
  output(): string;
}

const started: Server[] = [];
afterEach(() => {
  for (const server of started.splice(0)) {
    if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
});

/** The built server on an empty journal with one issue, in a process group of its own (as a terminal runs it). */
async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-shutdown-'));
  const port = await freePort();
  let output = '';
  const entry = path.resolve(root, process.env.DIST_DIR ?? 'dist', 'server', 'main.js');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'debug',
      ...ADMIN_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: Server = { port, process: child, dataDir, exited, token: '', output: () => output };
  started.push(server);
  // Every serving process (each worker with WEB_CONCURRENCY) handles the signals once it listens: one still starting
  // would be ended by a signal instead of closing.
  const processes = Number(env.WEB_CONCURRENCY ?? 1);
  const listening = () => output.split('\n').filter((line) => line.includes('"msg":"Server listening at ')).length;
  await waitUntil(() => child.exitCode !== null || listening() >= processes, {
    message: () => `${processes} server processes to listen:\n${output}`,
    timeoutMs: 60_000,
  });
  if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
  const login = await fetch(`http://127.0.0.1:${port}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  server.token = ((await login.json()) as { token: string }).token;
  const issue = await fetch(`http://127.0.0.1:${port}/api/admin/create-issue`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(ISSUE),
  });
  expect(issue.status).toBeLessThan(300);
  return server;
}
const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

/** A PDF of about 3 MB, so that sending or reading it takes many socket writes. */
const bigPdf = (label: string) => testPdf(label, Buffer.alloc(3_000_000, 'x'));

/** The multipart body of POST /api/admin/archives/ (add an article) with `pdf` as its file. */
function articleUpload(n: number, pdf: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----shutdown${n}`;
  const fields = articleFields(n, { refnumber: String(8000 + n), txnid: `TXN-S-${n}`, ...issueFields(ISSUE) });
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="pdfFile"; filename="paper.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(parts.join('') + fileHead), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface Answer {
  status: number;
  body: Buffer;
}

/**
 * Starts an upload on a keep-alive connection and sends only its first half; `finish()` sends the rest.
 * `closed` settles when the server closes the connection.
 */
function startUpload(server: Server, n: number, pdf: Buffer, agent: http.Agent) {
  const { body, contentType } = articleUpload(n, pdf);
  let closed!: Promise<void>;
  const request = http.request({
    port: server.port,
    host: '127.0.0.1',
    method: 'POST',
    path: '/api/admin/archives/',
    agent,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': contentType, 'content-length': body.length },
  });
  request.on('socket', (socket) => (closed = new Promise((resolve) => socket.once('close', () => resolve()))));
  const answer = readAnswer(request);
  request.write(body.subarray(0, body.length / 2));
  return {
    answer,
    closed: () => closed,
    finish: () => request.end(body.subarray(body.length / 2)),
  };
}

function readAnswer(
  request: http.ClientRequest,
  onFirstChunk?: (response: http.IncomingMessage) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        if (chunks.length === 0) onFirstChunk?.(response);
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
  });
}

/** Resolves once the port refuses new connections. */
async function refusesConnections(port: number): Promise<void> {
  await waitUntil(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect({ port, host: '127.0.0.1' });
        socket.once('connect', () => (socket.destroy(), resolve(false)));
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
      }),
    { message: `port ${port} to refuse connections`, intervalMs: 50 },
  );
}

/**
 * Waits until the server has taken its `count`-th upload (the line it logs for each incoming request), so that a
 * signal sent next finds the upload in flight.
 */
async function serverHasUpload(server: Server, count: number): Promise<void> {
  const uploads = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"incoming request"') && line.includes('"url":"/api/admin/archives/"'))
      .length;
  await waitUntil(() => uploads() >= count, {
    message: () => `the server to take upload ${count}:\n${server.output()}`,
  });
}

const storedPdf = (server: Server, n: number) =>
  fs.readFileSync(
    path.join(
      journalFilesRoot(server.dataDir, 1),
      'archives',
      String(ISSUE.year),
      `vol${ISSUE.volume}issue${ISSUE.issue}`,
      `${8000 + n}.pdf`,
    ),
  );

// Well above the 10 s grace period, well below the 72 s a kept-alive connection would hold the server open.
describe('graceful shutdown', { timeout: 40_000 }, () => {
  it('on SIGTERM finishes an upload and a download in flight, refuses new connections, closes kept-alive ones and exits 0', async () => {
    const server = await startServer();
    const agent = new http.Agent({ keepAlive: true });
    const first = bigPdf('first');
    const upload = startUpload(server, 1, first, agent);
    upload.finish();
    expect((await upload.answer).status).toBe(201);

    // A download read slowly: paused after its first chunk until the server is closing.
    const download = http.get({
      port: server.port,
      host: '127.0.0.1',
      agent,
      path: `/assets/archives/${ISSUE.year}/vol${ISSUE.volume}issue${ISSUE.issue}/8001.pdf`,
    });
    let paused!: (response: http.IncomingMessage) => void;
    const reading = new Promise<http.IncomingMessage>((resolve) => (paused = resolve));
    const downloaded = readAnswer(download, (response) => (response.pause(), paused(response)));
    const downloadResponse = await reading;
    const second = bigPdf('second');
    const slowUpload = startUpload(server, 2, second, agent);
    await serverHasUpload(server, 2);

    server.process.kill('SIGTERM');
    await refusesConnections(server.port);
    downloadResponse.resume();
    slowUpload.finish();

    const [got, saved] = await Promise.all([downloaded, slowUpload.answer]);
    expect(got.status).toBe(200);
    expect(got.body.equals(first)).toBe(true);
    expect(saved.status).toBe(201);
    expect(storedPdf(server, 2).equals(second)).toBe(true);
    // The client keeps its connections; the server closes them once their answers are sent.
    await upload.closed();
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
  });

  it('cuts a request that does not finish within the grace period, then exits 0', async () => {
    const server = await startServer();
    const stalled = startUpload(server, 1, bigPdf('never finished'), new http.Agent({ keepAlive: true }));
    const outcome = stalled.answer.then(
      () => 'answered',
      () => 'cut',
    );
    await serverHasUpload(server, 1);
    server.process.kill('SIGTERM');
    await refusesConnections(server.port);
    expect(await outcome).toBe('cut');
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
    expect(
      fs.existsSync(
        path.join(
          journalFilesRoot(server.dataDir, 1),
          'archives',
          String(ISSUE.year),
          `vol${ISSUE.volume}issue${ISSUE.issue}`,
          '8001.pdf',
        ),
      ),
    ).toBe(false);
  });

  it('with two worker processes, Ctrl-C (SIGINT to the whole process group) lets an upload in flight finish, then all exit 0', async () => {
    const server = await startServer({ WEB_CONCURRENCY: '2' });
    const pdf = bigPdf('cluster');
    const upload = startUpload(server, 1, pdf, new http.Agent({ keepAlive: true }));
    await serverHasUpload(server, 1);
    process.kill(-server.process.pid!, 'SIGINT');
    await refusesConnections(server.port);
    upload.finish();
    expect((await upload.answer).status).toBe(201);
    expect(storedPdf(server, 1).equals(pdf)).toBe(true);
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
  });
});
