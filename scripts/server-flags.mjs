import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

// Node's flags and environment for the server process, shared by `npm start`, `npm run bench` and the browser
// journeys, so that what is measured and tested is what runs.
//
// A heap limit well below the machine's memory makes V8 size its heap as on a small machine: under the
// load of `npm run bench` the server peaked near 200 MB resident instead of 300 MB, with the same
// throughput. The server's live data stays far below the limit (about 50-110 MB under that load).
//
// Each render thread is a V8 heap of its own, and by default each grows a young generation of up to
// 3 x 16 MB under load. The flag holds for every thread of the process. With a 2 MB semi-space a render thread
// spent a fifth of its time collecting garbage at 50,000 articles; one render thread on two cores with a 4 MB
// semi-space answers first renders with a lower p99 than two threads with 2 MB, in 250-260 MB instead of 310 MB
// (docs/decisions/103-one-render-thread-per-spare-core.md).
//
// V8 allocates objects straight in the old generation once most objects of their allocation site have lived long
// (pretenuring), and keeps doing so. A first render holds its request's objects for tens of milliseconds while a render
// thread works, so the request path's sites were pretenured; repeat views then put about 0.5 MB of short-lived
// objects a scavenge into the old generation, and a mark-compact every 200 ms stopped the main thread for up to
// 10 ms: repeat views after first renders fell from 52% to 30-40% of the baseline, p99 from 1.5 to 10 ms
// (docs/decisions/110-no-pretenuring.md).
//
// V8 collects garbage and compiles in a pool of helper threads, four by default whatever the machine. On two cores
// the four took turns with the render thread and the main thread: with one helper, first renders of issue / article /
// home pages were 1-19 / 3-15 / 8-13 % more a second, p99 the same or lower, repeat views the same (alternating rounds,
// docs/decisions/110-no-pretenuring.md). Half the cores, at least one.
export const SERVER_NODE_FLAGS = [
  '--max-old-space-size=512',
  '--max-semi-space-size=4',
  '--no-allocation-site-pretenuring',
  `--v8-pool-size=${Math.max(1, Math.floor(os.availableParallelism() / 2))}`,
];

// glibc gives each thread that allocates (render threads, the thread pool that compresses stored pages and reads
// files) an allocation arena of its own, and keeps what each has held. Two arenas for the whole process brought
// the peak of `npm run bench` from 262-270 MB to 248-257 MB with the same throughput (docs/decisions/082-page-bytes-made-once.md).
//
// A fixed MALLOC_MMAP_THRESHOLD_ of 1 MB kept the peak of a 300 MB OJS import check at 237-248 MB instead of 260-267,
// but home and issue repeat views were 20-37 % lower with it in alternating rounds, so it is not set: that import
// check is over the 256 MB bar (docs/performance-log.md). Values already in the environment win.
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
};

/**
 * The built server (dist/server/main.js under `root`) as `npm start` runs it, on `port`, with `env` over the
 * environment: the benches measure what runs.
 */
export function spawnBuiltServer(root, port, env) {
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'dist', 'server', 'main.js')], {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
