import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../../src/log.js";
import { connectMcpServers, type McpHub } from "../../../src/tools/mcp/hub.js";
import {
  CONNECT_LIMIT_MS,
  CollectingSink,
  capturedLog,
  serverConfig,
  startEverythingHttp,
  startRelay,
} from "./helpers.js";

describe("MCP servers over HTTP (server-everything)", () => {
  const sink = new CollectingSink();
  const capture = capturedLog();
  let servers: Array<Awaited<ReturnType<typeof startEverythingHttp>>> = [];
  let hub: McpHub;
  /** "remote" is reached through a relay, so the test can restart it behind the same URL. */
  const remoteBackend = { port: 0 };
  let relay: Awaited<ReturnType<typeof startRelay>> | undefined;

  beforeAll(async () => {
    servers = await Promise.all([startEverythingHttp("streamableHttp"), startEverythingHttp("sse")]);
    const [streamable, legacy] = servers;
    remoteBackend.port = streamable!.port;
    relay = await startRelay(remoteBackend);
    hub = await connectMcpServers({
      connectTimeoutMs: CONNECT_LIMIT_MS,
      servers: {
        remote: serverConfig({ url: `http://127.0.0.1:${relay.port}/mcp`, headers: { "x-skein-test": "1" } }),
        legacy: serverConfig({ url: legacy!.url, tools: ["echo"] }),
      },
      registry: sink,
      log: capture.log,
    });
  });

  afterAll(async () => {
    await hub?.close();
    await relay?.close();
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("connects over Streamable HTTP and calls a tool", async () => {
    expect(hub.servers().find((server) => server.name === "remote")).toMatchObject({
      state: "connected",
      transport: "streamable-http",
    });
    expect(sink.tools.get("remote__get-sum")?.source).toBe("mcp:remote");
    const answer = await sink.call("remote__echo", { message: "over http" });
    expect(answer).toMatchObject({ type: "tool-result", forLlm: "Echo: over http" });
  });

  it("starts a new session when the HTTP server restarted and forgot the old one", async () => {
    await servers[0]!.stop();
    servers[0] = await startEverythingHttp("streamableHttp");
    remoteBackend.port = servers[0].port;
    expect(await sink.call("remote__echo", { message: "after restart" })).toMatchObject({
      forLlm: "Echo: after restart",
    });
    expect(capture.lines).toContainEqual(
      expect.objectContaining({ server: "remote", msg: "mcp server lost the session; reconnecting" }),
    );
  });

  it("falls back to the legacy SSE transport when the server does not speak Streamable HTTP", async () => {
    expect(hub.servers().find((server) => server.name === "legacy")).toMatchObject({
      state: "connected",
      transport: "sse",
    });
    expect(capture.lines).toContainEqual(
      expect.objectContaining({ server: "legacy", msg: expect.stringMatching(/trying legacy SSE/) }),
    );
    expect(await sink.call("legacy__echo", { message: "old style" })).toMatchObject({ forLlm: "Echo: old style" });
  });

  it("registers only the tools the allowlist names", () => {
    expect([...sink.tools.keys()].filter((name) => name.startsWith("legacy__"))).toEqual(["legacy__echo"]);
  });
});

describe("an MCP server over HTTP that refuses the credentials", () => {
  it("sends the configured headers, does not fall back to SSE on 401, and reports what to check", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(401, { "content-type": "application/json" }).end('{"error":"unauthorized"}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const hub = await connectMcpServers({
        connectTimeoutMs: CONNECT_LIMIT_MS,
        servers: {
          locked: serverConfig({ url: `http://127.0.0.1:${port}/mcp`, headers: { authorization: "Bearer wrong" } }),
        },
        registry: new CollectingSink(),
        log: silentLogger(),
      });
      await hub.close();
      expect(hub.servers()).toEqual([
        expect.objectContaining({ state: "failed", error: expect.stringMatching(/401.*credentials.*headers/) }),
      ]);
      expect(seen.map((headers) => headers.authorization)).toEqual(["Bearer wrong"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
