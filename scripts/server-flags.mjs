// Node's flags and environment for the server process, shared by `npm start`, `npm run bench` and the browser
// journeys, so that what is measured and tested is what runs.
//
// A heap limit well below the machine's memory makes V8 size its heap as on a small machine: under the
// load of `npm run bench` the server peaked near 200 MB resident instead of 300 MB, with the same
// throughput. The server's live data stays far below the limit (about 50-110 MB under that load).
//
// Each render thread is a V8 heap of its own, and by default each grows a young generation of up to
// 3 x 16 MB under load: the server with two render threads peaked at 334-345 MB. A 2 MB semi-space (the
// flag holds for every thread of the process) brought the peak of `npm run bench` to 236 MB, with first
// renders and repeat views a second within the machine's run-to-run spread
// (docs/decisions/007-render-threads.md).
export const SERVER_NODE_FLAGS = ['--max-old-space-size=512', '--max-semi-space-size=2'];

// glibc gives each thread that allocates (render threads, the thread pool that compresses stored pages and reads
// files) an allocation arena of its own, and keeps what each has held. Two arenas for the whole process brought
// the peak of `npm run bench` from 262-270 MB to 248-257 MB with the same throughput (docs/decisions/082-page-bytes-made-once.md).
// A value already in the environment wins.
export const SERVER_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };
