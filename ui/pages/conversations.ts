import { useState } from "preact/hooks";
import { BrowserPanel } from "../browser-panel.js";
import { ago } from "../format.js";
import { useResource } from "../hooks.js";
import { html } from "../html.js";
import { type RunningSubagent, SubagentList } from "../subagents.js";
import { Transcript, type TranscriptMessage } from "../transcript.js";
import { Empty, Loading, Page } from "../ui-kit.js";

interface ConversationSummary {
  key: string;
  channel: string;
  chat_id: string;
  thread?: string;
  agent: string;
  title?: string;
  last_activity: string;
  message_count: number;
  match?: string;
}

/** Every conversation by channel and agent, searchable; `selected` opens one's transcript. */
export function ConversationsPage({ selected }: { selected?: string | undefined }) {
  const [query, setQuery] = useState("");
  const [channel, setChannel] = useState("");
  const [agent, setAgent] = useState("");
  const params = new URLSearchParams();
  if (query.trim()) params.set("q", query.trim());
  if (channel) params.set("channel", channel);
  if (agent) params.set("agent", agent);
  const path = `/api/conversations${params.size ? `?${params}` : ""}`;
  const list = useResource<{ conversations: ConversationSummary[] }>(path, ["conversation"]);
  const all = useResource<{ conversations: ConversationSummary[] }>("/api/conversations", ["conversation"]);
  const channels = [...new Set(all.data?.conversations.map((c) => c.channel))].sort();
  const agents = [...new Set(all.data?.conversations.map((c) => c.agent))].sort();

  return html`<${Page} title="Conversations" error=${list.error}>
    <form class="filters" role="search" onSubmit=${(event: Event) => event.preventDefault()}>
      <label>Search <input type="search" value=${query} placeholder="text in any message"
        onInput=${(event: Event) => setQuery((event.target as HTMLInputElement).value)} /></label>
      <label>Channel <select value=${channel} onChange=${(event: Event) => setChannel((event.target as HTMLSelectElement).value)}>
        <option value="">all</option>${channels.map((name) => html`<option value=${name}>${name}</option>`)}
      </select></label>
      ${
        agents.length > 1 &&
        html`<label>Agent <select value=${agent} onChange=${(event: Event) => setAgent((event.target as HTMLSelectElement).value)}>
        <option value="">all</option>${agents.map((name) => html`<option value=${name}>${name}</option>`)}
      </select></label>`
      }
    </form>
    <div class="split">
      <nav class="list-pane" aria-label="Conversations">
        ${
          !list.data
            ? html`<${Loading} />`
            : list.data.conversations.length === 0
              ? html`<${Empty}>${query ? "No conversation matches." : "No conversation yet."}<//>`
              : html`<ul class="conversation-list">${[...list.data.conversations]
                  .sort((a, b) => b.last_activity.localeCompare(a.last_activity))
                  .map(
                    (conversation) => html`<li>
                    <a href=${`#/conversations/${encodeURIComponent(conversation.key)}`}
                      aria-current=${conversation.key === selected ? "page" : undefined}>
                      <strong>${conversation.title ?? conversation.chat_id}</strong>
                      <span class="muted">${[
                        conversation.channel,
                        ...(agents.length > 1 ? [conversation.agent] : []),
                        `${conversation.message_count} messages`,
                        ago(conversation.last_activity),
                      ].join(" · ")}</span>
                      ${conversation.match && html`<span class="match">${conversation.match}</span>`}
                    </a>
                  </li>`,
                  )}</ul>`
        }
      </nav>
      <div class="detail-pane">
        ${selected ? html`<${ConversationView} conversationKey=${selected} />` : html`<${Empty}>Choose a conversation.<//>`}
      </div>
    </div>
  <//>`;
}

function ConversationView({ conversationKey }: { conversationKey: string }) {
  const { data, error } = useResource<{ key: string; messages: TranscriptMessage[]; subagents?: RunningSubagent[] }>(
    `/api/conversations/${encodeURIComponent(conversationKey)}`,
    ["conversation"],
  );
  return html`<article aria-label="Transcript">
    <h2 class="transcript-title">${conversationKey}</h2>
    <${BrowserPanel} conversationKey=${conversationKey} />
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${
      (data?.subagents?.length ?? 0) > 0 &&
      html`<section class="subagents"><h3>Sub-agents working for it</h3>
        <${SubagentList} subagents=${data!.subagents} showChat=${false} /></section>`
    }
    ${data ? html`<${Transcript} messages=${data.messages} />` : !error && html`<${Loading} />`}
  </article>`;
}
