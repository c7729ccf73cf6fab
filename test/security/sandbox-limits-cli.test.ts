import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitUntil } from "../support/wait-until.js";
import { bob, bwrapWorks, SkeinUnderAttack } from "./skein-under-attack.js";

/**
 * Resource limits inside the sandbox (issue #28: a fork bomb in one chat used every pid the
 * machine allowed, so another chat's command failed with "bwrap: Can't fork"; an 8 GB
 * allocation ran to its end). Small limits keep the test cheap; the defaults are 256 and 2048.
 */
describe.skipIf(!bwrapWorks())("sandboxed commands are limited (tools.exec.max_processes, max_memory_mb)", () => {
  let skein: SkeinUnderAttack;
  beforeAll(async () => {
    skein = await SkeinUnderAttack.start({ tools: { exec: { max_processes: 40, max_memory_mb: 256 } } });
  });
  afterAll(() => skein.close());

  it("starts no more processes than the limit in one call", async () => {
    // Forks children that wait (until the parent exits) until a fork is refused, and prints how many started.
    const result = await skein.callTool("exec_shell", {
      command:
        "python3 -c 'import os\nr, w = os.pipe()\nn = 0\nwhile n < 200:\n try: pid = os.fork()\n except OSError: break\n if pid == 0: os.close(w); os.read(r, 1); os._exit(0)\n n += 1\nprint(n)'",
      timeout: 20,
    });
    const started = Number(String(result.stdout).trim());
    expect(started).toBeGreaterThan(20);
    expect(started).toBeLessThanOrEqual(40);
  });

  // As root RLIMIT_NPROC binds nothing: only the call's own pids cgroup stops the bomb (issue #28:
  // "bwrap: Can't fork" in another chat). Bob's command runs once the bomb has met its limit (it
  // leaves a file "full"); the bomb is cut off at its timeout, and its result says the limit refused its forks.
  it("ends a fork bomb within its call, while another chat's command still runs", async () => {
    // One-space indents: the chat's text keeps no run of spaces.
    const bomb = skein.callTool("exec_shell", {
      command:
        'python3 -c \'import os\nwhile True:\n try: os.fork()\n except OSError: os.path.exists("full") or open("full", "w").close()\'',
      timeout: 5,
    });
    await waitUntil(() => existsSync(join(skein.workspace, "full")), "the bomb meets its limit", 10_000);
    const other = await skein.callTool("exec_shell", { command: "echo still working" }, bob);
    expect(other).toMatchObject({ exit_code: 0, stdout: "still working\n" });
    expect(await bomb).toMatchObject({
      error: expect.stringMatching(
        /did not finish within 5 s and was killed; the command reached tools\.exec\.max_processes \(40 processes at once\): \d+ process starts were refused/,
      ),
    });
    const after = await skein.callTool("exec_shell", { command: "echo after" });
    expect(after).toMatchObject({ exit_code: 0, stdout: "after\n" });
  });

  it("refuses an allocation over the memory limit inside the call", async () => {
    const result = await skein.callTool("exec_shell", {
      command: "python3 -c 'b = bytearray(512 * 1024 * 1024); print(len(b))' 2>&1 | tail -1",
    });
    expect(result.stdout).toBe("MemoryError\n");
  });
});

describe("one model answer with hundreds of tool calls (skein start)", () => {
  let skein: SkeinUnderAttack;
  beforeAll(async () => {
    skein = await SkeinUnderAttack.start();
  });
  afterAll(() => skein.close());

  it("runs the first 50 calls and answers the rest with an error result", async () => {
    const calls = Array.from({ length: 60 }, () => ({ name: "list_directory", arguments: { path: "." } }));
    const results = await skein.callTools(calls);
    expect(results.slice(0, 50).every((result) => "entries" in result)).toBe(true);
    for (const result of results.slice(50)) expect(String(result.error)).toContain("at most 50 tool calls");
  });
});
