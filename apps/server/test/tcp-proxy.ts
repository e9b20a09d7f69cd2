import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** `url` (redis://…, postgres://…) with its host and port replaced by the proxy's. */
  urlThrough(url: string): string;
  /**
   * Cuts the link as a crashed server or a broken network would: every open connection is
   * reset, and new ones are accepted then reset, until `restore()`. The server behind is untouched.
   */
  cut(): void;
  restore(): void;
  readonly isCut: boolean;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of `target` (a `host:port` URL such as REDIS_URL), so a test
 * or a drill can take a shared server away from one app without touching the server itself.
 */
export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let isCut = false;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset peer is what a cut is meant to cause; nothing to report.
    socket.on('error', () => undefined);
  };

  const server = net.createServer((client) => {
    track(client);
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect({ host: hostname, port: Number(port) || 6379 });
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const proxyPort = (server.address() as net.AddressInfo).port;

  return {
    port: proxyPort,
    urlThrough(url) {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(proxyPort);
      return through.toString();
    },
    cut() {
      isCut = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      isCut = false;
    },
    get isCut() {
      return isCut;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
