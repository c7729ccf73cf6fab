import { readFile } from "node:fs/promises";
import { type CallCgroups, findCallCgroups } from "./call-cgroup.js";

/**
 * How `tools.exec.max_processes` binds each sandboxed call: a pids cgroup of its own, or
 * RLIMIT_NPROC set inside the call's user namespace, which the kernel counts per namespace
 * and user, so per call, but never for real root. A root daemon without cgroups cannot
 * bound a fork bomb, and its commands are refused (fail closed).
 */
export type ProcessLimit =
  | { readonly type: "cgroup"; readonly cgroups: CallCgroups }
  | { readonly type: "rlimit" }
  | { readonly type: "unenforceable"; readonly reason: string };

/** What the operator can do when the limit cannot be enforced. */
export const PROCESS_LIMIT_REMEDY =
  "run skein as a user other than root (the Docker image and the systemd unit do), or give it a pids cgroup it " +
  'may create cgroups in (systemd: Delegate=yes), or set tools.exec.sandbox to "none" to run commands ' +
  "unsandboxed and unlimited, knowingly";

/** Whether this process is root outside every user namespace (uid 0 maps to the host's uid 0). */
async function isRealRoot(): Promise<boolean> {
  const uid = process.getuid?.();
  if (uid === undefined) return false;
  const map = await readFile("/proc/self/uid_map", "utf8").catch(() => "0 0 4294967295");
  for (const line of map.trim().split("\n")) {
    const [inside, outside, count] = line.trim().split(/\s+/).map(Number);
    if (inside === undefined || outside === undefined || count === undefined) continue;
    if (uid >= inside && uid < inside + count) return outside + (uid - inside) === 0;
  }
  return false;
}

/** Decides once how the process limit is enforced here. */
export async function resolveProcessLimit(): Promise<ProcessLimit> {
  const cgroups = await findCallCgroups();
  if (cgroups) return { type: "cgroup", cgroups };
  if (!(await isRealRoot())) return { type: "rlimit" };
  return {
    type: "unenforceable",
    reason:
      "tools.exec.max_processes cannot be enforced: skein runs as root, which RLIMIT_NPROC does not bind, and may " +
      "create no pids cgroup here (a read-only or undelegated /sys/fs/cgroup), so one command could use every " +
      "process the machine allows",
  };
}

/** The start-up log's and `skein doctor`'s words for how the limit binds. */
export function describeProcessLimit(limit: ProcessLimit, processes: number): string {
  if (limit.type === "cgroup")
    return `at most ${processes} processes (a pids cgroup per call under ${limit.cgroups.parent})`;
  if (limit.type === "rlimit") return `at most ${processes} processes (RLIMIT_NPROC in the call's user namespace)`;
  return "no process limit";
}
