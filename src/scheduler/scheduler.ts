/**
 * Scheduled jobs and webhooks: what skein records on the bus by itself. This file: the `Scheduler`, whose timer
 * records each due run on the bus once; `job.ts`: a job (`at`, `every` or `cron`) and its chat; `next-run.ts`: the
 * next run (cron through croner); `job-store.ts`: the job store contract and its file,
 * `$SKEIN_HOME/schedule/jobs.json` (Redis in `src/cluster/`); `hook-endpoint.ts`: `POST /hooks/<name>`.
 */

import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { RecordResult } from "../bus/journal.js";
import type { InboundMessage } from "../bus/messages.js";
import { hostTimeZone } from "../config/schema.js";
import type { JobChat, ScheduledJob } from "./job.js";
import { type JobStore, sameChat } from "./job-store.js";
import { nextRunAfter, planSchedule, ScheduleError, type ScheduleRequest } from "./next-run.js";

/** The longest the timer sleeps before looking at the jobs again (the file may have changed): 60 s. */
const defaultMaxSleepMs = 60_000;

export interface SchedulerOptions {
  /** Where the jobs live (a file, or Redis in cluster mode). */
  store: JobStore;
  /**
   * The longest the timer sleeps before looking at the store again (default 60 s). In
   * cluster mode a job added by another process is seen within this time, so it is short.
   */
  maxSleepMs?: number;
  /**
   * Records one run durably as an inbound message (the bus's `publishInbound`); a message id
   * recorded before (in any state) is a duplicate and is not handed to the agent again.
   */
  record: (message: InboundMessage) => Promise<RecordResult | undefined>;
  /** `tools.schedule.catch_up`: a missed run younger than this many seconds still fires once. */
  catchUpSeconds: number;
  /** `tools.schedule.max_jobs_per_chat`. */
  maxJobsPerChat: number;
  /**
   * `agents.defaults.timezone`; unset, the host's zone, looked up when a job first needs it
   * (that lookup loads ICU's time zone data, about 9 MB of memory an idle daemon does without).
   */
  defaultTimeZone?: string | undefined;
  log: Logger;
  /** Epoch milliseconds now (injectable for tests). */
  now?: () => number;
}

/** What the `schedule` tool asks for. */
export interface NewJob extends ScheduleRequest {
  text: string;
  kind: "reminder" | "task";
  name?: string;
  tz?: string;
  model?: string;
  target: JobChat;
  createdIn: JobChat;
  createdBy: string;
  isDirect: boolean;
  /** The creator was let in only through the group's chat id: the runs' tools reach only the target. */
  confined?: boolean;
  /** With `agents.list`: the agent whose turn created it, in which its runs fire. */
  agent?: string;
}

/** The outcome of {@link Scheduler.add}: the job, or why it was refused (for the model to correct). */
export type AddResult = { type: "added"; job: ScheduledJob } | { type: "refused"; reason: string };

/**
 * Runs the scheduled jobs. Each due run is recorded through `record` as an inbound message
 * with the id `schedule:<jobId>:<runTime>` before the job's next run is stored, so a crash
 * at any point fires the run at most once more, and the journal drops that repeat. On start
 * (and after any pause) a missed run younger than `catchUpSeconds` fires once; older ones are
 * skipped and logged. The timer is unref()ed and stops with the signal given to {@link start}.
 */
export class Scheduler {
  readonly #options: SchedulerOptions;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  #signal: AbortSignal | undefined;
  #running: Promise<void> = Promise.resolve();
  #storeFailing = false;
  readonly #listeners = new Set<() => void>();

