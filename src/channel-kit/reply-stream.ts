import type { OutboundMessage } from "../bus/messages.js";

/**
 * A reply that appears while it is written: one platform message that grows with the
 * model's text, shows a status line while a tool runs, and becomes the formatted answer.
 * A channel that can edit its messages offers one through {@link Channel.openStream}.
 */
export interface ReplyStream {
  /** The text written so far (all of it, not a delta) and, while a tool runs, what it is doing. */
  update(textSoFar: string, status?: string): void;
  /**
   * Ends the stream with the answer: the preview becomes its first chunk (formatted) and
   * the other chunks follow as new messages; without a preview every chunk is sent anew.
   * `onChunkDelivered(i)` is awaited once the platform holds chunk `i`. Rejects like `send`.
   */
  finish(finalText: string, delivery?: StreamDelivery): Promise<string[]>;
  /**
   * Ends a failed stream: a preview already shown keeps its text and gets `note` below it.
   * Resolves with whether the note was shown (when not, the caller tells the user itself).
   */
  fail(note: string): Promise<boolean>;
  /** Resolves once the first text is visible in the chat (never, when nothing was shown). */
  readonly shown: Promise<void>;
  /**
   * The platform id of the preview message once it is shown (the journal keeps it, so that
   * a turn resumed after a crash goes on in the same message); `undefined` without one.
   */
  readonly previewId?: string;
  /** Told each round of tool calls as it starts (name and JSON arguments), for a stream that shows them one by one. */
  toolCalls?(calls: ReadonlyArray<{ name: string; arguments: string }>): void;
}

/** How the final answer's chunks are reported (the journal's delivery points). */
export interface StreamDelivery {
  onChunkDelivered?(index: number, count?: number): Promise<void> | void;
}

/** A preview an earlier attempt of the same turn showed (before a crash or a restart), to write in again. */
export interface StreamResume {
  previewId: string;
}

/** Where a streamed reply goes: an outbound message without its text. */
export type ReplyTarget = Omit<OutboundMessage, "text">;

/** How a failed edit is treated by the stream. */
export type EditFailure =
  /** 429: skip edits until `retryAfterMs` has passed. */
  | { type: "rate-limited"; retryAfterMs: number }
  /** The platform says the text is the same: nothing to do. */
  | { type: "not-modified" }
  /** The message was deleted or can no longer be edited: the answer goes out as new messages. */
  | { type: "gone" }
  /** Anything else. */
  | { type: "failed" };

/**
 * The platform calls a stream needs, implemented by each plugin (channels/<name>/stream.ts);
 * the pacing, status line and fault handling are {@link StreamedReply}'s.
 */
export interface StreamTransport {
  /** The longest preview, in characters, the platform shows in one message. */
  readonly previewLimit: number;
  /** Posts the preview as a new message (partial Markdown, shown safely); resolves with its id. */
  post(partialText: string): Promise<string>;
  /** Replaces the preview's text (partial Markdown, shown safely). */
  edit(messageId: string, partialText: string): Promise<void>;
  /** The final answer's chunks, exactly as `send` cuts it. */
  chunks(finalText: string): string[];
  /** Replaces the preview with a final chunk, rendered in the platform's format (with its plain-text fallback). */
  editFinal(messageId: string, chunk: string): Promise<void>;
  /**
   * Whether a final chunk would show exactly as a preview of `previewText` does (the same text,
   * no formatting): its final edit is then left out, as the platform rate-limits edits like messages.
   */
  showsAsPreview(chunk: string, previewText: string): boolean;
  /** Sends chunks `fromChunk`.. of the answer as new messages, as `send` does; resolves with their ids. */
  sendFrom(finalText: string, fromChunk: number, delivery: StreamDelivery): Promise<string[]>;
  /** What a failed `post`, `edit` or `editFinal` means. */
  classify(error: unknown): EditFailure;
}
