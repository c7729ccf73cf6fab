/**
 * An Ollama `/api/chat` answer as a {@link ChatResponse}: one JSON object, or NDJSON lines of a
 * streamed one (text as it comes; tool calls whole; the last line, `done: true`, with the stop
 * reason and token counts). Thinking text is never passed on. Ollama's tool calls carry no ids:
 * each gets one made here.
 */
import { randomUUID } from "node:crypto";
import { BodyFault } from "../guarded-fetch.js";
import type { ChatResponse, ToolCall } from "../provider.js";

/** One answer object (or streamed line) as Ollama sends it. */
export interface OllamaChunk {
  message?: {
    content?: string;
    thinking?: string;
    tool_calls?: Array<{ id?: string; function?: { name?: string; arguments?: unknown } }>;
  };
  done?: boolean;
  done_reason?: string;
  prompt_eval_count?: number;
  eval_count?: number;
  error?: string;
}

/** An error Ollama reported inside an answer (`{"error": ...}`), e.g. the model crashed mid-stream. */
export class OllamaFailure extends Error {
  override readonly name = "OllamaFailure";
}

/** A call id of our own, in the pattern every API accepts (`^[a-zA-Z0-9_-]+$`). */
export function ollamaCallId(): string {
  return `call_${randomUUID().replaceAll("-", "").slice(0, 24)}`;
}

function callsOf(chunk: OllamaChunk): ToolCall[] {
  return (chunk.message?.tool_calls ?? []).flatMap((call) =>
    call.function?.name
      ? [
          {
            id: ollamaCallId(),
            type: "function" as const,
            function: {
              name: call.function.name,
              arguments:
                typeof call.function.arguments === "string"
                  ? call.function.arguments
                  : JSON.stringify(call.function.arguments ?? {}),
            },
          },
        ]
      : [],
  );
}

/** Joins the chunks of an answer (one for a whole answer) into a response. */
export class OllamaAnswer {
  #text = "";
  #sawText = false;
  readonly #calls: ToolCall[] = [];
  #last: OllamaChunk | undefined;

  constructor(private readonly onTextDelta?: (text: string) => void) {}

  add(chunk: OllamaChunk): void {
    if (chunk.error) throw new OllamaFailure(`the model failed: ${chunk.error}`);
    const text = chunk.message?.content;
    if (text) {
      this.#text += text;
      this.#sawText = true;
      this.onTextDelta?.(text);
    }
    this.#calls.push(...callsOf(chunk));
    if (chunk.done) this.#last = chunk;
  }

  response(): ChatResponse {
    const last = this.#last;
    if (!last) throw new BodyFault("cut", "the model's answer stream ended before it was complete");
    const reason = last.done_reason;
    return {
      content: this.#sawText ? this.#text : null,
      toolCalls: this.#calls,
      finishReason: this.#calls.length > 0 ? "tool_calls" : reason === "length" ? "length" : (reason ?? "stop"),
      usage: { promptTokens: last.prompt_eval_count ?? 0, completionTokens: last.eval_count ?? 0 },
    };
  }
}

/** The answer of an NDJSON body, line by line. */
export async function readOllamaStream(
  body: AsyncIterable<Uint8Array>,
  onTextDelta?: (text: string) => void,
): Promise<ChatResponse> {
  const answer = new OllamaAnswer(onTextDelta);
  let pending = "";
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf("\n");
    while (newline >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line) answer.add(JSON.parse(line) as OllamaChunk);
      newline = pending.indexOf("\n");
    }
  }
  pending += decoder.decode();
  if (pending.trim()) answer.add(JSON.parse(pending) as OllamaChunk);
  return answer.response();
}
