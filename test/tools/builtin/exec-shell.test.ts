import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DENYLIST } from "../../../src/command-guard/command-policy.js";
import { OUTPUT_HEAD_BYTES, OUTPUT_TAIL_BYTES } from "../../../src/sandbox/process-runner.js";
import { EXEC_DEFAULT_TIMEOUT_S, EXEC_MAX_TIMEOUT_S, timeoutMsOf } from "../../../src/tools/builtin/exec-shell.js";
import type { ToolError } from "../../../src/tools/tool.js";
import { isRunning, waitUntilGone } from "./process-helpers.js";
import { makeContext, setUpTools } from "./tool-harness.js";

let cleanup: (() => Promise<void>) | undefined;
afterEach(() => cleanup?.());

async function shellTools(config: Parameters<typeof setUpTools>[0] = {}, env?: Record<string, string>) {
  const setup = await setUpTools(config, env ? { env } : {});
  cleanup = setup.cleanup;
  return setup;
}

describe("exec_shell", () => {
  it("runs a command line with sh in the workspace and reports exit code, output and duration", async () => {
    const { tools, workspace } = await shellTools();
    const result = await tools.run("exec_shell", { command: "pwd; echo oops >&2; exit 3" });
    expect(result).toMatchObject({ exit_code: 3, stdout: `${workspace}\n`, stderr: "oops\n" });
    expect(result.duration_ms).toBeGreaterThanOrEqual(0);
    expect(tools.get("exec_shell").safety).toBe("privileged");
  });

  it("kills the whole process group on timeout, background children included, and returns the partial output", async () => {
    // Unsandboxed, so that the pid the command writes is one this test can see.
    const { tools, workspace } = await shellTools({ tools: { exec: { sandbox: "none" } } });
    const error: ToolError = await tools
      .run("exec_shell", { command: "echo started; sleep 30 & echo $! > bg.pid; sleep 30", timeout: 0.5 })
      .catch((caught: ToolError) => caught);
    expect(error).toMatchObject({ kind: "Timeout", data: { stdout: "started\n", exit_code: -1 } });
    const backgroundPid = Number(await readFile(path.join(workspace, "bg.pid"), "utf8"));
    await waitUntilGone(backgroundPid);
    expect(isRunning(backgroundPid)).toBe(false);
  });

  it("kills the command when the call is aborted", async () => {
    const { tools } = await shellTools();
    const controller = new AbortController();
    const running = tools.run("exec_shell", { command: "sleep 30" }, makeContext({ signal: controller.signal }));
    controller.abort();
    await expect(running).rejects.toMatchObject({ kind: "Timeout" });
  });

  it("keeps the head and tail of huge output without holding it all", async () => {
    const { tools } = await shellTools();
    const result = await tools.run("exec_shell", { command: "yes | head -c 50000000; echo; echo THE-END" });
    expect(result.exit_code).toBe(0);
    expect(Buffer.byteLength(result.stdout)).toBeLessThan(OUTPUT_HEAD_BYTES + OUTPUT_TAIL_BYTES + 200);
    expect(result.stdout.startsWith("y\ny\n")).toBe(true);
    expect(result.stdout).toContain("bytes omitted (50000009 in total)");
    expect(result.stdout.endsWith("THE-END\n")).toBe(true);
  });

  it("gives the command a safe environment: no API keys or tokens, plus tools.exec.env", async () => {
    const { tools } = await shellTools(
      { tools: { exec: { env: { PROJECT_MODE: "demo" }, sandbox: "none" } } },
      {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: "/home/skein",
        OPENAI_API_KEY: "sk-fake-openai-key",
        TELEGRAM_BOT_TOKEN: "123456:fake-telegram-token",
        SLACK_SIGNING_SECRET: "fake-signing-secret",
      },
    );
    const { stdout } = await tools.run("exec_shell", { command: "env" });
    expect(stdout).not.toContain("sk-fake-openai-key");
    expect(stdout).not.toContain("fake-telegram-token");
    expect(stdout).not.toContain("fake-signing-secret");
    expect(stdout).toContain("PROJECT_MODE=demo");
    expect(stdout).toContain("HOME=/home/skein");
  });

  it("refuses each denylist entry before running anything", async () => {
    const { tools, workspace } = await shellTools();
    // Each command line would leave a marker file behind if any of it ran.
    for (const pattern of DENYLIST) {
      await expect(tools.run("exec_shell", { command: `touch ran; ${pattern}` })).rejects.toMatchObject({
        kind: "PermissionDenied",
      });
    }
    await expect(readFile(path.join(workspace, "ran"))).rejects.toThrow();
  });

  it("lets a command mention a denylisted word as text", async () => {
    const { tools } = await shellTools();
    await expect(tools.run("exec_shell", { command: "echo 'sudo rm -rf /' pseudocode" })).resolves.toMatchObject({
      stdout: "sudo rm -rf / pseudocode\n",
    });
  });

  it("accepts fractional timeouts, refuses non-positive ones and clamps long ones to 300 s", async () => {
    const { tools } = await shellTools();
    expect(tools.accepts("exec_shell", { command: "true", timeout: 0.5 })).toBe(true);
    expect(tools.accepts("exec_shell", { command: "true", timeout: 0 })).toBe(false);
    expect(tools.accepts("exec_shell", { command: "" })).toBe(false);
    expect(timeoutMsOf(10_000, EXEC_DEFAULT_TIMEOUT_S, EXEC_MAX_TIMEOUT_S)).toBe(300_000);
    expect(timeoutMsOf(undefined, EXEC_DEFAULT_TIMEOUT_S, EXEC_MAX_TIMEOUT_S)).toBe(30_000);
    await expect(tools.run("exec_shell", { command: "true", timeout: 10_000 })).resolves.toMatchObject({
      exit_code: 0,
    });
  });
});

