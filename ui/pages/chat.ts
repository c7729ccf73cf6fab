import { useEffect, useRef, useState } from "preact/hooks";
import { send } from "../api.js";
import { ago } from "../format.js";
import { useAction, useEvent, useResource } from "../hooks.js";
import { html } from "../html.js";
import { Markdown } from "../markdown-view.js";
import { Transcript, type TranscriptMessage } from "../transcript.js";
import { Empty, Page } from "../ui-kit.js";

/** A `chat` event: one step of the reply being written in a web-chat conversation. */
interface ChatEvent {
  conversation: string;
  kind: "status" | "delta" | "final" | "error";
  /** On a delta, the text added since the last one; with `reset`, the whole reply so far. */
  text: string;
  reset?: true;
  /** On a status about a call waiting for approval: the request's id on the Approvals page. */
  approval?: string;
}

interface Status {
  text: string;
  approval?: string | undefined;
}

interface Pending {
  statuses: Status[];
  text: string;
  error?: string;
}

/** The web chat: the operator's conversations with the agent, a streamed reply, file attachments and `/new`. */
export function ChatPage({ selected }: { selected?: string | undefined }) {
  const list = useResource<{ conversations: { id: string; title: string; last_activity: string }[] }>(
    "/api/chat/conversations",
    [],
  );
  const [conversation, setConversation] = useState<string | undefined>(selected);
  useEffect(() => setConversation(selected), [selected]);
  const transcript = useResource<{ messages: TranscriptMessage[] }>(
    conversation ? `/api/chat/${encodeURIComponent(conversation)}` : undefined,
    [],
  );
  const [pending, setPending] = useState<Pending | undefined>(undefined);
  const [draft, setDraft] = useState("");
  const [sentText, setSentText] = useState<string | undefined>(undefined);
  const action = useAction();
  const fileInput = useRef<HTMLInputElement>(null);
  const [attached, setAttached] = useState<string[]>([]);

  /** While a message is being sent to a new conversation, its events may come before its id: kept here. */
  const early = useRef<ChatEvent[] | undefined>(undefined);

  const apply = (event: ChatEvent) => {
    if (event.kind === "final") {
      setPending(undefined);
      setSentText(undefined);
      transcript.reload();
      list.reload();
      return;
    }
    setPending((current) => {
      const now = current ?? { statuses: [], text: "" };
      if (event.kind === "status")
        return { ...now, statuses: [...now.statuses, { text: event.text, approval: event.approval }] };
      if (event.kind === "error") return { ...now, error: event.text };
      return { ...now, text: event.reset ? event.text : now.text + event.text };
    });
  };

  useEvent("chat", (data) => {
    const event = data as ChatEvent | null;
    if (event && early.current && !conversation) {
      early.current.push(event);
      return;
    }
    if (!event || event.conversation !== conversation) {
      list.reload();
      return;
    }
    apply(event);
  });
  const open = (id: string | undefined) => {
    setPending(undefined);
    setSentText(undefined);
    location.hash = id ? `#/chat/${encodeURIComponent(id)}` : "#/chat";
    setConversation(id);
  };

  const submit = (event: Event) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    // The reply may stream in, even end, before the POST is answered: show it as pending from the start.
    setSentText(text);
    setPending({ statuses: [], text: "" });
    early.current = [];
    void action.run(async () => {
      try {
        const answer = await send<{ conversation: string; message_id: string }>("POST", "/api/chat", {
          ...(conversation ? { conversation } : {}),
          text,
        });
        setDraft("");
        setAttached([]);
        if (answer.conversation !== conversation) {
          location.hash = `#/chat/${encodeURIComponent(answer.conversation)}`;
          setConversation(answer.conversation);
        }
        for (const early of takeEarly()) if (early.conversation === answer.conversation) apply(early);
        list.reload();
      } catch (failure) {
        takeEarly();
        setPending(undefined);
        setSentText(undefined);
        throw failure;
      }
    });
  };

  const takeEarly = () => {
    const events = early.current ?? [];
    early.current = undefined;
    return events;
  };

  const attach = () => {
    const files = [...(fileInput.current?.files ?? [])];
    if (!files.length) return;
    void action.run(async () => {
      let id = conversation;
      for (const file of files) {
        const query = id ? `?conversation=${encodeURIComponent(id)}` : "";
        const answer = await send<{ ok: boolean; conversation?: string }>("POST", `/api/chat/files${query}`, file, {
          "X-File-Name": encodeURIComponent(file.name),
          "Content-Type": file.type || "application/octet-stream",
        });
        if (!id && answer.conversation) {
          id = answer.conversation;
          open(id);
        }
        setAttached((names) => [...names, file.name]);
      }
      if (fileInput.current) fileInput.current.value = "";
    });
  };

  const keyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) submit(event);
  };

  return html`<${Page} title="Chat" error=${action.error ?? list.error}>
    <div class="split">
      <nav class="list-pane" aria-label="Web chat conversations">
        <button type="button" class="secondary" onClick=${() => open(undefined)}>New conversation</button>
        ${
          list.data?.conversations.length
            ? html`<ul class="conversation-list">${list.data.conversations.map(
                (item) => html`<li><a href=${`#/chat/${encodeURIComponent(item.id)}`}
                aria-current=${item.id === conversation ? "page" : undefined}>
                <strong>${item.title || "Untitled"}</strong><span class="muted">${ago(item.last_activity)}</span></a></li>`,
              )}</ul>`
            : html`<${Empty}>No web chat yet.<//>`
        }
      </nav>
      <div class="detail-pane chat-pane">
        <div class="chat-log" aria-live="polite">
          ${transcript.data && conversation ? html`<${Transcript} messages=${transcript.data.messages} />` : null}
          ${!conversation && !pending && html`<${Empty}>Write to the agent below. <code>/new</code> starts a new conversation.<//>`}
          ${
            sentText &&
            !transcript.data?.messages.some((message) => message.role === "user" && message.text === sentText) &&
            html`<div class="message user pending-user"><div class="plain">${sentText}</div></div>`
          }
          ${
            pending &&
            html`<div class="message assistant streaming" aria-busy="true">
            ${pending.statuses.map(
              (status) => html`<div class="status-line">
                <span class="plain">${status.text}</span>
                ${status.approval && html` <a href="#/approvals">Decide on the Approvals page</a>`}
              </div>`,
            )}
            ${pending.text ? html`<${Markdown} text=${pending.text} />` : html`<div class="muted">…</div>`}
            ${pending.error && html`<p class="error" role="alert">${pending.error}</p>`}
          </div>`
          }
        </div>
        <form class="composer" onSubmit=${submit}>
          <label for="chat-text" class="visually-hidden">Message</label>
          <textarea id="chat-text" rows="3" placeholder="Message the agent (Enter sends, Shift+Enter for a new line)"
            value=${draft} onInput=${(event: Event) => setDraft((event.target as HTMLTextAreaElement).value)}
            onKeyDown=${keyDown}></textarea>
          <div class="composer-actions">
            <label class="file-button">Attach file<input ref=${fileInput} type="file" multiple onChange=${attach} /></label>
            ${attached.length > 0 && html`<span class="muted">attached: ${attached.join(", ")}</span>`}
            <button type="submit" disabled=${action.busy || !draft.trim()}>Send</button>
          </div>
        </form>
      </div>
    </div>
  <//>`;
}
