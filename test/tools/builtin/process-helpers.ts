import { readFileSync } from "node:fs";

/** Whether a process runs (a zombie waiting to be reaped counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Waits until the process is gone; fails after `limitMs` (a backstop, not a timing assertion). */
export async function waitUntilGone(pid: number, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} is still running`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
