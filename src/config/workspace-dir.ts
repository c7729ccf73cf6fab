import { mkdir, stat } from "node:fs/promises";
import { resolve, sep } from "node:path";
import { ConfigError } from "./load.js";

/** Kernel file systems no workspace can live in: creating folders there fails, or never ends. */
const pseudoFileSystems = ["/proc", "/sys", "/dev"];

/** Why `path` can never be a workspace (inside /proc, /sys or /dev), or undefined. */
export function unusableWorkspaceReason(path: string): string | undefined {
  const absolute = resolve(path);
  const root = pseudoFileSystems.find((prefix) => absolute === prefix || absolute.startsWith(`${prefix}${sep}`));
  return root ? `it is inside ${root}, a kernel file system` : undefined;
}

const remedy = "point SKEIN_WORKSPACE (agents.defaults.workspace) at a directory skein may write to";

/**
 * Makes sure the workspace is a directory, creating it when missing; an unusable path
 * (a file, /proc/…, no permission) is a {@link ConfigError} with one line of cause and remedy.
 */
export async function ensureWorkspaceDirectory(path: string): Promise<void> {
  const reason = unusableWorkspaceReason(path);
  if (reason) throw new ConfigError("invalid", `workspace ${path} cannot be used: ${reason}; ${remedy}`);
  try {
    await mkdir(path, { recursive: true });
    if (!(await stat(path)).isDirectory()) throw Object.assign(new Error("not a directory"), { code: "ENOTDIR" });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const cause =
      code === "EEXIST" || code === "ENOTDIR"
        ? "it (or a folder above it) is a file"
        : code === "EACCES" || code === "EPERM" || code === "EROFS"
          ? `it cannot be created or written (${code})`
          : `${(error as Error).message}`;
    throw new ConfigError("invalid", `workspace ${path} cannot be used: ${cause}; ${remedy}`);
  }
}
