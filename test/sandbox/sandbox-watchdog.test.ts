import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readlinkSync, writeFileSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Duplex } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BwrapCall, bwrapArguments, WATCHDOG_FD } from "../../src/sandbox/bwrap-arguments.js";
import { bwrapWorks } from "../support/bwrap-works.js";
import { waitUntil } from "../support/wait-until.js";

/** The live processes working in `directory` (zombies have no working directory). */
function processesIn(directory: string): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const cwd = readlinkSync(`/proc/${pid}/cwd`);
        return cwd === directory || cwd.startsWith(`${directory}/`);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * The sandbox's pid 1 watches a pipe from the daemon, whose end means the daemon is gone. Here
 * bubblewrap's parent (this test) lives on, so `--die-with-parent` cannot be what ends the command:
 * only the pipe's end, as when the parent-death signal is lost (a security module's profile change at
 * exec clears it) or the daemon died while bubblewrap was still setting up.
 */
describe.skipIf(!bwrapWorks())("a sandbox whose daemon is gone", () => {
  let workspace: string;
  beforeAll(async () => {
    workspace = await realpath(await mkdtemp(join(tmpdir(), "skein-watchdog-")));
    writeFileSync(join(workspace, "egress.sock"), "");
  });
  afterAll(async () => {
    for (const pid of processesIn(workspace)) process.kill(pid, "SIGKILL");
    await rm(workspace, { recursive: true, force: true });
  });

  /** Starts a command with children (one in a session of its own) and resolves once they all run. */
  async function started(call: Omit<BwrapCall, "workspace" | "limits" | "watchdog">): Promise<ChildProcess> {
    const command = "sleep 300 & setsid sleep 300 & sh -c 'sleep 300; :' & echo started; wait";
    const args = bwrapArguments(
      { workspace, limits: { processes: 32, memoryMb: 512 }, watchdog: true, ...call },
      "sh",
      ["-c", command],
    );
    const stdio = ["ignore", "pipe", "ignore", "ignore", "ignore", "pipe"] as const;
    const bwrap = spawn("bwrap", args, { cwd: workspace, stdio: [...stdio] });
    await new Promise((resolve) => bwrap.stdout!.once("data", resolve));
    return bwrap;
  }

  const modes: Array<[string, Omit<BwrapCall, "workspace" | "limits" | "watchdog">]> = [
    ['"none"', { network: "none" }],
    ['"full"', { network: "full" }],
    ['"public"', { network: "public", egressSocket: "" }],
    ['"public" without pidfd_open', { network: "public", egressSocket: "", syscalls: { setrlimit: 0, pidfdOpen: 0 } }],
  ];

  it.each(modes)(
    "ends every process of a command under %s when the daemon's end of the pipe closes",
    async (_, call) => {
      const sandboxed =
        call.egressSocket === undefined ? call : { ...call, egressSocket: join(workspace, "egress.sock") };
      const bwrap = await started(sandboxed);
      const exited = new Promise((resolve) => bwrap.once("exit", (code, signal) => resolve(code ?? signal)));
      expect(processesIn(workspace).length).toBeGreaterThanOrEqual(5);
      (bwrap.stdio as unknown as Duplex[])[WATCHDOG_FD]!.destroy();
      await waitUntil(() => processesIn(workspace).length === 0, "every process of the command is gone", 3_000);
      expect(await exited).toBe(137);
    },
  );
});
