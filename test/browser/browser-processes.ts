import { readdirSync, readFileSync } from "node:fs";

/** A live process as /proc shows it. */
export interface ProcessInfo {
  pid: number;
  parent: number;
  /** Its arguments, joined by spaces. */
  commandLine: string;
}

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
};

/** Every live process of the machine (zombies left out). */
export function liveProcesses(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const name of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    const stat = read(`/proc/${name}/stat`);
    if (!stat) continue;
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (state === "Z" || state === "X") continue;
    const commandLine = (read(`/proc/${name}/cmdline`) ?? "").replaceAll("\0", " ").trim();
    found.push({ pid: Number(name), parent: Number(parent), commandLine });
  }
  return found;
}

/** The live processes whose command line contains `text`, and every descendant of theirs. */
export function processesOf(text: string): ProcessInfo[] {
  const all = liveProcesses();
  const chosen = new Map(all.filter((info) => info.commandLine.includes(text)).map((info) => [info.pid, info]));
  for (let grew = true; grew; ) {
    grew = false;
    for (const info of all)
      if (!chosen.has(info.pid) && chosen.has(info.parent)) {
        chosen.set(info.pid, info);
        grew = true;
      }
  }
  return [...chosen.values()];
}

/** Whether a process of these pids is still alive. */
export function anyAlive(pids: readonly number[]): boolean {
  const live = new Set(liveProcesses().map((info) => info.pid));
  return pids.some((pid) => live.has(pid));
}

/** Resolves with how long it took until none of `pids` is alive (looking every 50 ms); rejects after `limitMs`. */
export async function goneWithin(pids: readonly number[], limitMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (anyAlive(pids)) {
    if (Date.now() - started > limitMs) throw new Error(`${what}: still running after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

/** A process's environment, one `NAME=value` a line (empty when it cannot be read). */
export const environmentOf = (pid: number): string => (read(`/proc/${pid}/environ`) ?? "").replaceAll("\0", "\n");