describe("exec_shell in allowlist mode (tools.exec.allow)", () => {
  const allow = { tools: { exec: { allow: ["echo", "true", "git *"] } } };

  it("runs a command line whose every segment is allowed", async () => {
    const { tools } = await shellTools(allow);
    await expect(
      tools.run("exec_shell", { command: "echo a && true || echo b; echo c | echo d 2>&1" }),
    ).resolves.toMatchObject({
      exit_code: 0,
    });
    await expect(tools.run("exec_shell", { command: "git --version >/dev/null; true" })).resolves.toHaveProperty(
      "exit_code",
    );
  });

  it.each([
    "cat /etc/hostname",
    "echo a && cat x",
    "echo a || cat x",
    "echo a; cat x",
    "echo a | sh",
    "echo a & cat x",
    "echo a\ncat x",
    "echo $(cat x)",
    "echo `cat x`",
    "/tmp/echo a",
  ])("refuses %j", async (command) => {
    const { tools } = await shellTools(allow);
    await expect(tools.run("exec_shell", { command })).rejects.toMatchObject({ kind: "PermissionDenied" });
  });

  it("asks nobody about a command line too long for the guard, allowed programs or not: the guard refuses it", async () => {
    const { tools } = await shellTools(allow);
    const exec = tools.get("exec_shell");
    const pipes = `true${" | cat".repeat(100_000)}`;
    expect(exec.needsApproval?.({ command: pipes })).toBe(false);
    expect(exec.needsApproval?.({ command: `cat ${"a".repeat(70_000)}` })).toBe(false);
    expect(exec.needsApproval?.({ command: "cat x" })).toBe(true);
    expect(exec.needsApproval?.({ command: "echo a | true" })).toBe(false);
    // Long only by its here-document's body, which the guard does not parse: it may run, so it is asked about.
    const heredoc = `cat > big.txt <<'EOF'\n${"x".repeat(70_000)}\nEOF`;
    expect(exec.needsApproval?.({ command: heredoc })).toBe(true);
    expect(exec.needsApproval?.({ command: `true <<'EOF'\n${"true\n".repeat(20_000)}EOF` })).toBe(true);
    await expect(tools.run("exec_shell", { command: pipes })).rejects.toMatchObject({
      kind: "PermissionDenied",
      message: expect.stringMatching(/^the command cannot be checked: it is 600004 characters long/),
    });
    // What the guard lets through is matched against the allowlist only up to the guard's length.
    await expect(
      tools.run("exec_shell", { command: `true <<'EOF'\n${"x".repeat(70_000)}\nEOF` }),
    ).rejects.toMatchObject({
      kind: "PermissionDenied",
      message: expect.stringMatching(/allowlist mode \(tools\.exec\.allow\) matches at most 65536/),
    });
  });
});
