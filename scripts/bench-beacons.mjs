// The readers' beacons of the bench's counting figure (docs/quality-bars.md): a steady number a second, each from a
// reader of its own (its own User-Agent), written as plain HTTP/1.1 on one kept-alive connection.
//
// The server, wrk and this sender share the machine's two cores. Node's HTTP client took about a millisecond of CPU a
// beacon, a tenth of a core at 100 a second, and the counting figure then measured the sender as much as the server.
import net from 'node:net';

const HEAD_END = '\r\n\r\n';
/** How long stop() waits for the last answers. */
const DRAIN_MS = 5000;

/** Sends `perSecond` beacons for `ref` until stop(), which resolves to how many the server answered as counted. */
export function beaconStream(url, ref, perSecond) {
  const { host, hostname, port } = new URL(url);
  const body = JSON.stringify({ ref });
  const socket = net.connect(Number(port), hostname);
  socket.setNoDelay(true);
  socket.setEncoding('latin1');
  let sent = 0;
  let answered = 0;
  let counted = 0;
  let received = '';
  let drained = () => {};

  socket.on('data', (chunk) => {
    received += chunk;
    for (let answer = takeAnswer(); answer; answer = takeAnswer()) {
      answered += 1;
      if (answer.status === 200 && JSON.parse(answer.body).counted) counted += 1;
    }
    if (answered === sent) drained();
  });
  socket.on('error', () => drained());
  socket.on('close', () => drained());

  /** The first whole answer received, or null while it is still arriving. */
  function takeAnswer() {
    const headEnd = received.indexOf(HEAD_END);
    if (headEnd < 0) return null;
    const head = received.slice(0, headEnd);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    const bodyStart = headEnd + HEAD_END.length;
    if (received.length < bodyStart + length) return null;
    const answer = { status: Number(head.split(' ', 2)[1]), body: received.slice(bodyStart, bodyStart + length) };
    received = received.slice(bodyStart + length);
    return answer;
  }

  const send = () => {
    sent += 1;
    socket.write(
      `POST /api/usage/view HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        `User-Agent: Mozilla/5.0 (X11; Linux x86_64) Reader/${sent}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}${HEAD_END}${body}`,
    );
  };
  const timer = setInterval(send, 1000 / perSecond);

  return {
    async stop() {
      clearInterval(timer);
      if (answered < sent) {
        await new Promise((resolve) => {
          drained = resolve;
          setTimeout(resolve, DRAIN_MS).unref();
        });
      }
      socket.destroy();
      return counted;
    },
  };
}
