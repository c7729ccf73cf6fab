import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

/** Why the instance lock was not taken. */
export class InstanceLockError extends Error {
  override readonly name = "InstanceLockError";
  readonly kind = "already-running";
  constructor(
    readonly pid: number,
    readonly path: string,
  ) {
    super(`skein is already running (pid ${pid})`);
  }
}

/** A held instance lock; `release` removes it (idempotent, also done at process exit). */
export interface InstanceLock {
  readonly path: string;
  release(): void;
}

export interface InstanceLockOptions {
  /** Whether a process is alive (default: `process.kill(pid, 0)`, EPERM counting as alive). */
  isAlive?: (pid: number) => boolean;
}

/**
 * Takes `<directory>/skein.pid`, created with O_EXCL and holding this process's pid, so
 * that one `$SKEIN_HOME` is served by one daemon. A lock left by a process that is gone
 * (a crash, a container restart that reused our pid) is taken over; a live holder makes
 * this throw an {@link InstanceLockError}.
 */
export function acquireInstanceLock(directory: string, options: InstanceLockOptions = {}): InstanceLock {
  const path = join(directory, "skein.pid");
  const isAlive = options.isAlive ?? processIsAlive;
  for (let attempt = 0; ; attempt++) {
    try {
      const descriptor = openSync(path, "wx", 0o644);
      try {
        writeSync(descriptor, `${process.pid}\n`);
      } finally {
        closeSync(descriptor);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 2) throw error;
      const holder = Number.parseInt(readText(path), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder))
        throw new InstanceLockError(holder, path);
      rmSync(path, { force: true });
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off("exit", release);
    rmSync(path, { force: true });
  };
  process.on("exit", release);
  return { path, release };
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
