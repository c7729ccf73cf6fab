import { execFile } from "node:child_process";
import { mkdir, readdir, rmdir, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createHash } from "node:crypto";

/** The repository root. */
export const root = fileURLToPath(new URL("../..", import.meta.url));
/** The built CLI, as package.json's `bin` names it. */
export const cliPath = join(root, "dist", "cli.js");

const run = promisify(execFile);

/**
 * Builds dist/ unless it is newer than every source file. Test files run in parallel and
 * the build starts by deleting dist/, so builds are serialised with a lock directory and
 * a fresh build is never redone under a running CLI.
 */
export async function buildCli(): Promise<string> {
  const lock = join(tmpdir(), `skein-build-${createHash("sha1").update(root).digest("hex").slice(0, 12)}.lock`);
  await acquire(lock);
  try {
    if (!(await isFresh())) await run(process.execPath, ["scripts/build.mjs"], { cwd: root });
  } finally {
    await rmdir(lock).catch(() => {});
  }
  return cliPath;
}

async function acquire(lock: string): Promise<void> {
  for (;;) {
    try {
      await mkdir(lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock older than a minute belongs to a build that died.
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > 60_000) await rmdir(lock).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function isFresh(): Promise<boolean> {
  const built = await stat(cliPath).catch(() => undefined);
  if (!built) return false;
  const sources = [join(root, "package.json"), join(root, "scripts", "build.mjs")];
  for (const dir of ["src", "channels"]) {
    for (const entry of await readdir(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) sources.push(join(entry.parentPath, entry.name));
    }
  }
  const times = await Promise.all(sources.map(async (file) => (await stat(file)).mtimeMs));
  return times.every((time) => time <= built.mtimeMs);
}
