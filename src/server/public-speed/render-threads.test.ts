import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EncodedPage, PageRequest } from './encoded-pages.js';
import { RenderThreads } from './render-threads.js';

/**
 * A stand-in for the built render-thread script, speaking its protocol: it answers with its thread id and
 * the writes it has heard of, fails the page '/fail', and exits on '/exit'.
 */
const FAKE_THREAD = `
import { parentPort, threadId } from 'node:worker_threads';
let writes = 0;
parentPort.on('message', (message) => {
  if (message.kind === 'write') return void (writes += 1);
  const { id, request } = message;
  if (request.url === '/fail') return parentPort.postMessage({ kind: 'failed', id, reason: 'no such page' });
  if (request.url === '/exit') process.exit(3);
  const body = new TextEncoder().encode(threadId + ' ' + writes + ' ' + request.url);
  parentPort.postMessage({ kind: 'page', id, page: { status: 200, body, encoding: null } });
});
parentPort.postMessage({ kind: 'ready' });
`;

let script: string;
beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-threads-'));
  script = path.join(dir, 'fake-render-thread.mjs');
  fs.writeFileSync(script, FAKE_THREAD);
});
afterAll(() => fs.rmSync(path.dirname(script), { recursive: true, force: true }));

const log = { error: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
const renderHere = vi.fn(async (request: PageRequest): Promise<EncodedPage> => ({
  status: 200,
  body: Buffer.from(`here ${request.url}`),
  scriptHashes: [],
  encoding: null,
}));
const request = (url: string): PageRequest => ({ journalId: 1, url, origin: 'http://journal.test', encoding: null });

let pool: RenderThreads | undefined;
afterEach(async () => {
  await pool?.close();
  renderHere.mockClear();
});

async function readyPool(count: number): Promise<RenderThreads> {
  pool = new RenderThreads({ script, count, data: {} as never, log }, renderHere);
  await vi.waitFor(() => expect(pool!.readyCount).toBe(count), { timeout: 10_000 });
  return pool;
}

/** Answer text split into the thread that rendered it (or 'here'), the writes it had heard of, and the URL. */
const answer = async (page: Promise<EncodedPage>) => {
  const { body } = await page;
  expect(Buffer.isBuffer(body)).toBe(true);
  return body.toString().split(' ');
};

describe('RenderThreads', () => {
  it('renders in the main thread until a thread is ready, then in the threads', async () => {
    pool = new RenderThreads({ script, count: 1, data: {} as never, log }, renderHere);
    expect(await answer(pool.render(request('/early')))).toEqual(['here', '/early']);
    await vi.waitFor(() => expect(pool!.readyCount).toBe(1), { timeout: 10_000 });
    const [thread, , url] = await answer(pool.render(request('/later')));
    expect(thread).not.toBe('here');
    expect(url).toBe('/later');
    expect(renderHere).toHaveBeenCalledTimes(1);
  });

  it('spreads pages waiting at the same time over the threads', async () => {
    await readyPool(2);
    const pages = await Promise.all(['/a', '/b', '/c', '/d'].map((url) => answer(pool!.render(request(url)))));
    expect(pages.map(([, , url]) => url)).toEqual(['/a', '/b', '/c', '/d']);
    expect(new Set(pages.map(([thread]) => thread)).size).toBe(2);
  });

  it('tells every thread of a write', async () => {
    await readyPool(2);
    pool!.announceWrite(1);
    const pages = await Promise.all(['/a', '/b'].map((url) => answer(pool!.render(request(url)))));
    expect(new Set(pages.map(([thread]) => thread)).size).toBe(2);
    expect(pages.map(([, writes]) => writes)).toEqual(['1', '1']);
  });

  it('renders in the main thread a page a thread failed', async () => {
    await readyPool(1);
    expect(await answer(pool!.render(request('/fail')))).toEqual(['here', '/fail']);
    expect(log.warn).toHaveBeenCalledWith(
      { url: '/fail', reason: 'no such page' },
      expect.stringContaining('rendering it in the main thread'),
    );
  });

  it('renders in the main thread the pages of a thread that exited, and starts another thread', async () => {
    await readyPool(1);
    expect(await answer(pool!.render(request('/exit')))).toEqual(['here', '/exit']);
    await vi.waitFor(() => expect(pool!.readyCount).toBe(1), { timeout: 10_000 });
    expect((await answer(pool!.render(request('/after'))))[0]).not.toBe('here');
  });

  it('gives the threads up when they keep exiting, and renders every page in the main thread', async () => {
    await readyPool(1);
    const logged = vi.mocked(log.error).mock.calls.length;
    for (let exits = 0; exits < 6; exits++) {
      await vi.waitFor(() => expect(pool!.readyCount).toBe(1), { timeout: 10_000 });
      await pool!.render(request('/exit'));
    }
    // A page of an exiting thread is answered once the pool has handled the exit: five restarts, then none.
    expect(vi.mocked(log.error).mock.calls.slice(logged)).toEqual([
      ...Array.from({ length: 5 }, () => ['Render thread exited (code 3); starting another']),
      ['Render threads keep exiting; pages are rendered in the main thread from now on'],
    ]);
    expect(pool!.readyCount).toBe(0);
    expect(await answer(pool!.render(request('/after')))).toEqual(['here', '/after']);
  });
});
