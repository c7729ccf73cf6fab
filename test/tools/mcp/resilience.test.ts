import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectMcpServers, type McpHub } from "../../../src/tools/mcp/hub.js";
import { CONNECT_LIMIT_MS, CollectingSink, capturedLog, serverConfig, tinyStdio } from "./helpers.js";

describe("MCP servers that change, hang, collide and crash", () => {
  const sink = new CollectingSink();
  const capture = capturedLog();
  let hub: McpHub;

  beforeAll(async () => {
    hub = await connectMcpServers({
      connectTimeoutMs: CONNECT_LIMIT_MS,
      servers: {
        tiny: tinyStdio({ timeout: 0.5 }),
        "dup.x": tinyStdio({ tools: ["pid"] }),
        dup_x: tinyStdio({ tools: ["pid"] }),
      },
      registry: sink,
      log: capture.log,
      // Long enough that a second restart is always refused, however slow the machine.
      restartDelayMs: 60_000,
    });
  });

  afterAll(async () => {
    await hub?.close();
  });

  const serverPid = (name: string) => hub.servers().find((server) => server.name === name)!.pid!;
  const answer = async (name: string, args: Record<string, unknown> = {}) =>
    ((await sink.call(name, args)) as { forLlm: unknown }).forLlm;

  it("registers a tool the server adds after tools/list_changed, and removes one it drops", async () => {
    await answer("tiny__add-tool", { name: "fresh" });
    await sink.until((names) => names.includes("tiny__fresh"));
    expect(await answer("tiny__fresh")).toBe("I am fresh");
    expect(sink.tools.get("tiny__fresh")!.source).toBe("mcp:tiny");

    await answer("tiny__remove-tool", { name: "fresh" });
    await sink.until((names) => !names.includes("tiny__fresh"));
    expect(hub.servers().find((server) => server.name === "tiny")!.tools).not.toContain("tiny__fresh");
  });

  it("sends the cancellation to the server when the caller aborts or the call times out", async () => {
    const caller = new AbortController();
    const arrived = capture.next("mcp server stderr", (line) => line.stderr === "sleep started");
    const aborted = sink.call("tiny__sleep", { ms: 30_000 }, caller.signal);
    // Aborted once the server is running the call, so the cancellation is what ends it.
    await arrived;
    caller.abort(new Error("the turn was stopped"));
    await expect(aborted).rejects.toMatchObject({
      kind: "ExecutionFailed",
      message: expect.stringMatching(/cancelled/),
    });

    await expect(sink.call("tiny__sleep", { ms: 30_000 })).rejects.toMatchObject({ kind: "Timeout" });
    expect(await answer("tiny__cancellations")).toBe("2");
  });

  it("gives a colliding name a stable hash suffix and reports the collision", () => {
    const names = [...sink.tools.keys()].filter((name) => name.startsWith("dup_x__pid"));
    expect(names).toHaveLength(2);
    expect(names).toContain("dup_x__pid");
    expect(names.find((name) => name !== "dup_x__pid")).toMatch(/^dup_x__pid_[0-9a-f]{8}$/);
    expect(capture.lines).toContainEqual(
      expect.objectContaining({ msg: expect.stringMatching(/collision/), server: "dup_x" }),
    );
  });

  it("restarts a killed stdio server on the next call, under the same tool names", async () => {
    const before = [...sink.tools.keys()].sort();
    const oldPid = serverPid("tiny");
    const stopped = capture.next("mcp server stopped; it will be restarted on the next call");
    process.kill(oldPid, "SIGKILL");
    expect((await stopped).server).toBe("tiny");

    const newPid = Number(await answer("tiny__pid"));
    expect(newPid).not.toBe(oldPid);
    expect(serverPid("tiny")).toBe(newPid);
    expect([...sink.tools.keys()].sort()).toEqual(before);
  });

  it("does not restart a crashing server again before its backoff has passed", async () => {
    const stopped = capture.next("mcp server stopped; it will be restarted on the next call");
    process.kill(serverPid("tiny"), "SIGKILL");
    await stopped;
    await expect(sink.call("tiny__pid", {})).rejects.toMatchObject({
      kind: "ExecutionFailed",
      message: expect.stringMatching(/stopped; the next restart is allowed in \d/),
    });
    expect(await answer("dup_x__pid")).toMatch(/^\d+$/);
  });

  it("ends every server process at shutdown", async () => {
    const pids = [serverPid("dup.x"), serverPid("dup_x")];
    await hub.close();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
  });
});

describe("an MCP server that never answers", () => {
  it("is given up after the connect timeout and skipped", async () => {
    // Reads stdin and never answers `initialize`; exits when stdin ends.
    const mute = 'process.stdin.resume(); process.stdin.on("end", () => process.exit(0));';
    const hub = await connectMcpServers({
      servers: { mute: serverConfig({ command: process.execPath, args: ["-e", mute] }) },
      registry: new CollectingSink(),
      log: capturedLog().log,
      connectTimeoutMs: 300,
    });
    await hub.close();
    expect(hub.servers()).toEqual([
      expect.objectContaining({
        name: "mute",
        state: "failed",
        error: expect.stringMatching(/did not finish connecting within 0\.3 s/),
      }),
    ]);
  });
});
