import { existsSync } from "node:fs";
import { EGRESS_SOCKET, FORWARDER_PERL, forwarderArguments, SYSCALLS } from "./egress-forwarder.js";

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

/** The launcher's words when the call is not in its pids cgroup (see {@link LAUNCH_FAILED}). */
const NOT_IN_CGROUP = "the command was not started: it could not join its pids cgroup (tools.exec.max_processes)";

/**
 * The shell launcher (`sh -c LAUNCHER skein-sandbox file args…`), the sandbox's first program
 * under `none` and `full`: it checks it is in the call's pids cgroup (when it has one), sets
 * the limits (bash names RLIMIT_NPROC `-u`, dash `-p`), then becomes the command. Under
 * `public` the forwarder does the same (see egress-forwarder.ts).
 */
function launcher(limits: SandboxLimits, cgroup: string | undefined, watchdog: boolean): string {
  // Shell builtins only: the check costs no process. The name is the cgroup's, [0-9a-z-] only.
  const inCgroup =
    cgroup === undefined
      ? []
      : [
          `while read -r line; do case $line in */${cgroup}) joined=1;; esac; done </proc/self/cgroup`,
          `[ -n "$joined" ] || { echo "$0: exec: ${NOT_IN_CGROUP}" >&2; exit 127; }`,
        ];
  // The watchdog: EOF on its fd (the daemon is gone) kills every process here but pid 1, bubblewrap's
  // init, which then ends with the pid namespace. One fork, no exec. It holds neither the command's
  // output (the call ends when the command does) nor gives the command its fd.
  const watch = watchdog
    ? [`{ read -r _; kill -9 -1; } <&${WATCHDOG_FD} >/dev/null 2>&1 &`, `exec ${WATCHDOG_FD}<&-`]
    : [];
  return [
    ...inCgroup,
    ...watch,
    `{ ulimit -u ${limits.processes} || ulimit -p ${limits.processes}; } 2>/dev/null`,
    `ulimit -d ${limits.memoryMb * 1024} 2>/dev/null`,
    `exec "$@"`,
  ].join("\n");
}

/**
 * What runs first in the sandbox: the shell launcher, or (`public`) the forwarder as pid 1,
 * which sets the limits itself where it knows this machine's `setrlimit` and otherwise runs
 * the command through the shell launcher.
 */
function firstProgram(call: BwrapCall, forward: boolean): string[] {
  const watchdog = call.watchdog === true;
  if (!forward) return ["sh", "-c", launcher(call.limits, call.cgroup, watchdog), LAUNCHER_NAME];
  const { setrlimit, pidfdOpen } = call.syscalls ?? SYSCALLS[process.arch] ?? { setrlimit: 0, pidfdOpen: 0 };
  const launch = {
    cgroup: call.cgroup ?? "",
    processes: call.limits.processes,
    dataBytes: call.limits.memoryMb * 1024 * 1024,
    setrlimit,
    pidfdOpen,
    watchdogFd: watchdog ? WATCHDOG_FD : undefined,
  };
  const limits = setrlimit === 0 ? ["sh", "-c", launcher(call.limits, undefined, false), LAUNCHER_NAME] : [];
  return ["perl", "-e", FORWARDER_PERL, "--", ...forwarderArguments(launch), ...limits];
}

export interface BwrapCall {
  workspace: string;
  network: SandboxNetwork;
  limits: SandboxLimits;
  /** Directories or files bound read-only at the same path (skill folders, tool installs). */
  readOnlyBinds?: readonly string[];
  /** Directories bound read-write at the same path besides the workspace (a browser's profile). */
  writableBinds?: readonly string[];
  /**
   * The user id the program has inside the sandbox (bubblewrap's `--uid` and `--gid`; default the daemon's own):
   * a daemon running as root gives a program that refuses to run as root (Chromium's own sandbox) another one.
   */
  uid?: number;
  /** The egress proxy's unix socket (`public` only): bound in, with the forwarder in front of the command. */
  egressSocket?: string;
  /**
   * The name of the call's pids cgroup: bubblewrap reports its sandbox's pid on fd 3 and waits
   * on fd 4 until the daemon has moved it there (see {@link HELD_SANDBOX_FDS}); the launcher
   * then checks it is inside before anything of the command runs.
   */
  cgroup?: string;
  /**
   * The daemon holds the other end of a pipe at {@link WATCHDOG_FD}: the sandbox's pid 1 (the forwarder, or under
   * `none` and `full` a watcher the launcher starts) ends every process of the call when that pipe ends, so a
   * command does not outlive a daemon that died (even by SIGKILL), whether or not `--die-with-parent` reached it.
   */
  watchdog?: boolean;
  /** The system calls the forwarder may use (default: this machine's, {@link SYSCALLS}); 0 for one it must do without. */
  syscalls?: { setrlimit: number; pidfdOpen: number };
}

/** The descriptor of the sandbox's watchdog pipe (see {@link BwrapCall.watchdog}), past the held sandbox's. */
export const WATCHDOG_FD = 5;

/** The descriptors of a held sandbox: bubblewrap writes `{"child-pid": N, …}` to `info` and waits for a byte on `release`. */
export const HELD_SANDBOX_FDS = { info: 3, release: 4 } as const;

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
  const writable = (call.writableBinds ?? []).flatMap((path) => ["--bind", path, path]);
  const forward = call.network === "public" && call.egressSocket !== undefined;
  return [
    "--unshare-user",
    ...(call.uid === undefined ? [] : ["--uid", String(call.uid), "--gid", String(call.uid)]),
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    ...(call.network === "full" ? [] : ["--unshare-net"]),
    "--die-with-parent",
    "--new-session",
    ...(forward ? ["--as-pid-1"] : []),
    ...(call.cgroup === undefined
      ? []
      : ["--info-fd", String(HELD_SANDBOX_FDS.info), "--block-fd", String(HELD_SANDBOX_FDS.release)]),
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
    ...writable,
    ...(forward ? ["--ro-bind", call.egressSocket!, EGRESS_SOCKET] : []),
    "--chdir",
    call.workspace,
    "--",
    ...firstProgram(call, forward),
    file,
    ...args,
  ];
}

/** The launcher's report that the program could not be started (`exec` in dash, bash or the forwarder). */
export const LAUNCH_FAILED = new RegExp(`^${LAUNCHER_NAME}: (?:(?:line )?\\d+: )?exec: (.*)$`, "m");
