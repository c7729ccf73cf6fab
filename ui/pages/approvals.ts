import { send } from "../api.js";
import { dateTime } from "../format.js";
import { useAction, useResource } from "../hooks.js";
import { html } from "../html.js";
import { Badge, Card, Empty, Loading, Page } from "../ui-kit.js";

interface PendingApproval {
  id: string;
  tool: string;
  arguments: string;
  chat: string;
  requested_by: string;
  expires_at: string;
  /** False when the call cannot be approved for the whole conversation (the chat prompt has no such button). */
  offers_conversation?: boolean;
}

interface Decision {
  id: string;
  tool: string;
  decision: string;
  decided_by: string;
  where: string;
  time: string;
}

/** Tool calls waiting for the operator, shown exactly as the chat prompt shows them, and recent decisions. */
export function ApprovalsPage() {
  const { data, error, reload } = useResource<{ pending: PendingApproval[]; recent: Decision[] }>("/api/approvals", [
    "approvals",
  ]);
  return html`<${Page} title="Approvals" error=${error}>
    <${Card} title="Pending">
      ${
        !data
          ? html`<${Loading} />`
          : data.pending.length
            ? data.pending.map(
                (request) => html`<${PendingCard} key=${request.id} request=${request} onDone=${reload} />`,
              )
            : html`<${Empty}>Nothing waits for approval.<//>`
      }
    <//>
    <${Card} title="Recent decisions">
      ${
        data?.recent.length
          ? html`<table>
            <thead><tr><th scope="col">Time</th><th scope="col">Tool</th><th scope="col">Decision</th><th scope="col">By</th><th scope="col">Where</th></tr></thead>
            <tbody>${data.recent.map(
              (decision) => html`<tr><td>${dateTime(decision.time)}</td><td><code>${decision.tool}</code></td>
                <td><${Badge} state=${decision.decision} /></td><td>${decision.decided_by}</td><td>${decision.where}</td></tr>`,
            )}</tbody>
          </table>`
          : html`<${Empty}>No decision yet.<//>`
      }
    <//>
  <//>`;
}

function PendingCard({ request, onDone }: { request: PendingApproval; onDone: () => void }) {
  const action = useAction();
  const decide = (decision: "once" | "conversation" | "deny") =>
    action.run(async () => {
      await send("POST", `/api/approvals/${encodeURIComponent(request.id)}`, { decision });
      onDone();
    });
  return html`<article class="approval" aria-label=${`Approval of ${request.tool}`}>
    <p><code>${request.tool}</code> in <strong>${request.chat}</strong>, asked by ${request.requested_by}
      <span class="muted"> · expires ${dateTime(request.expires_at)}</span></p>
    <pre class="arguments">${request.arguments}</pre>
    ${action.error && html`<p class="error" role="alert">${action.error}</p>`}
    <div class="actions">
      <button type="button" disabled=${action.busy} onClick=${() => decide("once")}>Approve once</button>
      ${
        request.offers_conversation !== false &&
        html`<button type="button" class="secondary" disabled=${action.busy} onClick=${() => decide("conversation")}>
        Approve for this conversation
      </button>`
      }
      <button type="button" class="danger" disabled=${action.busy} onClick=${() => decide("deny")}>Deny</button>
    </div>
  </article>`;
}
