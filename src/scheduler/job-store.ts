import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.js";
import { withFileLock } from "../util/file-lock.js";
import type { JobChat, ScheduledJob } from "./job.js";

/** Where the jobs live: `$SKEIN_HOME/schedule/jobs.json`. */
export function jobsFile(home: string): string {
  return join(home, "schedule", "jobs.json");
}

/** The outcome of {@link JobStore.add}: stored, or refused because the chat has `count` jobs already. */
export type JobAdded = { type: "added" } | { type: "chat-full"; count: number };

/**
 * Where the scheduled jobs live: a file in `$SKEIN_HOME` ({@link JobFiles}), or Redis in
 * cluster mode, where every process (and `skein schedule` on any machine) sees the same
 * jobs. Each change is atomic, so the timer, the `schedule` tool and the CLI never undo
 * each other.
 */
export interface JobStore {
  /** Every stored job. */
  list(): Promise<ScheduledJob[]>;
  /** The jobs whose next run is at or before `now` (epoch ms). */
  due(now: number): Promise<ScheduledJob[]>;
  /** The earliest next run of any job, or `undefined` when there is none. */
  earliestRun(): Promise<number | undefined>;
  /** Stores `job` unless the chat it was created in has `maxPerChat` jobs already. */
  add(job: ScheduledJob, maxPerChat: number): Promise<JobAdded>;
  /** Removes job `id` if it exists (and, when `chat` is given, was created there); true when removed. */
  remove(id: string, chat?: JobChat): Promise<boolean>;
  /**
   * Moves job `id` on from the run at `from` to the run at `to`, or removes it when `to` is
   * `undefined` (a one-time job that ran). Does nothing (false) when the job is gone or its
   * next run is no longer `from` (another timer moved it on already).
   */
  advance(id: string, from: number, to: number | undefined): Promise<boolean>;
}

/** Whether two chats are the same (threads aside). */
export function sameChat(a: JobChat, b: JobChat): boolean {
  return a.channel === b.channel && a.chatId === b.chatId;
}

/**
 * The scheduled jobs in one JSON file, rewritten atomically after each change (a crash
 * leaves the old file or the new one, never half of one), under a file lock, so the daemon
 * and `skein schedule remove` never undo each other.
 */
export class JobFiles implements JobStore {
  readonly #path: string;

  constructor(path: string) {
    this.#path = path;
  }

  /** Every stored job; none when the file does not exist yet. Throws on a file that is not valid. */
  async list(): Promise<ScheduledJob[]> {
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

  // Most wake-ups find nothing due: they only read the file, taking no lock and writing nothing.
  async due(now: number): Promise<ScheduledJob[]> {
    return (await this.list()).filter((job) => job.nextRun !== undefined && job.nextRun <= now);
  }

  async earliestRun(): Promise<number | undefined> {
    const next = Math.min(...(await this.list()).map((job) => job.nextRun ?? Number.POSITIVE_INFINITY));
    return Number.isFinite(next) ? next : undefined;
  }

  async add(job: ScheduledJob, maxPerChat: number): Promise<JobAdded> {
    let outcome: JobAdded = { type: "added" };
    await this.#update((jobs) => {
      const count = jobs.filter((existing) => sameChat(existing.createdIn, job.createdIn)).length;
      if (count >= maxPerChat) {
        outcome = { type: "chat-full", count };
        return false;
      }
      jobs.push(job);
      return true;
    });
    return outcome;
  }

  remove(id: string, chat?: JobChat): Promise<boolean> {
    return this.#update((jobs) => {
      const index = jobs.findIndex((job) => job.id === id && (!chat || sameChat(job.createdIn, chat)));
      if (index < 0) return false;
      jobs.splice(index, 1);
      return true;
    });
  }

  advance(id: string, from: number, to: number | undefined): Promise<boolean> {
    return this.#update((jobs) => {
      const index = jobs.findIndex((job) => job.id === id && job.nextRun === from);
      if (index < 0) return false;
      if (to === undefined) jobs.splice(index, 1);
      else jobs[index]!.nextRun = to;
      return true;
    });
  }

  /** Reads the jobs, lets `change` edit the list in place and writes it back when it returns true; under the lock. */
  #update(change: (jobs: ScheduledJob[]) => boolean): Promise<boolean> {
    return withFileLock(this.#path, async () => {
      const jobs = await this.list();
      const changed = change(jobs);
      if (changed) await writeFileAtomic(this.#path, `${JSON.stringify({ jobs }, null, 2)}\n`);
      return changed;
    });
  }
}
