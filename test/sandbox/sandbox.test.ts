import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findCallCgroups } from "../../src/sandbox/call-cgroup.js";
import { bwrapArguments, describeSandbox, resolveSandbox } from "../../src/sandbox/sandbox.js";
import { bwrapWorks as bwrapWorksHere } from "../support/bwrap-works.js";
import { setUpTools } from "../tools/builtin/tool-harness.js";

const bwrapWorks = bwrapWorksHere();

let cleanup: (() => Promise<void>) | undefined;
afterEach(() => cleanup?.());

const limits = { processes: 64, memoryMb: 512 };

/** Whether this daemon may make per-call pids cgroups here (root, or a delegated subtree). */
const cgroupsHere = bwrapWorks && (await findCallCgroups()) !== undefined;

/** Tools whose sandbox gives each call a cgroup that moves the held sandbox with `admit`. */
async function toolsHeldIn(admit: (pid: number) => Promise<void>) {
  const cgroup = { name: "skein-1-0123456789ab", admit, refusedStarts: async () => 0, release: async () => undefined };
  const cgroups = { parent: "/sys/fs/cgroup/pids", create: async () => cgroup };
  let decided!: (sandbox: Awaited<ReturnType<typeof resolveSandbox>>) => void;
  const setup = await setUpTools({}, { sandbox: new Promise((resolve) => (decided = resolve)) });
  const processLimit = async () => ({ type: "cgroup" as const, cgroups });
  decided(await resolveSandbox({ mode: "auto", workspace: setup.workspace, processLimit }));
  return setup;
}

describe("the command sandbox", () => {
  it("refuses every command, saying why and how to fix it, when bubblewrap is missing (auto and bwrap alike)", async () => {
    for (const mode of ["auto", "bwrap"] as const) {
      const sandbox = await resolveSandbox({ mode, workspace: "/tmp", bwrap: "/nonexistent/bwrap" });
      expect(sandbox).toMatchObject({
        type: "unavailable",
        reason: "no working bubblewrap here (bubblewrap (bwrap) is not installed)",
      });
      const setup = await setUpTools({}, { sandbox: Promise.resolve(sandbox) });
      await setup.cleanup();
      await expect(setup.tools.run("exec_shell", { command: "true" })).rejects.toMatchObject({
        kind: "PermissionDenied",
        message: expect.stringMatching(/exec_shell and spawn are refused.*apt-get install bubblewrap.*"none"/),
      });
      await expect(setup.tools.run("spawn", { command: "true" })).rejects.toMatchObject({ kind: "PermissionDenied" });
    }
  });

  it("keeps the host's network only under full, and routes public through the bound proxy socket", () => {
    const call = { workspace: "/w", limits };
    expect(bwrapArguments({ ...call, network: "none" }, "true", [])).toContain("--unshare-net");
    expect(bwrapArguments({ ...call, network: "full" }, "true", [])).not.toContain("--unshare-net");
    const routed = bwrapArguments({ ...call, network: "public", egressSocket: "/s/egress.sock" }, "true", []);
    expect(routed).toContain("--unshare-net");
    expect(routed.join(" ")).toContain("--ro-bind /s/egress.sock /run/skein/egress.sock");
  });

  it.skipIf(!bwrapWorks)(
    "runs commands with only the workspace writable, HOME in the private /tmp, and no network under none",
    async () => {
      const setup = await setUpTools({ tools: { exec: { network: "none" } } });
      cleanup = setup.cleanup;
      const result = await setup.tools.run("exec_shell", {
        command: "touch inside && echo $HOME; touch /etc/x 2>/dev/null || echo ro; grep -c : /proc/net/dev",
      });
      // Only the loopback interface is left.
      expect(result).toMatchObject({ exit_code: 0, stdout: "/tmp\nro\n1\n" });
    },
  );

  it.skipIf(!bwrapWorks)("reports a program that does not exist as not started, like without the sandbox", async () => {
    for (const network of ["none", "public"] as const) {
      const setup = await setUpTools({ tools: { exec: { network } } });
      await expect(setup.tools.run("spawn", { command: "no-such-program-xyz" })).rejects.toMatchObject({
        kind: "ExecutionFailed",
        message: expect.stringContaining("no-such-program-xyz"),
      });
      await setup.cleanup();
    }
  });

  it.skipIf(!bwrapWorks)("binds extra paths read-only at the same path", async () => {
    const setup = await setUpTools();
    cleanup = setup.cleanup;
    const sandbox = await resolveSandbox({ mode: "auto", workspace: setup.workspace, readOnlyBinds: [setup.outside] });
    const { runSandboxed } = await import("../../src/sandbox/sandboxed-run.js");
    const outcome = await runSandboxed({
      file: "sh",
      args: ["-c", `ls -d ${setup.outside} && touch ${setup.outside}/x 2>/dev/null || echo read-only`],
      cwd: setup.workspace,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
      sandbox: Promise.resolve(sandbox),
      timeoutMs: 10_000,
    });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: `${setup.outside}\nread-only\n` });
  });
});

