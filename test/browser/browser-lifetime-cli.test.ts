import { execFileSync } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alice, bob, SkeinUnderAttack } from "../security/skein-under-attack.js";
import { browserMissing, chromiumPath } from "../support/browser.js";
import { bwrapWorks } from "../support/bwrap-works.js";
import { goneWithin, processesOf } from "./browser-processes.js";

/**
 * A browser's lifetime through the built CLI with the real Chromium: closed once unused for
 * `tools.browser.idle_timeout`, at most `tools.browser.max_open` at once, and gone soon after the daemon is
 * SIGKILLed, even where bubblewrap's --die-with-parent does not reach the sandbox (bubblewrap runs behind a shell
 * that does not exec it, so the daemon's death ends only the sandbox's watchdog pipe). One daemon (killed by the
 * last test), two Chromium starts.
 */
const skip = browserMissing() ?? (bwrapWorks() ? undefined : "bubblewrap does not run here");
const IDLE_S = 3;

let skein: SkeinUnderAttack;
let wrapper: string;

beforeAll(async () => {
  if (skip) return;
  wrapper = await mkdtemp(join(tmpdir(), "skein-bwrap-wrapper-"));
  const bwrap = execFileSync("sh", ["-c", "command -v bwrap"], { encoding: "utf8" }).trim();
  await writeFile(join(wrapper, "bwrap"), `#!/bin/sh\n${bwrap} "$@"\n`);
  await chmod(join(wrapper, "bwrap"), 0o755);
  skein = await SkeinUnderAttack.start(
    { tools: { browser: { executable: chromiumPath, idle_timeout: IDLE_S, max_open: 1 } } },
    { PATH: `${wrapper}:${process.env.PATH}` },
  );
}, 60_000);

afterAll(async () => {
  await skein?.close();
  if (wrapper) await rm(wrapper, { recursive: true, force: true });
});

const open = (from = alice) => skein.callTool("browser", { action: "navigate", url: "about:blank" }, from);
/** The processes of the browser the daemon started `nth` (from its log). */
const browserProcesses = (nth: number) => {
  const started = skein.skein
    .stderr()
    .split("\n")
    .filter((line) => line.includes('"msg":"browser started"'));
  return processesOf((JSON.parse(started[nth - 1]!) as { profile: string }).profile).map((info) => info.pid);
};

describe.skipIf(skip)(`a browser's lifetime${skip ? ` (skipped: ${skip})` : ""}`, () => {
  it("refuses a browser past tools.browser.max_open with a clear tool error, and closes one unused for idle_timeout", async () => {
    expect(await open()).toEqual({ text: 'Opened about:blank: "". Take a snapshot to see it.' });
    const alices = browserProcesses(1);
    expect(alices.length).toBeGreaterThan(2);
    expect(await open(bob)).toEqual({
      error:
        "execution failed: a browser is open already in other conversations, the most allowed at once " +
        "(tools.browser.max_open is 1): try again once one closes (after tools.browser.idle_timeout unused, " +
        "or by its conversation's close action)",
    });
    await skein.skein.waitFor('"why":"idle","msg":"browser closed"', 30_000);
    await goneWithin(alices, 5_000, "Alice's idle browser");
    expect(await open(bob)).toEqual({ text: 'Opened about:blank: "". Take a snapshot to see it.' });
  });

  it("ends the browser within 5 s of a SIGKILL of the daemon", async () => {
    const bobs = browserProcesses(2);
    expect(bobs.length).toBeGreaterThan(2);
    skein.skein.child.kill("SIGKILL");
    await skein.skein.exited;
    await goneWithin(bobs, 5_000, "Bob's browser after the daemon's SIGKILL");
  });
});
