import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitUntil } from "../support/wait-until.js";
import { alice, bwrapWorks, chatOf, SECRETS, SkeinUnderAttack } from "./skein-under-attack.js";

/** The command lines of the live processes working in `workspace` (zombies have no working directory). */
function processesIn(workspace: string): Array<{ pid: number; line: string }> {
  const found: Array<{ pid: number; line: string }> = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cwd !== workspace && !cwd.startsWith(`${workspace}/`)) continue;
      found.push({
        pid: Number(pid),
        line: readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim().slice(0, 100),
      });
    } catch {
      // gone, or a zombie
    }
  }
  return found;
}

const readFileOr = (path: string): string => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
};

/** A heartbeat every 50 ms, a background sleeper and one that left the command's session (setsid), then a long sleep. */
const longCommand = (beat: string) =>
  `sh -c 'while :; do date +%s%N > ${beat}; sleep 0.05; done' & setsid sleep 290 & sleep 280 & sleep 300`;

/**
 * Has the model run a long exec_shell (and, with `withSpawn`, a background spawn) and SIGKILLs the
 * daemon while they run: no shutdown, and no timeout of the daemon's is left to end them. Resolves
 * with the command lines of their processes still running 3 s later (and then kills those).
 */
async function survivorsOfDaemonKill(
  config: Record<string, unknown>,
  env: Record<string, string>,
  withSpawn: boolean,
  before?: (skein: SkeinUnderAttack) => Promise<void>,
): Promise<string[]> {
  const skein = await SkeinUnderAttack.start(config, env);
  try {
    await before?.(skein);
    const spawnCall = {
      name: "spawn",
      arguments: { command: "sh", args: ["-c", longCommand("beat-spawn")], background: true, timeout: 600 },
    };
    // A background spawn returns at once; the calls of one answer run in order.
    const calls = [
      ...(withSpawn ? [spawnCall] : []),
      { name: "exec_shell", arguments: { command: longCommand("beat-exec"), timeout: 300 } },
    ];
    skein.telegram.userMessage(chatOf(alice), alice, `tool ${JSON.stringify(calls)}`);
    // Three beats of each: the commands run, and the daemon has long gone on from starting them.
    const beats = (withSpawn ? ["beat-spawn", "beat-exec"] : ["beat-exec"]).map((name) => join(skein.workspace, name));
    const seen = new Map(beats.map((beat) => [beat, new Set<string>()]));
    const beaten = () => beats.every((beat) => seen.get(beat)!.add(readFileOr(beat)).size > 3 /* "" and three beats */);
    await waitUntil(beaten, "the commands run", 20_000);
    expect(processesIn(skein.workspace).length).toBeGreaterThan(4);
    skein.skein.child.kill("SIGKILL");
    await skein.skein.exited;
    const gone = () => processesIn(skein.workspace).every(({ line }) => line === "sleep 290");
    await waitUntil(gone, "the commands end", 3_000).catch(() => undefined);
    const left = processesIn(skein.workspace);
    for (const { pid } of left) process.kill(pid, "SIGKILL");
    return left.map(({ line }) => line);
  } finally {
    await skein.close();
  }
}

describe.skipIf(!bwrapWorks())("a sandboxed command does not outlive a SIGKILLed daemon", () => {
  let wrapper: string;
  beforeAll(async () => {
    // bubblewrap behind a shell that does not exec it: the daemon's death no longer reaches bubblewrap
    // (its parent, the shell, lives on), as when a security module's profile change at exec clears the
    // parent-death signal that --die-with-parent sets.
    wrapper = await mkdtemp(join(tmpdir(), "skein-bwrap-wrapper-"));
    const bwrap = execFileSync("sh", ["-c", "command -v bwrap"], { encoding: "utf8" }).trim();
    await writeFile(join(wrapper, "bwrap"), `#!/bin/sh\n${bwrap} "$@"\n`);
    await chmod(join(wrapper, "bwrap"), 0o755);
  });
  afterAll(() => rm(wrapper, { recursive: true, force: true }));

  // Where the parent-death signal holds (a plain kernel, nothing between the daemon and bubblewrap), it ends
  // them too; this checks the pipe, which holds where the signal does not.
  it("ends every process of exec_shell and of a background spawn within 3 s, even when bubblewrap's --die-with-parent does not reach the sandbox", async () => {
    expect(await survivorsOfDaemonKill({}, { PATH: `${wrapper}:${process.env.PATH}` }, true)).toEqual([]);
  });
});

describe("an unsandboxed command does not outlive a SIGKILLed daemon (tools.exec.sandbox: none)", () => {
  it("ends the command's process group within 3 s; only a process that left it (setsid) runs on", async () => {
    // The watchdog runs beside the commands: its environment, which they may read, holds no secret.
    // Only the watchdogs' own: other processes of the machine (the suite's other files) are not this daemon's.
    const noSecretInAnyEnvironment = async (skein: SkeinUnderAttack) => {
      const command =
        "for pid in $(pgrep -f '^/bin/sh -c live'); do echo \"watchdog $pid\"; tr '\\0' '\\n' < /proc/$pid/environ; done";
      const result = await skein.callTool("exec_shell", { command });
      expect(String(result.stdout)).toMatch(/^watchdog \d+\n/);
      expect(Object.values(SECRETS).filter((secret) => JSON.stringify(result).includes(secret))).toEqual([]);
    };
    const config = { tools: { exec: { sandbox: "none" } } };
    expect(await survivorsOfDaemonKill(config, {}, false, noSecretInAnyEnvironment)).toEqual(["sleep 290"]);
  });
});
