import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.js";
import { withFileLock } from "../util/file-lock.js";
import type { ScheduledJob } from "./job.js";

/** Where the jobs live: `$SKEIN_HOME/schedule/jobs.json`. */
export function jobsFile(home: string): string {
  return join(home, "schedule", "jobs.json");
}

/**
 * The scheduled jobs in one JSON file, rewritten atomically after each change (a crash
 * leaves the old file or the new one, never half of one). Changes go through {@link update},
 * under a file lock, so the daemon and `skein schedule remove` never undo each other.
 */
export class JobStore {
  readonly #path: string;

  constructor(path: string) {
    this.#path = path;
  }

  /** Every stored job; none when the file does not exist yet. Throws on a file that is not valid. */
  async load(): Promise<ScheduledJob[]> {
    let text: string;
    try {
      text = await readFile(this.#path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const parsed = JSON.parse(text) as { jobs?: unknown };
    if (!Array.isArray(parsed.jobs)) throw new Error(`${this.#path} holds no "jobs" list`);
    return parsed.jobs as ScheduledJob[];
  }

  /**
   * Reads the jobs, lets `change` edit the list in place (it may be async) and writes it
   * back when `change` returns true; all under the store's lock. Resolves to what `change`
   * resolved to.
   */
  update(change: (jobs: ScheduledJob[]) => Promise<boolean> | boolean): Promise<boolean> {
    return withFileLock(this.#path, async () => {
      const jobs = await this.load();
      const changed = await change(jobs);
      if (changed) await writeFileAtomic(this.#path, `${JSON.stringify({ jobs }, null, 2)}\n`);
      return changed;
    });
  }
}
