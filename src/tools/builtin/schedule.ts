import { describeSchedule, type ScheduledJob } from "../../scheduler/job.js";
import type { Scheduler } from "../../scheduler/scheduler.js";
import { type Tool, ToolError } from "../tool.js";
import { confinementRefusal } from "./confinement.js";
import { type MessageTargetRule, targetRefusal } from "./message-targets.js";

/** The scheduler as the `schedule` tool sees it. */
export type SchedulePort = Pick<Scheduler, "add" | "list" | "remove">;

interface ScheduleArgs {
  action: "add" | "list" | "remove";
  text?: string;
  at?: string;
  every?: number;
  cron?: string;
  tz?: string;
  kind?: "reminder" | "task";
  deliver_to?: { channel: string; chat_id: string };
  name?: string;
  model?: string;
  id?: string;
}

/**
 * `schedule`: reminders and recurring tasks. `add` stores a job (a reminder's text is sent
 * as it is; a task runs an agent turn whose answer is sent unless it is NOTHING_TO_REPORT);
 * `list` and `remove` see only the jobs created from the current chat. Other targets than
 * the current chat follow the `message` tool's rule.
 */
export function scheduleTool(scheduler: SchedulePort, targetRule: MessageTargetRule): Tool<ScheduleArgs> {
  return {
    name: "schedule",
    description:
      "Schedule a reminder (its text is sent to the chat as it is) or a task (at run time you get its text as an " +
      "instruction and your answer is sent; answer exactly NOTHING_TO_REPORT to send nothing). Give exactly one of " +
      "at (ISO 8601 time; without an offset it is in tz), every (seconds, >= 60) or cron (5 fields). list and remove " +
      "see the jobs created from this chat.",
    parameters: {
      type: "object",
      properties: {
        action: { type: "string", enum: ["add", "list", "remove"] },
        text: { type: "string", minLength: 1, description: "add: the reminder's text or the task's instruction" },
        at: { type: "string", description: "add: one time, ISO 8601 (e.g. 2030-01-31T09:00:00)" },
        every: { type: "integer", minimum: 60, description: "add: interval in seconds" },
        cron: { type: "string", description: 'add: 5-field cron expression (e.g. "0 9 * * 1-5")' },
        tz: { type: "string", description: "add: IANA time zone (default the bot's)" },
        kind: { type: "string", enum: ["reminder", "task"], description: "add: default reminder" },
        deliver_to: {
          type: "object",
          properties: { channel: { type: "string", minLength: 1 }, chat_id: { type: "string", minLength: 1 } },
          required: ["channel", "chat_id"],
          additionalProperties: false,
          description: "add: where runs deliver (default this chat)",
        },
        name: { type: "string", minLength: 1, maxLength: 100 },
        model: {
          type: "string",
          minLength: 1,
          description: "add: the model a task runs with (one the /model command offers)",
        },
        id: { type: "string", minLength: 1, description: "remove: the job id" },
      },
      required: ["action"],
      additionalProperties: false,
    },
    safety: "side-effecting",
    async execute(args, ctx) {
      // A scheduled run acts as the chat that created its job: it sees and adds that chat's jobs.
      const here = ctx.actsAs ?? { channel: ctx.channel, chatId: ctx.chatId };
      const turnChat = { channel: ctx.channel, chatId: ctx.chatId };
      if (args.action === "list") return { jobs: (await scheduler.list(here)).map(listing) };
      if (args.action === "remove") {
        if (!args.id) throw new ToolError("InvalidArgs", "remove needs the job id");
        if (!(await scheduler.remove(args.id, here)))
          throw new ToolError("NotFound", `no job ${args.id} was created from this chat (see action list)`);
        return { status: "removed", id: args.id };
      }
      if (!args.text) throw new ToolError("InvalidArgs", "add needs text");
      const target = args.deliver_to ? { channel: args.deliver_to.channel, chatId: args.deliver_to.chat_id } : turnChat;
      const confined = confinementRefusal(ctx, target);
      if (confined) throw new ToolError("PermissionDenied", confined);
      if (args.deliver_to) {
        const running = ctx.outbound.channels();
        if (!running.includes(target.channel))
          throw new ToolError(
            "InvalidArgs",
            `channel "${target.channel}" is not running; running: ${running.join(", ")}`,
          );
        const refusal = await targetRefusal(targetRule, target, ctx);
        if (refusal) throw new ToolError("PermissionDenied", refusal);
      }
      const sameChat = target.channel === turnChat.channel && target.chatId === turnChat.chatId;
      const result = await scheduler.add({
        text: args.text,
        kind: args.kind ?? "reminder",
        ...pick(args, ["at", "every", "cron", "tz", "name", "model"]),
        target: sameChat && ctx.threadId ? { ...target, threadId: ctx.threadId } : target,
        createdIn: here,
        createdBy: ctx.senderId,
        isDirect: sameChat && ctx.chatId === ctx.senderId,
        ...(ctx.confinedTo ? { confined: true } : {}),
      });
      if (result.type === "refused") throw new ToolError("InvalidArgs", result.reason);
      return { status: "scheduled", ...listing(result.job) };
    },
  };
}

/** A job as `list` shows it. */
function listing(job: ScheduledJob): Record<string, unknown> {
  return {
    id: job.id,
    ...(job.name ? { name: job.name } : {}),
    kind: job.kind,
    schedule: describeSchedule(job.schedule, job.tz),
    next_run: job.nextRun === undefined ? null : new Date(job.nextRun).toISOString(),
    target: { channel: job.target.channel, chat_id: job.target.chatId },
  };
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key];
  return picked;
}
