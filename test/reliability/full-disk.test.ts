import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmdirSync } from "node:fs";
import { open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { cliPath } from "../support/cli-path.js";
import { eventually, marker, markerResponder, World } from "./harness.js";

/**
 * $SKEIN_HOME on a real, small file system (a tmpfs) that fills up while the daemon runs,
 * through the built CLI: the DM is still answered, the log names the path and the cause,
 * `/readyz` and `skein status` say the daemon is not durable, and everything is written
 * again by itself once there is space.
 */
const mountPoint = mkdtempSync(join(tmpdir(), "skein-small-disk-"));
const cannotMount = mountFails(mountPoint);

function mountFails(path: string): string | undefined {
  try {
    if (process.getuid?.() !== 0) throw new Error("not root");
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", path], { stdio: "pipe" });
    execFileSync("umount", [path], { stdio: "pipe" });
    return undefined;
  } catch (error) {
    rmdirSync(path);
    return `mounting a tmpfs is not allowed here (${String(error).split("\n")[0]})`;
  }
}

/** Fills the file system of `dir` to the last byte; returns the filler's path. */
async function fillDisk(dir: string): Promise<string> {
  const path = join(dir, "filler");
  const file = await open(path, "w");
  const block = Buffer.alloc(64 * 1024);
  try {
    for (;;) await file.write(block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    await file.close();
  }
  return path;
}

/** A long message: more than the slack of a file's last page, so its record needs a new block. */
const longMessage = (index: number) => `message ${marker(index)} ${"and more ".repeat(1200)}`;

let world: World;

afterAll(() => {
  if (!cannotMount) rmdirSync(mountPoint);
});

beforeEach(async () => {
  if (cannotMount) return;
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", mountPoint]);
  world = await World.create({ home: mountPoint });
  world.model.respondWith(markerResponder);
});

afterEach(async () => {
  if (cannotMount) return;
  await world.close();
  execFileSync("umount", ["-l", mountPoint]);
});

describe.skipIf(cannotMount)(
  `a full disk under $SKEIN_HOME (Telegram, the built CLI)${cannotMount ? `: skipped, ${cannotMount}` : ""}`,
  () => {
    it("answers from memory, says so in the log, /readyz and skein status, and recovers when space returns", async () => {
      const daemon = await world.start();
      const { port } = await daemon.waitForLine("health endpoint listening");
      const readyz = async () => {
        const response = await fetch(`http://127.0.0.1:${port}/readyz`);
        return { code: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      world.say("telegram", 1);
      await eventually(world, () => world.replyCounts().get(1) === 1, `${marker(1)} is answered`);

      const filler = await fillDisk(world.home);
      world.say("telegram", 2, longMessage(2));
      await eventually(
        world,
        () => world.replyCounts().get(2) === 1,
        `${marker(2)} is answered on a full disk`,
        20_000,
      );

      const journal = join(world.home, "state", "journal.jsonl");
      const failed = await daemon.waitForLine(
        `cannot write ${journal} (ENOSPC): messages are answered from memory and are not durable until writes succeed again`,
      );
      expect(failed).toMatchObject({ level: 50, store: "journal", path: journal, cause: "ENOSPC" });

      const unready = await readyz();
      expect(unready.code).toBe(503);
      expect(unready.body.storage).toMatchObject({ durable: false });
      expect(String((unready.body.storage as { reason: string }).reason)).toContain(
        `journal cannot write ${journal} (ENOSPC)`,
      );
      const printed = await execa(process.execPath, [cliPath, "status"], {
        env: { PATH: process.env.PATH, HOME: world.home, SKEIN_HOME: world.home },
        extendEnv: false,
        reject: false,
      });
      expect(printed.stdout).toContain("NOT READY");
      expect(printed.stdout).toContain("storage: NOT DURABLE");
      expect(printed.stdout).toMatch(new RegExp(`journal +cannot write ${journal}: ENOSPC`));

      await rm(filler);
      await daemon.waitForLine("writes of the journal succeed again", 20_000);
      await daemon.waitForLine("writes of the sessions succeed again", 20_000);
      const session = join(world.home, "sessions", "telegram%3A111.jsonl");
      expect(readFileSync(session, "utf8"), "the turn answered on the full disk is in its file").toContain(marker(2));
      const deadline = Date.now() + 20_000;
      while ((await readyz()).code !== 200 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
      expect(await readyz(), "ready again once every store has written").toMatchObject({ code: 200 });
      world.say("telegram", 3, longMessage(3));
      await eventually(world, () => world.replyCounts().get(3) === 1, `${marker(3)} is answered after recovery`);

      expect(await world.stop()).toBe(0);
      await world.start();
      world.say("telegram", 4);
      await eventually(world, () => world.replyCounts().get(4) === 1, `${marker(4)} is answered after a restart`);
      expect(Object.fromEntries(world.replyCounts()), "nothing answered twice after the restart").toEqual({
        1: 1,
        2: 1,
        3: 1,
        4: 1,
      });
    }, 90_000);
  },
);
