import { readFile } from "node:fs/promises";
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

  it("logs at start that commands run in bubblewrap", async () => {
    await skein.skein.waitFor("commands run in bubblewrap");
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
