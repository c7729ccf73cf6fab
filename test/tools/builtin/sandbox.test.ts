import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { bwrapArguments, resolveSandbox } from "../../../src/tools/builtin/sandbox.js";
import { setUpTools } from "./tool-harness.js";

const bwrapWorks = (() => {
  try {
    execFileSync("bwrap", ["--unshare-user", "--ro-bind", "/", "/", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let cleanup: (() => Promise<void>) | undefined;
afterEach(() => cleanup?.());

describe("the command sandbox", () => {
  it("falls back to no sandbox under auto, and refuses every command under bwrap, when bubblewrap is missing", async () => {
    const auto = await resolveSandbox({ mode: "auto", workspace: "/tmp", network: true, bwrap: "/nonexistent/bwrap" });
    expect(auto).toMatchObject({ type: "none", reason: "bubblewrap (bwrap) is not installed" });
    const required = await resolveSandbox({
      mode: "bwrap",
      workspace: "/tmp",
      network: true,
      bwrap: "/nonexistent/bwrap",
    });
    expect(required).toMatchObject({
      type: "unavailable",
      reason: 'tools.exec.sandbox is "bwrap" but bubblewrap (bwrap) is not installed',
    });

    const setup = await setUpTools({ tools: { exec: { sandbox: "bwrap" } } }, { sandbox: Promise.resolve(required) });
    cleanup = setup.cleanup;
    await expect(setup.tools.run("exec_shell", { command: "true" })).rejects.toMatchObject({
      kind: "PermissionDenied",
      message: expect.stringContaining("commands are disabled"),
    });
  });

  it("cuts the network only when tools.exec.network is false", () => {
    expect(bwrapArguments({ workspace: "/w", network: false }, "true", [])).toContain("--unshare-net");
    expect(bwrapArguments({ workspace: "/w", network: true }, "true", [])).not.toContain("--unshare-net");
  });

  it.skipIf(!bwrapWorks)(
    "runs commands with only the workspace writable, HOME in the private /tmp, and no network when asked",
    async () => {
      const setup = await setUpTools({ tools: { exec: { network: false } } });
      cleanup = setup.cleanup;
      const result = await setup.tools.run("exec_shell", {
        command: "touch inside && echo $HOME; touch /etc/x 2>/dev/null || echo ro; grep -c : /proc/net/dev",
      });
      // Only the loopback interface is left.
      expect(result).toMatchObject({ exit_code: 0, stdout: "/tmp\nro\n1\n" });
    },
  );

  it.skipIf(!bwrapWorks)("reports a program that does not exist as not started, like without the sandbox", async () => {
    const setup = await setUpTools();
    cleanup = setup.cleanup;
    await expect(setup.tools.run("spawn", { command: "no-such-program-xyz" })).rejects.toMatchObject({
      kind: "ExecutionFailed",
    });
  });
});
