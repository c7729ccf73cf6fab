import { MAIN_AGENT } from "../../agent/agent-runtime.js";
import { describeSchedule } from "../../scheduler/job.js";
import { type ApiRoute, apiError, ok } from "../dashboard-routes.js";
import type { DashboardSources } from "../dashboard-sources.js";

/** The schedules page: every job with its next run and target; remove one, or run it now. */
export function scheduleRoutes(sources: DashboardSources): ApiRoute[] {
  const { scheduler } = sources;
  return [
    {
      method: "GET",
      path: "/api/schedules",
      handle: async () =>
        ok({
          jobs: (await scheduler.list()).map((job) => ({
            id: job.id,
            kind: job.kind,
            ...(job.name && { name: sources.redact(job.name) }),
            text: sources.redact(job.text),
            schedule: describeSchedule(job.schedule, job.tz),
            ...(job.nextRun !== undefined && { next_run: new Date(job.nextRun).toISOString() }),
            target: `${job.target.channel}:${job.target.chatId}${job.target.threadId ? `:${job.target.threadId}` : ""}`,
            created_by: job.createdBy,
            agent: job.agent ?? MAIN_AGENT,
          })),
        }),
    },
    {
      method: "DELETE",
      path: "/api/schedules/:id",
      handle: async ({ params }) =>
        (await scheduler.remove(params.id!)) ? ok() : apiError(404, `no scheduled job ${params.id}`),
    },
    {
      method: "POST",
      path: "/api/schedules/:id/run",
      handle: async ({ params }) =>
        (await scheduler.runNow(params.id!)) ? ok() : apiError(404, `no scheduled job ${params.id}`),
    },
  ];
}
