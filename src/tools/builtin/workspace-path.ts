import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
import { ToolError } from "../tool.js";

/** A path the model named, resolved inside the workspace. */
export interface WorkspacePath {
  /** Canonical absolute path (symlinks and `..` resolved) inside the canonical workspace. */
  absolute: string;
  /** Whether something exists there now. */
  exists: boolean;
}

/** Linux's PATH_MAX less its NUL: a longer path names nothing any file call can reach. */
export const MAX_PATH_BYTES = 4095;

function refuseTooLong(requested: string, absolute: string): void {
  // A string of more UTF-16 units than that has more bytes still: no need to count them.
  const bytes = absolute.length > MAX_PATH_BYTES ? absolute.length : Buffer.byteLength(absolute);
  if (bytes <= MAX_PATH_BYTES) return;
  throw new ToolError(
    "InvalidPath",
    `"${requested.slice(0, 60)}…": the path is longer than ${MAX_PATH_BYTES} bytes (the system's limit)`,
  );
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * Joins `requested` to the workspace and canonicalises it; the result must stay inside
 * the canonical workspace. For a path that does not exist yet, the deepest existing
 * ancestor is canonicalised and checked. `~`, traversal out of the workspace, absolute
 * paths elsewhere and symlinks pointing outside (dangling ones included) are refused
 * with `InvalidPath`.
 */
export async function resolveInWorkspace(workspace: string, requested: string): Promise<WorkspacePath> {
  // Refused before the walk below, which takes a step for each missing folder: a 1 MB path would take hours.
  refuseTooLong(requested, requested);
  if (requested.startsWith("~")) {
    throw new ToolError(
      "InvalidPath",
      `"${requested}": home-relative paths are not allowed; use a path inside the workspace`,
    );
  }
  if (requested.includes("\0")) throw new ToolError("InvalidPath", "the path contains a NUL byte");
  const root = await realpath(workspace);
  const joined = path.resolve(workspace, requested);
  refuseTooLong(requested, joined);

  let existing = joined;
  const missingParts: string[] = [];
  for (;;) {
    try {
      const canonical = await realpath(existing);
      const absolute = path.join(canonical, ...missingParts);
      if (!isInside(root, absolute)) {
        throw new ToolError("InvalidPath", `"${requested}" is outside the workspace`);
      }
      return { absolute, exists: missingParts.length === 0 };
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    // realpath failed: either nothing is there, or a symlink whose target is missing.
    const isDanglingLink = await lstat(existing).then(
      (stats) => stats.isSymbolicLink(),
      () => false,
    );
    if (isDanglingLink) {
      throw new ToolError("InvalidPath", `"${requested}" goes through a symlink whose target does not exist`);
    }
    const parent = path.dirname(existing);
    if (parent === existing) throw new ToolError("InvalidPath", `"${requested}" cannot be resolved`);
    missingParts.unshift(path.basename(existing));
    existing = parent;
  }
}

/** Like {@link resolveInWorkspace}, but the path must exist (else `FileNotFound`). */
export async function resolveExisting(workspace: string, requested: string): Promise<string> {
  const resolved = await resolveInWorkspace(workspace, requested);
  if (!resolved.exists) throw new ToolError("FileNotFound", `"${requested}" does not exist`);
  return resolved.absolute;
}

/**
 * Like {@link resolveExisting}, but an absolute path may also name something inside one of
 * `readable` (folders the agent may read wherever they are: the skill folders), symlinks resolved.
 */
export async function resolveReadable(
  workspace: string,
  requested: string,
  readable: () => readonly string[],
): Promise<string> {
  if (path.isAbsolute(requested) && !requested.includes("\0")) {
    const canonical = await realpath(requested).catch(() => undefined);
    if (canonical) {
      const roots = await Promise.all(readable().map((root) => realpath(root).catch(() => undefined)));
      if (roots.some((root) => root !== undefined && isInside(root, canonical))) return canonical;
    }
  }
  return resolveExisting(workspace, requested);
}
