import { Cron } from "croner";
import { isTimeZone } from "../config/schema.js";
import type { JobSchedule } from "./job.js";

/** The shortest interval of an `every` job, in seconds. */
const minimumEverySeconds = 60;

/** Why a schedule was refused: the model (or operator) can correct it. */
export class ScheduleError extends Error {
  override readonly name = "ScheduleError";
  constructor(
    readonly kind: "invalid-schedule" | "past-time" | "unknown-timezone",
    message: string,
  ) {
    super(message);
  }
}

/** What a caller asks for: exactly one of `at`, `every`, `cron`. */
export interface ScheduleRequest {
  at?: string;
  every?: number;
  cron?: string;
}

/**
 * Checks a requested schedule in time zone `tz` and returns it with its first run after
 * `now`; throws a {@link ScheduleError} for an unknown zone, a malformed expression, an
 * interval under a minute or a time already past.
 */
export function planSchedule(
  request: ScheduleRequest,
  tz: string,
  now: number,
): { schedule: JobSchedule; firstRun: number } {
  if (!isTimeZone(tz))
    throw new ScheduleError("unknown-timezone", `unknown time zone "${tz}" (use an IANA name such as Europe/Berlin)`);
  const given = [request.at, request.every, request.cron].filter((value) => value !== undefined);
  if (given.length !== 1) throw new ScheduleError("invalid-schedule", "give exactly one of at, every or cron");
  const schedule: JobSchedule =
    request.at !== undefined
      ? { type: "at", at: request.at }
      : request.every !== undefined
        ? { type: "every", seconds: request.every }
        : { type: "cron", expression: (request.cron ?? "").trim() };
  if (schedule.type === "every" && !(Number.isInteger(schedule.seconds) && schedule.seconds >= minimumEverySeconds))
    throw new ScheduleError(
      "invalid-schedule",
      `every must be a whole number of seconds, at least ${minimumEverySeconds}`,
    );
  if (schedule.type === "cron" && schedule.expression.split(/\s+/).length !== 5)
    throw new ScheduleError(
      "invalid-schedule",
      `cron needs 5 fields (minute hour day month weekday), got "${schedule.expression}"`,
    );
  if (schedule.type === "at" && !isIsoTime(schedule.at))
    throw new ScheduleError(
      "invalid-schedule",
      `at must be an ISO 8601 time such as 2030-01-31T09:00:00 or 2030-01-31T09:00:00+01:00, got "${schedule.at}"`,
    );
  const firstRun = nextRunAfter(schedule, tz, now, now);
  if (firstRun === undefined)
    throw schedule.type === "at"
      ? new ScheduleError("past-time", `${schedule.at} is in the past (now is ${new Date(now).toISOString()})`)
      : new ScheduleError("invalid-schedule", "this schedule never runs");
  return { schedule, firstRun };
}

/**
 * The first run of `schedule` strictly after `after` (epoch ms), or undefined when there is
 * none (a one-time job whose time has passed). `every` counts from `anchor` (the job's creation).
 */
export function nextRunAfter(schedule: JobSchedule, tz: string, anchor: number, after: number): number | undefined {
  if (schedule.type === "every") {
    const period = schedule.seconds * 1000;
    const periods = Math.floor(Math.max(0, after - anchor) / period) + 1;
    return anchor + periods * period;
  }
  const pattern = schedule.type === "at" ? schedule.at : schedule.expression;
  let cron: Cron;
  try {
    cron = new Cron(pattern, { timezone: tz, paused: true });
  } catch (error) {
    throw new ScheduleError("invalid-schedule", `invalid ${schedule.type} "${pattern}": ${(error as Error).message}`);
  }
  if (schedule.type === "at") {
    const runAt = cron.nextRun(new Date(0))?.getTime();
    return runAt !== undefined && runAt > after ? runAt : undefined;
  }
  return cron.nextRun(new Date(after))?.getTime();
}

/** A date and time (seconds and offset optional), not a bare date nor a free-form string. */
function isIsoTime(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.test(text);
}
