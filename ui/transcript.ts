import { dateTime } from "./format.js";
import { html } from "./html.js";
import { Markdown } from "./markdown-view.js";

/** One message of a transcript, as `/api/conversations/<key>` and `/api/chat/<id>` return it. */
export interface TranscriptMessage {
  role: "user" | "assistant" | "tool" | "summary";
  text: string;
  time?: string;
  sender?: string;
  tool_calls?: { id: string; name: string; arguments: string }[];
  tool_call_id?: string;
  truncated?: boolean;
}

/**
 * A conversation: the user's messages, the replies (Markdown), and each tool call collapsed with its arguments
 * and result.
 */
export function Transcript({ messages }: { messages: TranscriptMessage[] }) {
  const results = new Map<string, TranscriptMessage>();
  for (const message of messages)
    if (message.role === "tool" && message.tool_call_id) results.set(message.tool_call_id, message);
  const shown = messages.filter((message) => message.role !== "tool" || !message.tool_call_id);
  return html`<ol class="transcript">
    ${shown.map(
      (message) => html`<li class="message ${message.role}">
      <div class="message-meta">
        <strong>${message.role === "user" ? (message.sender ?? "user") : message.role}</strong>
        ${message.time && html`<time datetime=${message.time}>${dateTime(message.time)}</time>`}
      </div>
      ${
        message.role === "assistant" || message.role === "summary"
          ? message.text && html`<${Markdown} text=${message.text} />`
          : html`<div class="plain">${message.text}</div>`
      }
      ${message.tool_calls?.map((call) => {
        const result = results.get(call.id);
        return html`<details class="tool-call">
          <summary>Tool call <code>${call.name}</code>${result ? "" : " (no result)"}</summary>
          <h3>Arguments</h3>
          <pre>${prettyArguments(call.arguments)}</pre>
          ${result && html`<h3>Result${result.truncated ? " (truncated)" : ""}</h3><pre>${result.text}</pre>`}
        </details>`;
      })}
    </li>`,
    )}
  </ol>`;
}

/** Tool arguments as indented JSON when they are JSON, else exactly as sent. */
function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
