import { existsSync } from "node:fs";
import { EGRESS_SOCKET, FORWARDER_PERL } from "./egress-forwarder.js";

/** System directories bound read-only into the sandbox (those that exist on this machine). */
export const SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt"] as const;

/** `tools.exec.network`: no network, public addresses through the guarded proxy, or the host's network. */
export type SandboxNetwork = "none" | "public" | "full";

/** What one sandboxed command may use (`tools.exec.max_processes`, `tools.exec.max_memory_mb`). */
export interface SandboxLimits {
  processes: number;
  memoryMb: number;
}

/** The name the launcher runs under: its own errors start with it. */
export const LAUNCHER_NAME = "skein-sandbox";

/**
 * The launcher, the sandbox's first program (`sh -c LAUNCHER skein-sandbox [forwarder] file args…`):
 * it sets the limits (bash names RLIMIT_NPROC `-u`, dash `-p`), then becomes the command, or
 * the forwarder that runs it.
 */
function launcher(limits: SandboxLimits, forward: boolean): string {
  return [
    `{ ulimit -u ${limits.processes} || ulimit -p ${limits.processes}; } 2>/dev/null`,
    `ulimit -d ${limits.memoryMb * 1024} 2>/dev/null`,
    forward ? `forwarder=$1; shift; exec perl -e "$forwarder" -- "$@"` : `exec "$@"`,
  ].join("\n");
}

export interface BwrapCall {
  workspace: string;
  network: SandboxNetwork;
  limits: SandboxLimits;
  /** Directories or files bound read-only at the same path (skill folders, tool installs). */
  readOnlyBinds?: readonly string[];
  /** The egress proxy's unix socket (`public` only): bound in, with the forwarder in front of the command. */
  egressSocket?: string;
}

/**
 * The bwrap arguments that run `file args` isolated: new user, pid, ipc and uts namespaces
 * (and a network one unless `full`), its own /proc, a private /tmp, the system read-only
 * and only the workspace writable, the launcher in front.
 */
export function bwrapArguments(call: BwrapCall, file: string, args: readonly string[]): string[] {
  const system = SYSTEM_DIRS.filter((dir) => existsSync(dir)).flatMap((dir) => ["--ro-bind", dir, dir]);
  const extra = (call.readOnlyBinds ?? [])
    .filter((path) => existsSync(path))
    .flatMap((path) => ["--ro-bind", path, path]);
  const forward = call.network === "public" && call.egressSocket !== undefined;
  return [
    "--unshare-user",
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    ...(call.network === "full" ? [] : ["--unshare-net"]),
    "--die-with-parent",
    "--new-session",
    ...system,
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--tmpfs",
    "/tmp",
    "--bind",
    call.workspace,
    call.workspace,
    ...extra,
    ...(forward ? ["--ro-bind", call.egressSocket!, EGRESS_SOCKET] : []),
    "--chdir",
    call.workspace,
    "--",
    "sh",
    "-c",
    launcher(call.limits, forward),
    LAUNCHER_NAME,
    ...(forward ? [FORWARDER_PERL] : []),
    file,
    ...args,
  ];
}

/** The launcher's report that the program could not be started (`exec` in dash, bash or the forwarder). */
export const LAUNCH_FAILED = new RegExp(`^${LAUNCHER_NAME}: (?:(?:line )?\\d+: )?exec: (.*)$`, "m");

/**
 * `file args` started inside a call's pids cgroup: a shell writes itself into the cgroup's
 * `cgroup.procs` and becomes the program (bubblewrap), so every process of the call counts
 * against its `pids.max`, bubblewrap's own included. When it cannot join, nothing runs and
 * the call reports a launch failure (see {@link LAUNCH_FAILED}).
 */
export function inCgroup(procs: string, file: string, args: readonly string[]): { file: string; args: string[] } {
  const join =
    '{ echo 0 > "$1"; } 2>/dev/null || { echo "$0: exec: the command was not started: it could not join ' +
    'its pids cgroup (tools.exec.max_processes)" >&2; exit 127; }; shift; exec "$@"';
  return { file: "sh", args: ["-c", join, LAUNCHER_NAME, procs, file, ...args] };
}
