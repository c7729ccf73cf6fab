import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectMcpServers, type McpHub } from "../../../src/tools/mcp/hub.js";
import { isToolResult, ToolError } from "../../../src/tools/tool.js";
import { type RefusedPort, refusedPort } from "../../fakes/refused-port.js";
import { CONNECT_LIMIT_MS, CollectingSink, capturedLog, everythingStdio, serverConfig } from "./helpers.js";

describe("MCP servers over stdio (server-everything), beside servers that fail", () => {
  const sink = new CollectingSink();
  const capture = capturedLog();
  let hub: McpHub;
  let refused: RefusedPort | undefined;

  beforeAll(async () => {
    refused = await refusedPort();
    const closedPort = refused.port;
    hub = await connectMcpServers({
      connectTimeoutMs: CONNECT_LIMIT_MS,
      servers: {
        everything: everythingStdio({ timeout: 2, env: { API_TOKEN: "${SKEIN_TEST_TOKEN}", MODE: "plain $HOME" } }),
        unset: everythingStdio({ env: { API_TOKEN: "${SKEIN_TEST_UNSET}" } }),
        missing: serverConfig({ command: "skein-test-no-such-mcp-server" }),
        refused: serverConfig({ url: `http://127.0.0.1:${closedPort}/mcp?token=hunter2` }),
        credentials: serverConfig({ url: `http://skein:hunter2@127.0.0.1:${closedPort}/mcp` }),
        disabled: everythingStdio({ enabled: false }),
        empty: serverConfig({}),
      },
      registry: sink,
      log: capture.log,
      env: { SKEIN_TEST_TOKEN: "t0k3n", OPENAI_API_KEY: "sk-daemon-secret" },
    });
  });

  afterAll(async () => {
    await hub?.close();
    await refused?.release();
  });

  async function text(name: string, args: Record<string, unknown>): Promise<unknown> {
    const result = await sink.call(name, args);
    expect(isToolResult(result)).toBe(true);
    return (result as { forLlm: unknown }).forLlm;
  }

  it("registers each tool as <server>__<tool> with the server's description, schema and source", () => {
    expect([...sink.tools.keys()]).toEqual(expect.arrayContaining(["everything__echo", "everything__get-sum"]));
    const sum = sink.tools.get("everything__get-sum")!;
    expect(sum.source).toBe("mcp:everything");
    expect(sum.safety).toBe("side-effecting");
    expect(sum.timeoutMs).toBe(2_000);
    expect(sum.description).toMatch(/sum/i);
    expect(sum.parameters).toMatchObject({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
    });
    expect(sum.parameters).not.toHaveProperty("$schema");
    expect([...sink.tools.keys()].every((name) => name.startsWith("everything__"))).toBe(true);
  });

  it("passes the text of a tool's answer on to the model", async () => {
    expect(await text("everything__echo", { message: "hello" })).toBe("Echo: hello");
    expect(await text("everything__get-sum", { a: 2, b: 3 })).toMatch(/\b5\b/);
  });

  it("summarises an image as type, mime type and size instead of passing its base64 on", async () => {
    const answer = String(await text("everything__get-tiny-image", {}));
    expect(answer).toMatch(/\[image: image\/png, \d+ bytes\]/);
    expect(answer).not.toMatch(/iVBORw0KGgo/);
  });

  it("summarises an embedded resource with its uri", async () => {
    expect(String(await text("everything__get-resource-reference", {}))).toMatch(
      /\[resource: demo:\/\/resource\/\S+, text\/plain, \d+ bytes\]/,
    );
  });

  it("turns an isError answer into an ExecutionFailed tool error carrying the server's text", async () => {
    const failure = sink.call("everything__get-sum", { a: "two", b: 3 });
    await expect(failure).rejects.toBeInstanceOf(ToolError);
    await expect(failure).rejects.toMatchObject({
      kind: "ExecutionFailed",
      message: expect.stringMatching(/Input validation error.*expected number/),
    });
  });

  it("gives up on a call after the server's timeout with a Timeout error, and the server keeps serving", async () => {
    const slow = sink.call("everything__trigger-long-running-operation", { duration: 6, steps: 1 });
    await expect(slow).rejects.toMatchObject({
      kind: "Timeout",
      message: expect.stringMatching(/within 2 s.*cancelled/),
    });
    expect(await text("everything__echo", { message: "still here" })).toBe("Echo: still here");
  });

  it("reports a command that does not exist and a URL that refuses connections, and skips them", () => {
    const byName = Object.fromEntries(hub.servers().map((server) => [server.name, server]));
    expect(byName.everything).toMatchObject({ state: "connected", transport: "stdio" });
    expect(byName.everything!.tools).toContain("everything__echo");
    expect(byName.missing).toMatchObject({
      state: "failed",
      tools: [],
      error: expect.stringMatching(/ENOENT.*not on PATH: install it or fix tools\.mcp_servers\.missing\.command/),
    });
    expect(byName.refused).toMatchObject({
      state: "failed",
      tools: [],
      error: expect.stringMatching(/reachable at http:\/\/127\.0\.0\.1:\d+\/mcp\)$/),
    });
    expect(byName.credentials).toMatchObject({ state: "failed", error: expect.stringContaining("http://127.0.0.1") });
    expect(JSON.stringify(capture.lines)).not.toContain("hunter2");
    expect(JSON.stringify(hub.servers())).not.toContain("hunter2");
    expect(byName.disabled).toMatchObject({ state: "skipped", error: expect.stringMatching(/disabled/) });
    expect(byName.empty).toMatchObject({ state: "skipped", error: expect.stringMatching(/neither command nor url/) });
    const failures = capture.lines.filter((line) => line.msg.startsWith("mcp server failed to connect"));
    expect(failures.map((line) => line.server).sort()).toEqual(["credentials", "missing", "refused"]);
    expect(sink.tools.size).toBe(byName.everything!.tools.length);
  });

  it("starts a stdio server with a safe base environment plus its env, ${NAME} filled from the daemon's", async () => {
    const environment = JSON.parse(String(await text("everything__get-env", {}))) as Record<string, string>;
    expect(environment).toMatchObject({ API_TOKEN: "t0k3n", MODE: "plain $HOME" });
    expect(environment).not.toHaveProperty("OPENAI_API_KEY");
    const base = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "API_TOKEN", "MODE"];
    expect(Object.keys(environment).filter((key) => !base.includes(key))).toEqual([]);
  });

  it("fails a server whose env refers to a variable that is not set, naming the key", () => {
    expect(hub.servers().find((server) => server.name === "unset")).toMatchObject({
      state: "failed",
      error: expect.stringMatching(
        /tools\.mcp_servers\.unset\.env\.API_TOKEN refers to \$\{SKEIN_TEST_UNSET\}, which is not set/,
      ),
    });
  });

  it("pipes the server's stderr into the log at debug level", () => {
    expect(capture.lines).toContainEqual(
      expect.objectContaining({ server: "everything", msg: "mcp server stderr", level: 20 }),
    );
  });
});
