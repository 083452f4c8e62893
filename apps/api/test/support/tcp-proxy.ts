import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy to a real service (MariaDB, Redis) that a test can cut and restore, to see what the
 * application does when its dependency goes away. `stop()` closes the listener and every
 * connection through it; `start()` listens again on the same port.
 */
export class TcpProxy {
  private port = 0;
  private readonly sockets = new Set<Socket>();
  private readonly server: Server = createServer((client) => {
    const upstream = createConnection(this.target.port, this.target.host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });

  constructor(private readonly target: { host: string; port: number }) {}

  /** Listens on 127.0.0.1 (the same port after a stop) and returns the port. */
  async start(): Promise<number> {
    if (this.server.listening) return this.port;
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this.port;
  }

  stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (!this.server.listening) return Promise.resolve();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
