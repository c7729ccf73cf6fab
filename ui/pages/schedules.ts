import { send } from "../api.js";
import { dateTime } from "../format.js";
import { useAction, useResource } from "../hooks.js";
import { html } from "../html.js";
import { Empty, Loading, Page } from "../ui-kit.js";

interface Job {
  id: string;
  kind: string;
  name?: string;
  schedule: string;
  next_run?: string;
  target: string;
  agent?: string;
}

/** Scheduled jobs with their next run and target; remove one or run it now. */
export function SchedulesPage() {
  const { data, error, reload } = useResource<{ jobs: Job[] }>("/api/schedules", ["schedules"]);
  const action = useAction();
  const act = (method: "POST" | "DELETE", path: string) =>
    action.run(async () => {
      await send(method, path);
      reload();
    });
  return html`<${Page} title="Schedules" error=${action.error ?? error}>
    ${
      !data
        ? html`<${Loading} />`
        : data.jobs.length
          ? html`<table>
            <thead><tr><th scope="col">Job</th><th scope="col">Kind</th><th scope="col">Schedule</th><th scope="col">Next run</th><th scope="col">Target</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>${[...data.jobs]
              .sort((a, b) => (a.next_run ?? "~").localeCompare(b.next_run ?? "~"))
              .map(
                (job) => html`<tr>
                  <td>${job.name ?? job.id}${job.agent && html`<span class="muted"> · ${job.agent}</span>`}</td>
                  <td>${job.kind}</td><td><code>${job.schedule}</code></td>
                  <td>${job.next_run ? dateTime(job.next_run) : html`<span class="muted">none</span>`}</td><td>${job.target}</td>
                  <td class="actions">
                    <button type="button" class="secondary" disabled=${action.busy} aria-label=${`Run ${job.name ?? job.id} now`}
                      onClick=${() => act("POST", `/api/schedules/${encodeURIComponent(job.id)}/run`)}>Run now</button>
                    <button type="button" class="danger" disabled=${action.busy} aria-label=${`Remove ${job.name ?? job.id}`}
                      onClick=${() => act("DELETE", `/api/schedules/${encodeURIComponent(job.id)}`)}>Remove</button>
                  </td></tr>`,
              )}</tbody>
          </table>`
          : html`<${Empty}>No scheduled job.<//>`
    }
  <//>`;
}
