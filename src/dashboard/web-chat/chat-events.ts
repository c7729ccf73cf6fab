/**
 * What the web chat tells the browsers, as SSE `chat` events on `/api/events`: a status line
 * while a tool runs, the reply as it is written (`delta`: the text added since the last one;
 * with `reset`, the whole text so far, which replaces what was shown), the final answer
 * (Markdown, which replaces the streamed text) and a failure note.
 */
export interface ChatEvent {
  /** The conversation's id (the `web` channel's chat id). */
  conversation: string;
  kind: "status" | "delta" | "final" | "error";
  text: string;
  /** On a `delta`: `text` is the whole reply so far, not an addition (the model's text was rewritten). */
  reset?: true;
  /** On a `status` about a call waiting for approval: the pending request's id (as `GET /api/approvals` lists it). */
  approval?: string;
}

/** The browsers' side of the web chat: whoever shows chat events subscribes (the dashboard's event stream). */
export class ChatEvents {
  readonly #listeners = new Set<(event: ChatEvent) => void>();

  /** Calls `listener` with every event from now on; returns the function that stops it. */
  subscribe(listener: (event: ChatEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: ChatEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}

/**
 * Cluster mode: the chat events of every process, so that a browser connected to one process
 * follows a turn another process runs (Redis pub/sub in `src/cluster`).
 */
export interface ChatEventRelay {
  /** Sends an event of this process to every process (itself included). */
  publish(event: ChatEvent): void;
  /** Calls `listener` with every process's events; returns the function that stops it. */
  subscribe(listener: (event: ChatEvent) => void): () => void;
  close(): Promise<void>;
}
