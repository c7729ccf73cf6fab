import { existsSync } from "node:fs";
import { mkdir, readFile, rmdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * A pids cgroup of its own for each sandboxed call, where the daemon may create cgroups
 * (root, or a delegated subtree): the call's processes join it first thing, so a fork
 * bomb meets `pids.max` in its own call and leaves other chats' commands alone. Without
 * one, RLIMIT_NPROC set inside the sandbox does the same for a daemon not running as
 * root (the kernel exempts real root from it).
 */
export interface CallCgroups {
  /** A fresh cgroup limited to `maxProcesses`; undefined when it could not be made. */
  create(maxProcesses: number): Promise<CallCgroup | undefined>;
}

export interface CallCgroup {
  /** Its `cgroup.procs`, bound into the sandbox for the launcher to join. */
  readonly procs: string;
  /** Removes it once its processes are gone (retried briefly; left behind when it stays busy). */
  release(): Promise<void>;
}

/** The daemon's own cgroup directory in the v1 pids hierarchy or in the v2 unified one. */
async function pidsBase(): Promise<string | undefined> {
  const own = await readFile("/proc/self/cgroup", "utf8").catch(() => "");
  for (const line of own.split("\n")) {
    const [, controllers, path] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
    if (controllers?.split(",").includes("pids")) return join("/sys/fs/cgroup/pids", path!);
    if (controllers === "" && path !== undefined && existsSync("/sys/fs/cgroup/cgroup.controllers")) {
      const base = join("/sys/fs/cgroup", path);
      const enabled = await readFile(join(base, "cgroup.subtree_control"), "utf8").catch(() => "");
      if (enabled.split(/\s+/).includes("pids")) return base;
    }
  }
  return undefined;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Finds where per-call cgroups can go, once; every `create` fails quietly when nowhere. */
export function callCgroups(): CallCgroups {
  let base: Promise<string | undefined> | undefined;
  let counter = 0;
  return {
    async create(maxProcesses) {
      base ??= pidsBase();
      const parent = await base;
      if (!parent) return undefined;
      const directory = join(parent, `skein-${process.pid}-${++counter}`);
      try {
        await mkdir(directory);
        await writeFile(join(directory, "pids.max"), String(maxProcesses));
      } catch {
        await rmdir(directory).catch(() => undefined);
        base = Promise.resolve(undefined);
        return undefined;
      }
      return {
        procs: join(directory, "cgroup.procs"),
        async release() {
          for (let attempt = 0; attempt < 20; attempt++) {
            const removed = await rmdir(directory).then(
              () => true,
              (error: NodeJS.ErrnoException) => error.code === "ENOENT",
            );
            if (removed) return;
            await pause(50);
          }
        },
      };
    },
  };
}
