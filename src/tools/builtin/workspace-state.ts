import { createHash, randomUUID } from "node:crypto";
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";

/** Past this many entries the workspace is not fingerprinted: approvals for the conversation then always ask again. */
const MAX_ENTRIES = 20_000;

/**
 * A fingerprint of the workspace's files: every path with its type, size, inode and change
 * time (nanoseconds). Any file written, replaced, added or removed changes it, so an approval
 * "for this conversation" of a command (which may run a script, a Makefile, a package.json
 * there) holds only while nothing there changed since its last approved run. A workspace too
 * large to walk, or one that cannot be read, gets a fingerprint never seen before.
 */
export async function workspaceState(workspace: string): Promise<string> {
  const hash = createHash("sha256");
  const pending = [""];
  let entries = 0;
  try {
    for (let directory = pending.pop(); directory !== undefined; directory = pending.pop()) {
      const names = (await readdir(join(workspace, directory))).sort();
      for (const name of names) {
        if (++entries > MAX_ENTRIES) return `unbound:${randomUUID()}`;
        const path = directory === "" ? name : `${directory}/${name}`;
        const stat = await lstat(join(workspace, path), { bigint: true });
        hash.update(`${path}\0${stat.mode}\0${stat.size}\0${stat.ino}\0${stat.ctimeNs}\0${stat.mtimeNs}\n`);
        if (stat.isDirectory()) pending.push(path);
      }
    }
  } catch {
    return `unbound:${randomUUID()}`;
  }
  return hash.digest("hex");
}