describe.skipIf(!bwrapWorks)("the process limit of sandboxed commands (tools.exec.max_processes)", () => {
  it("refuses every command, saying why and how to fix it, when the limit cannot be enforced (root without cgroups)", async () => {
    const sandbox = await resolveSandbox({
      mode: "auto",
      workspace: "/tmp",
      processLimit: async () => ({ type: "unenforceable", reason: "tools.exec.max_processes cannot be enforced: …" }),
    });
    expect(sandbox).toMatchObject({ type: "unavailable", remedy: expect.stringContaining("other than root") });
    const setup = await setUpTools({}, { sandbox: Promise.resolve(sandbox) });
    await setup.cleanup();
    await expect(setup.tools.run("exec_shell", { command: "true" })).rejects.toMatchObject({
      kind: "PermissionDenied",
      message: expect.stringMatching(/max_processes cannot be enforced.*other than root.*Delegate=yes/),
    });
  });

  it("refuses the call when its pids cgroup cannot be made, rather than run it unlimited", async () => {
    const cgroups = {
      parent: "/sys/fs/cgroup/pids",
      create: async () => Promise.reject(new Error("EROFS: read-only file system")),
    };
    const sandbox = Promise.resolve(
      await resolveSandbox({
        mode: "auto",
        workspace: "/tmp",
        processLimit: async () => ({ type: "cgroup", cgroups }),
      }),
    );
    const setup = await setUpTools({}, { sandbox });
    cleanup = setup.cleanup;
    await expect(setup.tools.run("exec_shell", { command: "true" })).rejects.toMatchObject({
      kind: "ExecutionFailed",
      message: expect.stringContaining("its pids cgroup (tools.exec.max_processes) could not be created"),
    });
  });

  // bubblewrap holds its sandbox (--block-fd) until the daemon has moved it into the call's cgroup.
  it("starts nothing of the command when its sandbox cannot be moved into the call's pids cgroup", async () => {
    const setup = await toolsHeldIn(async () => Promise.reject(new Error("EACCES: permission denied")));
    cleanup = setup.cleanup;
    await expect(setup.tools.run("exec_shell", { command: "touch ran" })).rejects.toMatchObject({
      kind: "ExecutionFailed",
      message:
        "the command was not started: it could not join its pids cgroup (tools.exec.max_processes): EACCES: permission denied",
    });
    expect(existsSync(join(setup.workspace, "ran"))).toBe(false);
  });

  it("starts nothing of the command when the sandbox finds itself outside the call's pids cgroup", async () => {
    // The move "succeeds" without moving anything (as when the daemon died while bubblewrap held the sandbox).
    const setup = await toolsHeldIn(async () => undefined);
    cleanup = setup.cleanup;
    await expect(setup.tools.run("exec_shell", { command: "touch ran" })).rejects.toMatchObject({
      kind: "ExecutionFailed",
      message: "the command was not started: it could not join its pids cgroup (tools.exec.max_processes)",
    });
    expect(existsSync(join(setup.workspace, "ran"))).toBe(false);
  });

  it.skipIf(!cgroupsHere)("runs every process of the command in the call's own pids cgroup", async () => {
    const setup = await setUpTools({ tools: { exec: { max_processes: 8 } } });
    cleanup = setup.cleanup;
    const result = await setup.tools.run("exec_shell", {
      command:
        "grep -cE ':/(.*/)?skein-[0-9]+-[0-9a-f]+$' /proc/self/cgroup; (for i in 1 2 3 4 5 6 7 8 9 10; do sleep 0.2 & done; wait) 2>err; grep -c fork err",
    });
    expect(result).toMatchObject({ stdout: "1\n1\n", limit_reached: expect.stringContaining("(8 processes at once)") });
  });

  it("names how the limit binds in the start-up line", async () => {
    const sandbox = await resolveSandbox({
      mode: "auto",
      workspace: "/tmp",
      processLimit: async () => ({ type: "rlimit" }),
    });
    expect(sandbox.type === "bwrap" && describeSandbox(sandbox).text).toContain(
      "at most 256 processes (RLIMIT_NPROC in the call's user namespace)",
    );
  });
});
