#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { mkdir, stat } from "node:fs/promises";
import { resolve, sep } from "node:path";
import { ConfigError } from "./chunk-E3XL2VA2.js";
var pseudoFileSystems = ["/proc", "/sys", "/dev"];
function unusableWorkspaceReason(path) {
  const absolute = resolve(path),
    root = pseudoFileSystems.find((prefix) => absolute === prefix || absolute.startsWith(`${prefix}${sep}`));
  return root ? `it is inside ${root}, a kernel file system` : void 0;
}
var remedy = "point SKEIN_WORKSPACE (agents.defaults.workspace) at a directory skein may write to";
async function ensureWorkspaceDirectory(path) {
  const reason = unusableWorkspaceReason(path);
  if (reason) throw new ConfigError("invalid", `workspace ${path} cannot be used: ${reason}; ${remedy}`);
  try {
    if ((await mkdir(path, { recursive: !0 }), !(await stat(path)).isDirectory()))
      throw Object.assign(new Error("not a directory"), { code: "ENOTDIR" });
  } catch (error) {
    const code = error.code,
      cause =
        code === "EEXIST" || code === "ENOTDIR"
          ? "it (or a folder above it) is a file"
          : code === "EACCES" || code === "EPERM" || code === "EROFS"
            ? `it cannot be created or written (${code})`
            : `${error.message}`;
    throw new ConfigError("invalid", `workspace ${path} cannot be used: ${cause}; ${remedy}`);
  }
}
export { ensureWorkspaceDirectory, unusableWorkspaceReason };
//# sourceMappingURL=chunk-LYAQOSF4.js.map
