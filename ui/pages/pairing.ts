import { send } from "../api.js";
import { duration } from "../format.js";
import { useAction, useResource } from "../hooks.js";
import { html } from "../html.js";
import { Card, Empty, Loading, Page } from "../ui-kit.js";

interface PairingAnswer {
  pending: { channel: string; code: string; sender: string; name?: string; age_s: number }[];
  approved: { channel: string; sender: string; name?: string }[];
}

/** Pairing codes waiting for approval, and the senders already approved. */
export function PairingPage() {
  const { data, error, reload } = useResource<PairingAnswer>("/api/pairing", ["pairing"]);
  const action = useAction();
  const post = (path: string, body: Record<string, string>) =>
    action.run(async () => {
      await send("POST", path, body);
      reload();
    });
  return html`<${Page} title="Pairing" error=${action.error ?? error}>
    <${Card} title="Pending codes">
      ${
        !data
          ? html`<${Loading} />`
          : data.pending.length
            ? html`<table>
              <thead><tr><th scope="col">Code</th><th scope="col">Sender</th><th scope="col">Channel</th><th scope="col">Age</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>${data.pending.map(
                (entry) => html`<tr>
                  <td><code>${entry.code}</code></td><td>${entry.name ? `${entry.name} (${entry.sender})` : entry.sender}</td>
                  <td>${entry.channel}</td><td>${duration(entry.age_s)}</td>
                  <td class="actions">
                    <button type="button" disabled=${action.busy} aria-label=${`Approve ${entry.code}`}
                      onClick=${() => post("/api/pairing/approve", { channel: entry.channel, code: entry.code })}>Approve</button>
                    <button type="button" class="danger" disabled=${action.busy} aria-label=${`Deny ${entry.code}`}
                      onClick=${() => post("/api/pairing/deny", { channel: entry.channel, code: entry.code })}>Deny</button>
                  </td></tr>`,
              )}</tbody>
            </table>`
            : html`<${Empty}>No pairing code waits.<//>`
      }
    <//>
    <${Card} title="Approved senders">
      ${
        data?.approved.length
          ? html`<table>
            <thead><tr><th scope="col">Sender</th><th scope="col">Channel</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>${data.approved.map(
              (
                entry,
              ) => html`<tr><td>${entry.name ? `${entry.name} (${entry.sender})` : entry.sender}</td><td>${entry.channel}</td>
                <td class="actions"><button type="button" class="danger" disabled=${action.busy} aria-label=${`Revoke ${entry.sender}`}
                  onClick=${() => post("/api/pairing/revoke", { channel: entry.channel, sender: entry.sender })}>Revoke</button></td></tr>`,
            )}</tbody>
          </table>`
          : html`<${Empty}>No sender approved by pairing.<//>`
      }
    <//>
  <//>`;
}
