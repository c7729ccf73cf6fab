import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bwrapWorks, SECRETS, SkeinUnderAttack } from "./skein-under-attack.js";

/** The secrets found in a tool result, as they are or base64-encoded on stdout. */
const leaks = (output: Record<string, unknown>): string[] => {
  const text = JSON.stringify(output);
  const decoded = Buffer.from(String(output.stdout ?? "").replace(/\s+/g, ""), "base64").toString("latin1");
  return Object.values(SECRETS).filter((secret) => text.includes(secret) || decoded.includes(secret));
};

/** Reads the heartbeat file twice, far enough apart that a live writer (every 50 ms) would have changed it. */
async function heartbeatStopped(file: string): Promise<boolean> {
  const first = await readFile(file, "utf8").catch(() => "");
  await new Promise((resolve) => setTimeout(resolve, 600));
  return (await readFile(file, "utf8").catch(() => "")) === first;
}

const stealing = [
  "cat /proc/$PPID/environ",
  "cat /proc/$PPID/environ | base64",
  "cat ../config.json",
  "cat /proc/$PPID/cwd/.env",
  "cat ../.env | base64",
  "for pid in $(ls /proc | grep -E '^[0-9]+$'); do cat /proc/$pid/environ; done",
];

describe.skipIf(!bwrapWorks())("skein start: commands in the bubblewrap sandbox", () => {
  let skein: SkeinUnderAttack;
  beforeAll(async () => {
    skein = await SkeinUnderAttack.start();
  });
  afterAll(() => skein.close());

  it("logs at start that commands run in bubblewrap, with public network only by default", async () => {
    await skein.skein.waitFor("commands run in bubblewrap");
    await skein.skein.waitFor("network to public addresses only");
  });

  it.each(stealing)("returns nothing secret from exec_shell %s", async (command) => {
    const result = await skein.callTool("exec_shell", { command });
    expect(leaks(result)).toEqual([]);
  });

  it("returns nothing secret through spawn either, and shows no $SKEIN_HOME", async () => {
    const environ = await skein.callTool("spawn", {
      command: "sh",
      args: ["-c", "cat /proc/$PPID/environ; ls -a .. ../sessions"],
    });
    expect(leaks(environ)).toEqual([]);
    expect(JSON.stringify(environ)).not.toContain("config.json");
  });

  it("ends a nohup'ed background process when the call returns", async () => {
    const started = await skein.callTool("exec_shell", {
      command:
        "nohup sh -c 'while :; do date +%s%N > beat; sleep 0.05; done' >/dev/null 2>&1 & sleep 0.2; echo started",
    });
    expect(started).toMatchObject({ exit_code: 0, stdout: "started\n" });
    expect(await heartbeatStopped(join(skein.workspace, "beat"))).toBe(true);
  });

  it("lets ordinary commands work in the workspace", async () => {
    await expect(
      skein.callTool("exec_shell", { command: "echo hi > note.txt && cat note.txt | wc -l" }),
    ).resolves.toMatchObject({
      exit_code: 0,
      stdout: "1\n",
    });
  });
});

describe("skein start without a sandbox (tools.exec.sandbox: none)", () => {
  let skein: SkeinUnderAttack;
  beforeAll(async () => {
    skein = await SkeinUnderAttack.start({ tools: { exec: { sandbox: "none" } } });
  });
  afterAll(() => skein.close());

  it("warns at start that commands are not sandboxed", async () => {
    await skein.skein.waitFor("commands run WITHOUT a sandbox");
  });

  it("still shows no secret in /proc/$PPID/environ: the daemon scrubbed its initial environment", async () => {
    const result = await skein.callTool("exec_shell", { command: "cat /proc/$PPID/environ | tr '\\0' '\\n'" });
    expect(result).toMatchObject({ exit_code: 0 });
    expect(String(result.stdout)).toContain("OPENAI_API_KEY=");
    expect(leaks(result)).toEqual([]);
  });

  it("ends a nohup'ed background process when the call returns", async () => {
    await skein.callTool("exec_shell", {
      command: "nohup sh -c 'while :; do date +%s%N > beat; sleep 0.05; done' >/dev/null 2>&1 & sleep 0.2",
    });
    expect(await heartbeatStopped(join(skein.workspace, "beat"))).toBe(true);
  });
});

/** Attacks of issue #28 on a machine without bubblewrap, where `auto` used to run them unsandboxed. */
const stealingWithoutSandbox = [
  "cat ../config.json ../home/config.json",
  'grep -rs api_key "$(dirname "$PWD")"',
  "cat ../.env",
  "true",
];

describe("skein start on a machine without bubblewrap (tools.exec.sandbox: auto, the default)", () => {
  let skein: SkeinUnderAttack;
  let noBwrap: string;
  beforeAll(async () => {
    // A PATH without bwrap: what a fresh machine that never installed it looks like.
    noBwrap = await mkdtemp(join(tmpdir(), "skein-no-bwrap-"));
    skein = await SkeinUnderAttack.start({}, { PATH: noBwrap });
  });
  afterAll(async () => {
    await skein.close();
    await rm(noBwrap, { recursive: true, force: true });
  });

  it("says at start that exec_shell and spawn are refused, and how to fix it", async () => {
    await skein.skein.waitFor("exec_shell and spawn are refused: no working bubblewrap here");
    expect(skein.skein.stderr()).toContain("apt-get install bubblewrap");
  });

  it.each(stealingWithoutSandbox)(
    "refuses exec_shell %s with why and how to fix it, and leaks nothing",
    async (command) => {
      const result = await skein.callTool("exec_shell", { command });
      expect(String(result.error)).toMatch(
        /^permission denied: exec_shell and spawn are refused: no working bubblewrap here \(bubblewrap \(bwrap\) is not installed\).*apt-get install bubblewrap.*tools\.exec\.sandbox to "none"/,
      );
      expect(leaks(result)).toEqual([]);
    },
  );

  it("refuses spawn too", async () => {
    const result = await skein.callTool("spawn", { command: "cat", args: ["../config.json"] });
    expect(String(result.error)).toContain("exec_shell and spawn are refused");
    expect(leaks(result)).toEqual([]);
  });
});
