import { afterEach, describe, expect, it } from "vitest";
import { MAX_CONCURRENT_SPAWNS } from "../../../src/tools/builtin/spawn.js";
import type { ToolResult } from "../../../src/tools/tool.js";
import { makeContext, setUpTools } from "./tool-harness.js";

let cleanup: (() => Promise<void>) | undefined;
const shutdown = new Set<AbortController>();
afterEach(async () => {
  for (const controller of shutdown) controller.abort();
  shutdown.clear();
  await cleanup?.();
});

async function spawnTools(config: Parameters<typeof setUpTools>[0] = {}) {
  const daemon = new AbortController();
  shutdown.add(daemon);
  const setup = await setUpTools(config, { signal: daemon.signal });
  cleanup = setup.cleanup;
  return { ...setup, daemon };
}

describe("spawn", () => {
  it("runs a program without a shell and reports exit code, output, command and description", async () => {
    const { tools } = await spawnTools();
    await expect(tools.run("spawn", { command: "echo", args: ["hello", "$HOME", "&&", "ls"] })).resolves.toEqual({
      exit_code: 0,
      stdout: "hello $HOME && ls\n",
      stderr: "",
      command: "echo",
      description: "(no description)",
    });
    const described = await tools.run("spawn", {
      command: "sh",
      args: ["-c", "exit 4"],
      description: "fail on purpose",
    });
    expect(described).toMatchObject({ exit_code: 4, description: "fail on purpose" });
    expect(tools.get("spawn").safety).toBe("privileged");
  });

  it("reports a program that does not exist as ExecutionFailed", async () => {
    const { tools } = await spawnTools();
    await expect(tools.run("spawn", { command: "no-such-program-skein" })).rejects.toMatchObject({
      kind: "ExecutionFailed",
    });
  });

  it("kills a process that outlives its timeout", async () => {
    const { tools } = await spawnTools();
    await expect(tools.run("spawn", { command: "sleep", args: ["30"], timeout: 0.2 })).rejects.toMatchObject({
      kind: "Timeout",
      data: { command: "sleep", exit_code: -1 },
    });
  });

  it("refuses denylisted programs", async () => {
    const { tools } = await spawnTools();
    await expect(tools.run("spawn", { command: "sudo", args: ["true"] })).rejects.toMatchObject({
      kind: "PermissionDenied",
    });
    await expect(tools.run("spawn", { command: "shutdown" })).rejects.toMatchObject({ kind: "PermissionDenied" });
  });

  it("refuses a program whose words are longer than the guard checks, asking nobody and starting nothing", async () => {
    const { tools } = await spawnTools({ tools: { exec: { allow: ["echo"] } } });
    const long = { command: "echo", args: ["a".repeat(70_000)] };
    expect(tools.get("spawn").needsApproval?.(long)).toBe(false);
    await expect(tools.run("spawn", long)).rejects.toMatchObject({
      kind: "PermissionDenied",
      message: expect.stringMatching(/^the command cannot be checked: it is 70005 characters long \(the guard checks/),
    });
    // Only the length counts for a program's words: parentheses in an argument are no shell's nesting.
    const nested = "(".repeat(40) + ")".repeat(40);
    await expect(tools.run("spawn", { command: "echo", args: [nested] })).resolves.toMatchObject({
      stdout: `${nested}\n`,
    });
  });

  it("honours the allowlist for the program it runs", async () => {
    const { tools } = await spawnTools({ tools: { exec: { allow: ["echo", "sh -c exit *"] } } });
    await expect(tools.run("spawn", { command: "echo", args: ["ok"] })).resolves.toMatchObject({ stdout: "ok\n" });
    await expect(tools.run("spawn", { command: "sh", args: ["-c", "exit 3"] })).resolves.toMatchObject({
      exit_code: 3,
    });
    await expect(tools.run("spawn", { command: "sh", args: ["-c", "cat /etc/hostname"] })).rejects.toMatchObject({
      kind: "PermissionDenied",
    });
    await expect(tools.run("spawn", { command: "cat", args: ["/etc/hostname"] })).rejects.toMatchObject({
      kind: "PermissionDenied",
    });
  });

  it(`runs at most ${MAX_CONCURRENT_SPAWNS} processes at once and refuses the sixth, naming the limit`, async () => {
    const { tools, daemon } = await spawnTools();
    const ctx = makeContext();
    for (let index = 0; index < MAX_CONCURRENT_SPAWNS; index++) {
      const started = await tools.run("spawn", { command: "sleep", args: ["30"], background: true }, ctx);
      expect(started).toMatchObject({ type: "tool-result", async: true, forLlm: { status: "started" } });
    }
    await expect(tools.run("spawn", { command: "echo", args: ["sixth"] }, ctx)).rejects.toMatchObject({
      kind: "ExecutionFailed",
      message: expect.stringContaining(`at most ${MAX_CONCURRENT_SPAWNS}`),
    });

    daemon.abort(); // shutdown kills the background processes and frees their slots
    const ended = await Promise.all(Array.from({ length: MAX_CONCURRENT_SPAWNS }, () => ctx.nextNotification()));
    expect(ended.map((result) => (result.forLlm as { status: string }).status)).toEqual(Array(5).fill("killed"));
    await expect(tools.run("spawn", { command: "echo", args: ["again"] }, ctx)).resolves.toMatchObject({
      stdout: "again\n",
    });
  });

  it("counts foreground processes towards the limit too", async () => {
    const { tools } = await spawnTools();
    const turn = new AbortController();
    const ctx = makeContext({ signal: turn.signal });
    const running = Array.from({ length: MAX_CONCURRENT_SPAWNS }, () =>
      tools.run("spawn", { command: "sleep", args: ["30"] }, ctx).catch((error: unknown) => error),
    );
    await expect(tools.run("spawn", { command: "echo" }, ctx)).rejects.toMatchObject({ kind: "ExecutionFailed" });
    turn.abort();
    expect(await Promise.all(running)).toEqual(Array(5).fill(expect.objectContaining({ kind: "Timeout" })));
  });

  it("returns at once in the background and notifies the originating session with the result", async () => {
    const { tools } = await spawnTools();
    const ctx = makeContext({ channel: "telegram", chatId: "42" });
    const started: ToolResult = await tools.run(
      "spawn",
      { command: "sh", args: ["-c", "echo built; exit 0"], description: "build", background: true },
      ctx,
    );
    expect(started.async).toBe(true);
    expect(started.forLlm).toMatchObject({ status: "started", command: "sh", description: "build" });
    const id = (started.forLlm as { id: string }).id;

    const notification = await ctx.nextNotification();
    expect(notification).toMatchObject({
      type: "tool-result",
      isError: false,
      forLlm: { id, status: "finished", exit_code: 0, stdout: "built\n", command: "sh", description: "build" },
    });
  });

  it("notifies a failed background process as an error", async () => {
    const { tools } = await spawnTools();
    const ctx = makeContext();
    await tools.run("spawn", { command: "sh", args: ["-c", "echo broken >&2; exit 2"], background: true }, ctx);
    expect(await ctx.nextNotification()).toMatchObject({ isError: true, forLlm: { exit_code: 2, stderr: "broken\n" } });
    await tools.run("spawn", { command: "no-such-program-skein", background: true }, ctx);
    expect(await ctx.nextNotification()).toMatchObject({ isError: true, forLlm: { status: "failed" } });
  });
});