  constructor(options: SchedulerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** Fires what is due (catch-up) and keeps firing until `signal` aborts. */
  async start(signal: AbortSignal): Promise<void> {
    this.#signal = signal;
    signal.addEventListener("abort", () => clearTimeout(this.#timer), { once: true });
    await this.runDue();
  }

  /** Adds a job after checking its schedule, time zone and the chat's job limit. */
  async add(request: NewJob): Promise<AddResult> {
    const now = this.#now();
    const tz = request.tz ?? this.#options.defaultTimeZone ?? hostTimeZone();
    let planned: ReturnType<typeof planSchedule>;
    try {
      planned = planSchedule(request, tz, now);
    } catch (error) {
      if (error instanceof ScheduleError) return { type: "refused", reason: error.message };
      throw error;
    }
    const job: ScheduledJob = {
      id: randomBytes(5).toString("hex"),
      ...(request.name ? { name: request.name } : {}),
      kind: request.kind,
      text: request.text,
      schedule: planned.schedule,
      tz,
      target: request.target,
      createdIn: request.createdIn,
      createdBy: request.createdBy,
      isDirect: request.isDirect,
      ...(request.confined ? { confined: true } : {}),
      ...(request.model ? { model: request.model } : {}),
      ...(request.agent ? { agent: request.agent } : {}),
      createdAt: now,
      nextRun: planned.firstRun,
    };
    const added = await this.#options.store.add(job, this.#options.maxJobsPerChat);
    if (added.type === "chat-full")
      return {
        type: "refused",
        reason: `this chat already has ${added.count} jobs, the most allowed (tools.schedule.max_jobs_per_chat); remove one first`,
      };
    this.#arm();
    this.#changed();
    return { type: "added", job };
  }

  /** The jobs created from `chat` (every job when no chat is given). */
  async list(chat?: JobChat): Promise<ScheduledJob[]> {
    const jobs = await this.#options.store.list();
    return chat ? jobs.filter((job) => sameChat(job.createdIn, chat)) : jobs;
  }

  /** Removes job `id` if it exists (and, when `chat` is given, was created from that chat). */
  async remove(id: string, chat?: JobChat): Promise<boolean> {
    const removed = await this.#options.store.remove(id, chat);
    if (removed) this.#changed();
    return removed;
  }

  /** Records one run of job `id` now, besides its schedule (its next run stays); false when there is no such job. */
  async runNow(id: string): Promise<boolean> {
    const job = (await this.#options.store.list()).find((candidate) => candidate.id === id);
    if (!job) return false;
    const now = this.#now();
    await this.#options.record(runMessage(job, now, now));
    this.#options.log.info({ job: id, name: job.name }, "scheduled job run now");
    return true;
  }

  /** Calls `listener` when a job is added, removed or has run; returns the function that stops it. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }

  /** Fires every due run once and stores each job's next run; then sets the timer. Never throws. */
  runDue(): Promise<void> {
    const run = this.#running.then(() => this.#fireDue());
    this.#running = run.catch(() => undefined);
    return run;
  }

  async #fireDue(): Promise<void> {
    clearTimeout(this.#timer);
    const { store } = this.#options;
    try {
      for (const job of await store.due(this.#now())) {
        if (this.#signal?.aborted || job.nextRun === undefined) break;
        const outcome = await this.#fire(job, job.nextRun);
        if (outcome === "failed") continue;
        const next = nextRunAfter(job.schedule, job.tz, job.createdAt, Math.max(this.#now(), job.nextRun));
        // A job removed meanwhile stays removed; one another timer moved on already is left as it is.
        await store.advance(job.id, job.nextRun, next);
        this.#changed();
      }
      if (this.#storeFailing) this.#options.log.info("scheduled jobs can be read and stored again");
      this.#storeFailing = false;
    } catch (error) {
      // Logged once while it lasts: in cluster mode the timer looks every second, also while Redis is down.
      if (!this.#storeFailing)
        this.#options.log.error({ err: error }, "scheduled jobs could not be read or stored; trying again later");
      this.#storeFailing = true;
    }
    this.#arm();
  }

  /** Records one run (or skips it when it is older than catch-up). */
  async #fire(job: ScheduledJob, runTime: number): Promise<"fired" | "skipped" | "failed"> {
    const { log, catchUpSeconds } = this.#options;
    const late = this.#now() - runTime;
    const where = { job: job.id, name: job.name, runTime: new Date(runTime).toISOString() };
    if (late > catchUpSeconds * 1000) {
      log.warn(
        { ...where, lateSeconds: Math.round(late / 1000) },
        "skipping a scheduled run missed for longer than tools.schedule.catch_up",
      );
      return "skipped";
    }
    try {
      const result = await this.#options.record(runMessage(job, runTime, this.#now()));
      if (result && result.type === "duplicate")
        log.info(where, "scheduled run was already recorded; not firing it again");
      else log.info(where, "scheduled run fired");
      return "fired";
    } catch (error) {
      log.warn({ ...where, err: error }, "could not record a scheduled run; it fires when possible");
      return "failed";
    }
  }

  /** Sleeps until the earliest next run (at most `maxSleepMs`). */
  #arm(): void {
    clearTimeout(this.#timer);
    if (!this.#signal || this.#signal.aborted) return;
    const maxSleepMs = this.#options.maxSleepMs ?? defaultMaxSleepMs;
    void this.#options.store.earliestRun().then(
      (next) => {
        if (this.#signal?.aborted) return;
        const wait = Math.max(0, Math.min((next ?? Number.POSITIVE_INFINITY) - this.#now(), maxSleepMs));
        clearTimeout(this.#timer);
        this.#timer = setTimeout(() => void this.runDue(), wait);
        this.#timer.unref();
      },
      () => {
        this.#timer = setTimeout(() => void this.runDue(), maxSleepMs);
        this.#timer.unref();
      },
    );
  }
}

/** The inbound message that stands for one run of `job` (its id is the same for the same run). */
function runMessage(job: ScheduledJob, runTime: number, now: number): InboundMessage {
  return {
    id: `schedule:${job.id}:${runTime}`,
    channel: job.target.channel,
    chatId: job.target.chatId,
    ...(job.target.threadId ? { threadId: job.target.threadId } : {}),
    senderId: job.createdBy,
    isDirect: job.isDirect,
    text: job.text,
    receivedAt: now,
    internal: true,
    ...(job.confined ? { admittedVia: "group" as const } : {}),
    ...(job.agent ? { agentId: job.agent } : {}),
    trigger: {
      type: "schedule",
      kind: job.kind,
      jobId: job.id,
      ...(job.name ? { name: job.name } : {}),
      ...(job.model ? { model: job.model } : {}),
      createdIn: { channel: job.createdIn.channel, chatId: job.createdIn.chatId },
    },
  };
}
