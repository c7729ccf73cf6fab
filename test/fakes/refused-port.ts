import { connect, createServer, type Socket } from "node:net";

/** A port on 127.0.0.1 where nothing listens (connections are refused), held until `release()`. */
export interface RefusedPort {
  readonly port: number;
  release(): Promise<void>;
}

/**
 * A port nobody can start listening on while the test runs. Closing a server and reusing its
 * port races with every other process binding port 0; instead the port is the local end of
 * an open loopback connection: it stays taken (a listen there fails with EADDRINUSE) while
 * nothing listens on it, so connecting to it is refused.
 */
export async function refusedPort(): Promise<RefusedPort> {
  const accepted: Socket[] = [];
  const anchor = createServer((socket) => accepted.push(socket.on("error", () => {})));
  await new Promise<void>((resolve) => anchor.listen(0, "127.0.0.1", resolve));
  const holder = connect({ host: "127.0.0.1", port: (anchor.address() as { port: number }).port });
  await new Promise<void>((resolve, reject) => holder.once("connect", resolve).once("error", reject));
  return {
    port: holder.localPort!,
    async release() {
      holder.destroy();
      for (const socket of accepted) socket.destroy();
      await new Promise((resolve) => anchor.close(resolve));
    },
  };
}
