import type { ChildProcess } from "node:child_process";
import type { Readable } from "node:stream";

/** VmRSS in kB from the text of `/proc/<pid>/status`. */
export function vmRssKb(status: string): number {
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

/**
 * Resolves when the `skein start` in `child` logs "skein ready"; rejects with the end of its
 * stderr if it exits first.
 */
export function untilReady(child: ChildProcess & { stderr: Readable }): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-50_000);
      if (stderr.includes("skein ready")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`skein start exited with ${code}: ${stderr}`)));
  });
}
