// The open-loop load of `npm run bench` (scripts/bench.mjs): asks at a fixed rate, whatever the server's answers
// do, as readers arrive, and times each answer from the moment its request was due rather than from when it was
// sent, so that a server falling behind is charged for the wait (no coordinated omission). wrk cannot do this: it
// sends a connection's next request when the last one is answered, and wrk2, which paces, is not in Debian.
//
// One argument, JSON: { url, rate, seconds, warmUpSeconds, connections, headers, pathsFile, unique, run }.
// pathsFile lists the paths to ask in turn, one a line, as scripts/bench-wrk.lua reads them ("host path" asks the
// path with that Host header); unique adds a query string no other request of the run carries. Requests due in the
// first warmUpSeconds are sent but not counted. Prints one line: BENCH_OPEN_LOOP {figures as JSON}.
import fs from 'node:fs';
import http from 'node:http';

const options = JSON.parse(process.argv[2]);
const lines = fs.readFileSync(options.pathsFile, 'utf8').split('\n').filter(Boolean);
/** Keep-alive connections, at most options.connections; requests due while all are busy wait for one, timed. */
const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
const interval = 1000 / options.rate;
const total = Math.round(options.rate * (options.warmUpSeconds + options.seconds));
const counted = { from: Math.round(options.rate * options.warmUpSeconds), latencies: [], fromSend: [], lateness: [] };
const tally = { notOk: 0, errors: 0, bytes: 0 };

function requestOf(n) {
  const line = lines[n % lines.length];
  const [host, at] = line.includes(' ') ? line.split(' ') : [null, line];
  const separator = at.includes('?') ? '&' : '?';
  const path = options.unique ? `${at}${separator}bench=${options.run}.open.${n}` : at;
  return { path, headers: host ? { ...options.headers, host } : options.headers };
}

/** Sends request n, due at `due` (performance.now() time); resolves when it is answered or has failed. */
function ask(n, due) {
  const { path, headers } = requestOf(n);
  const isCounted = n >= counted.from;
  const sent = performance.now();
  if (isCounted) counted.lateness.push(sent - due);
  return new Promise((resolve) => {
    const request = http.get(`${options.url}${path}`, { agent, headers, timeout: 5000 }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => {
        if (isCounted) {
          const answered = performance.now();
          counted.latencies.push(answered - due);
          counted.fromSend.push(answered - sent);
          tally.bytes += bytes;
          if (response.statusCode !== 200) tally.notOk += 1;
        }
        resolve();
      });
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', () => {
      if (isCounted) tally.errors += 1;
      resolve();
    });
  });
}

/** Sends every request at its due time (start + n × interval), catching up at once when the timer fired late. */
async function offer() {
  const started = performance.now();
  const answers = [];
  let cpuAtCount;
  for (let n = 0; n < total;) {
    const now = performance.now();
    for (; n < total && started + n * interval <= now; n++) {
      if (n === counted.from) cpuAtCount = { cpu: process.cpuUsage(), at: performance.now() };
      answers.push(ask(n, started + n * interval));
    }
    if (n < total) await new Promise((resolve) => setTimeout(resolve, started + n * interval - performance.now()));
  }
  const { user, system } = process.cpuUsage(cpuAtCount.cpu);
  const busy = (user + system) / 1000 / (performance.now() - cpuAtCount.at);
  await Promise.all(answers);
  return busy;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

const busy = await offer();
agent.destroy();
const latencies = counted.latencies.sort((a, b) => a - b);
const lateness = counted.lateness.sort((a, b) => a - b);
const fromSend = counted.fromSend.sort((a, b) => a - b);
const answered = latencies.length;
console.log(
  `BENCH_OPEN_LOOP ${JSON.stringify({
    offered: total - counted.from,
    answered,
    seconds: options.seconds,
    bytes: answered ? tally.bytes / answered : 0,
    notOk: tally.notOk,
    errors: tally.errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    sendLateP99: percentile(lateness, 99),
    // The same answers timed from when the generator sent them: what it shows beside p99 when it fell behind.
    p99FromSend: percentile(fromSend, 99),
    generatorBusy: busy,
  })}`,
);
