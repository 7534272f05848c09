// A port nobody listens on, chosen by the operating system. A random pick among high ports can land on
// one held by an outgoing connection (they come from the same range) and the server then fails to start.
import net from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
