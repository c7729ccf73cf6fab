/** When a job runs: once `at` an instant, `every` so many seconds, or on a 5-field `cron` expression. */
export type JobSchedule =
  | { type: "at"; at: string }
  | { type: "every"; seconds: number }
  | { type: "cron"; expression: string };

/** A chat, as jobs name their target and the chat they were created in. */
export interface JobChat {
  channel: string;
  chatId: string;
  threadId?: string;
}

/** One scheduled job as the store keeps it (JSON). */
export interface ScheduledJob {
  id: string;
  name?: string;
  /** `reminder`: the text is sent as it is; `task`: an agent turn runs with it as the instruction. */
  kind: "reminder" | "task";
  text: string;
  schedule: JobSchedule;
  /** IANA time zone the schedule is read in. */
  tz: string;
  /** Where runs deliver (and, for a task, whose conversation the turn runs in). */
  target: JobChat;
  /** The chat the job was created from: only it lists and removes the job. */
  createdIn: JobChat;
  /** The sender who created it: a task runs as their turn. */
  createdBy: string;
  /** Whether the target is a private chat with the bot. */
  isDirect: boolean;
  /**
   * The creator was let in only through the group's chat id (a lower-trust sender): each run's
   * tools may reach only the target, as the creator's own turns could.
   */
  confined?: boolean;
  /** The model a task runs with (default: the conversation's). */
  model?: string;
  /** With `agents.list`: the agent whose turn created it; its runs fire in that agent (none: `main`). */
  agent?: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds of the next run; none once a one-time job has run. */
  nextRun?: number;
}

/** A schedule as the `schedule` tool describes it to the model and `skein schedule list` prints it. */
export function describeSchedule(schedule: JobSchedule, tz: string): string {
  switch (schedule.type) {
    case "at":
      return `at ${schedule.at} (${tz})`;
    case "every":
      return `every ${schedule.seconds} s`;
    case "cron":
      return `cron "${schedule.expression}" (${tz})`;
  }
}
