import { connect, createServer, type Socket } from "node:net";

/**
 * A TCP proxy in front of a server (a TCP port or a unix socket) that a test can cut: every
 * connection through it is dropped and new ones are refused, as when the process behind it
 * is killed or cut off from the network, until {@link CuttableProxy.restore}.
 */
export interface CuttableProxy {
  /** The proxy's loopback port. */
  readonly port: number;
  /** Drops every connection and refuses new ones. */
  cut(): void;
  /** Lets connections through again. */
  restore(): void;
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port to `target`: `{ port }` or `{ path }` (a unix socket). */
export async function startCuttableProxy(target: { port: number } | { path: string }): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  let cut = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = "path" in target ? connect(target.path) : connect(target.port, "127.0.0.1");
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
