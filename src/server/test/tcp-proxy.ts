import net from 'node:net';

/** One connection through the proxy: the client's socket and, once bytes first flow, the socket to the target. */
interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
}

/**
 * What a blackhole does with the bytes sent meanwhile. `hold`: nothing is read, so they wait in the sockets' buffers
 * and arrive once it is over, as TCP retransmits through a network that comes back. `drop`: they are read and thrown
 * away, so they never arrive, as when a firewall or NAT in between forgets the connection.
 */
export type BlackholeMode = 'hold' | 'drop';

const discard = () => {};

/**
 * A TCP proxy in front of a server (PostgreSQL in the tests), standing for the network between: `blackhole()`
 * stops bytes getting through either way while every socket stays open, as a broken network does (nothing is
 * refused, nothing is closed, nothing arrives), and `resume()` forwards them again. Connections opened during a
 * blackhole are accepted and held, and reach the target once it is over. `close()` drops everything.
 */
export class TcpProxy {
  port = 0;
  private server: net.Server | null = null;
  private readonly pairs = new Set<Pair>();
  private blackholed: BlackholeMode | null = null;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Listens on 127.0.0.1 (on the port it had, when it is opened again). */
  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const pair: Pair = { client, upstream: null };
      this.pairs.add(pair);
      client.on('error', () => client.destroy());
      client.on('close', () => {
        pair.upstream?.destroy();
        this.pairs.delete(pair);
      });
      if (this.blackholed) client.pause();
      else this.forward(pair);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** From now on no byte gets through, either way; the sockets stay open. */
  blackhole(mode: BlackholeMode = 'hold'): void {
    if (this.blackholed) return;
    this.blackholed = mode;
    for (const pair of this.pairs) {
      if (!pair.upstream) continue;
      pair.client.unpipe(pair.upstream);
      pair.upstream.unpipe(pair.client);
      for (const socket of [pair.client, pair.upstream]) {
        if (mode === 'hold') socket.pause();
        else socket.on('data', discard).resume();
      }
    }
  }

  /** Forwards again, on the connections still open and on those opened meanwhile. */
  resume(): void {
    if (!this.blackholed) return;
    this.blackholed = null;
    for (const pair of this.pairs) this.forward(pair);
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  private forward(pair: Pair): void {
    if (pair.client.destroyed) return;
    if (!pair.upstream) {
      const upstream = net.connect(this.target);
      pair.upstream = upstream;
      upstream.on('error', () => upstream.destroy());
      upstream.on('close', () => pair.client.destroy());
    }
    for (const socket of [pair.client, pair.upstream]) socket.off('data', discard);
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
  }
}
