import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { readdir, readFile, rmdir } from "node:fs/promises";
import { join } from "node:path";

/**
 * A pids cgroup of its own for each sandboxed call, where the daemon may create cgroups
 * (root, or a delegated subtree): the daemon moves the sandbox into it while bubblewrap holds
 * it before the command, so every process of the call counts against its `pids.max` and a fork bomb meets it in
 * its own call, leaving other chats' commands alone. It is the one limit that binds real
 * root (RLIMIT_NPROC does not).
 */
export interface CallCgroups {
  /** Where the call cgroups go (for the start-up log and `skein doctor`). */
  readonly parent: string;
  /** A fresh cgroup limited to `maxProcesses`; throws when it cannot be made. */
  create(maxProcesses: number): Promise<CallCgroup>;
}

export interface CallCgroup {
  /** Its directory's name (unique: `skein-<daemon pid>-<random>`). */
  readonly name: string;
  /** Moves process `pid` (and so every process it starts from then on) into it. */
  admit(pid: number): Promise<void>;
  /** How many process starts `pids.max` refused so far. */
  refusedStarts(): Promise<number>;
  /** Removes it once its processes are gone (retried for up to ~30 s, off the call's path). */
  release(): Promise<void>;
}

const CGROUP_ROOT = "/sys/fs/cgroup";
const PREFIX = "skein-";

/**
 * The directories call cgroups could go under, best first: the daemon's own cgroup in the
 * v1 pids hierarchy; in the v2 unified one, its own cgroup when `pids` is enabled for its
 * children (delegated), else the hierarchy's root when it is (root on a systemd host).
 */
async function candidateParents(): Promise<string[]> {
  const own = await readFile("/proc/self/cgroup", "utf8").catch(() => "");
  const candidates: string[] = [];
  const pidsEnabled = async (directory: string) =>
    (await readFile(join(directory, "cgroup.subtree_control"), "utf8").catch(() => "")).split(/\s+/).includes("pids");
  for (const line of own.split("\n")) {
    const [, controllers, path] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
    if (path === undefined) continue;
    if (controllers?.split(",").includes("pids")) candidates.push(withoutSlash(join(CGROUP_ROOT, "pids", path)));
    if (controllers === "" && existsSync(join(CGROUP_ROOT, "cgroup.controllers"))) {
      for (const directory of [withoutSlash(join(CGROUP_ROOT, path)), CGROUP_ROOT])
        if (!candidates.includes(directory) && (await pidsEnabled(directory))) candidates.push(directory);
    }
  }
  return candidates;
}

const withoutSlash = (path: string) => path.replace(/\/+$/, "");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Removes the call cgroups a daemon that is gone left behind (it crashed, or they stayed busy past its release). */
async function removeLeftovers(parent: string): Promise<void> {
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(PREFIX))
      .filter((name) => !existsSync(`/proc/${name.split("-")[1]}`))
      .map((name) => rmdir(join(parent, name)).catch(() => undefined)),
  );
}

/**
 * Synchronous on purpose, and only here: a write to cgroupfs takes some 20 µs, while a
 * thread-pool round trip takes 1 ms on an idle machine and 5 ms on a busy one, on each
 * call's path.
 */
async function makeCgroup(parent: string, maxProcesses: number): Promise<CallCgroup> {
  // The daemon's pid and a random part: unique, even beside what an earlier daemon with this pid left.
  const name = `${PREFIX}${process.pid}-${randomBytes(6).toString("hex")}`;
  const directory = join(parent, name);
  mkdirSync(directory);
  try {
    writeFileSync(join(directory, "pids.max"), String(maxProcesses));
  } catch (error) {
    await rmdir(directory).catch(() => undefined);
    throw error;
  }
  return {
    name,
    admit: async (pid) => writeFileSync(join(directory, "cgroup.procs"), String(pid)),
    async refusedStarts() {
      const events = await readFile(join(directory, "pids.events"), "utf8").catch(() => "");
      return Number(/^max (\d+)$/m.exec(events)?.[1] ?? 0);
    },
    async release() {
      // A killed pid namespace takes a moment to be reaped, longer on a loaded machine.
      for (let wait = 25; wait < 30_000; wait *= 2) {
        const removed = await rmdir(directory).then(
          () => true,
          (error: NodeJS.ErrnoException) => error.code === "ENOENT",
        );
        if (removed) return;
        await pause(wait);
      }
    },
  };
}

/**
 * Finds where per-call cgroups can go, trying each candidate by making (and removing) one:
 * undefined when the daemon may create none here.
 */
export async function findCallCgroups(): Promise<CallCgroups | undefined> {
  for (const parent of await candidateParents()) {
    const probe = await makeCgroup(parent, 1).catch(() => undefined);
    if (!probe) continue;
    await probe.release();
    void removeLeftovers(parent);
    return { parent, create: (maxProcesses) => makeCgroup(parent, maxProcesses) };
  }
  return undefined;
}
