import { open, readFile, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Waits until no other test process holds the turn called `name`, then takes it; resolves with
 * its release. A lock file in the temp dir holding the holder's pid (one left by a process that
 * died is taken over). For tests that each start several daemons: vitest runs files in parallel
 * worker processes, and three clusters of three daemons at once starve a small machine until
 * leases lapse.
 */
export async function takeTurn(name: string, limitMs = 180_000): Promise<() => Promise<void>> {
  const path = join(tmpdir(), `${name}.turn`);
  const deadline = Date.now() + limitMs;
  for (;;) {
    try {
      const file = await open(path, "wx");
      await file.writeFile(String(process.pid));
      await file.close();
      return () => unlink(path).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number(await readFile(path, "utf8").catch(() => ""));
    if (holder && !isAlive(holder)) await unlink(path).catch(() => undefined);
    if (Date.now() > deadline)
      throw new Error(`gave up after ${limitMs} ms waiting for the turn ${name} (pid ${holder})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
