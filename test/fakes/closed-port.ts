import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A port on 127.0.0.1 that was free a moment ago and has nothing listening: connections are refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A port that was free a moment ago, for a server that takes a port number rather than 0 (SLACK_PORT, webhook_port). */
export const freePort = closedPort;
