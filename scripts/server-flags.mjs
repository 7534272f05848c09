// Node's flags for the server process, shared by `npm start`, `npm run bench` and the browser journeys,
// so that what is measured and tested is what runs.
//
// A heap limit well below the machine's memory makes V8 size its heap as on a small machine: under the
// load of `npm run bench` the server peaked near 200 MB resident instead of 300 MB, with the same
// throughput. The server's live data stays far below the limit (about 50-110 MB under that load).
export const SERVER_NODE_FLAGS = ['--max-old-space-size=512'];
