import { ago } from "./format.js";
import { html } from "./html.js";
import { Empty } from "./ui-kit.js";

/** A running sub-agent as `/api/overview` and `/api/conversations/<key>` answer it. */
export interface RunningSubagent {
  id: string;
  label: string;
  agent: string;
  chat: string;
  session: string;
  started_at: string;
  depth: number;
  wait: boolean;
}

/** The running sub-agents: id, label, whom they work for (with `showChat`) and since when. */
export function SubagentList({ subagents, showChat }: { subagents: RunningSubagent[]; showChat: boolean }) {
  if (subagents.length === 0) return html`<${Empty}>No sub-agent is running.<//>`;
  return html`<ul class="plain-list" aria-label="Running sub-agents">${subagents.map(
    (child) => html`<li>
      <code>${child.id}</code> <strong>${child.label}</strong>
      <span class="muted"> ${[
        ...(showChat ? [`for ${child.chat}`] : []),
        ...(child.agent !== "main" ? [`agent ${child.agent}`] : []),
        `started ${ago(child.started_at)}`,
      ].join(" · ")}</span>
    </li>`,
  )}</ul>`;
}
