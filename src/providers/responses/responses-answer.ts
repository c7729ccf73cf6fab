/**
 * A Responses API answer as a {@link ChatResponse}: from the whole response object, or from the
 * events of a streamed one (text deltas as they come; the rest from the completed response).
 * Reasoning items are carried with the answer, never shown.
 */
import { BodyFault } from "../guarded-fetch.js";
import { type ChatResponse, ProviderError, type ResponsesReasoningItem, type ToolCall } from "../provider.js";

/** The parts of a response object this reads. */
export interface ResponsesAnswer {
  status?: string | null;
  output?: Array<{ type: string } & Record<string, unknown>>;
  usage?: {
    input_tokens?: number;
    output_tokens?: number;
    input_tokens_details?: { cached_tokens?: number } | null;
  } | null;
  incomplete_details?: { reason?: string } | null;
  error?: { code?: string | null; message?: string } | null;
}

/** One event of a streamed response (what the SDK's stream yields). */
export interface ResponsesStreamEvent {
  type: string;
  delta?: string;
  response?: ResponsesAnswer;
  code?: string | null;
  message?: string;
}

/** A failure the response reports (`response.failed`, an `error` event): the server's, to retry and fail over. */
export class ResponsesFailure extends Error {
  override readonly name = "ResponsesFailure";
}

/** The response an answer makes: message text, function calls, reasoning items (carried), status and usage. */
export function responseOfAnswer(answer: ResponsesAnswer): ChatResponse {
  if (answer.status === "failed")
    throw new ResponsesFailure(`the model failed: ${answer.error?.message ?? answer.error?.code ?? "no reason given"}`);
  let text = "";
  let sawText = false;
  const toolCalls: ToolCall[] = [];
  const reasoning: ResponsesReasoningItem[] = [];
  for (const item of answer.output ?? []) {
    if (item.type === "message") {
      for (const part of (item.content ?? []) as Array<{ type: string; text?: string }>) {
        if (part.type !== "output_text") continue;
        text += part.text ?? "";
        sawText = true;
      }
    } else if (item.type === "function_call") {
      toolCalls.push({
        id: String(item.call_id),
        type: "function",
        function: { name: String(item.name), arguments: String(item.arguments ?? "") },
      });
    } else if (item.type === "reasoning") {
      reasoning.push(item as ResponsesReasoningItem);
    }
  }
  const cut = answer.status === "incomplete" && answer.incomplete_details?.reason === "max_output_tokens";
  const usage = answer.usage;
  const cached = usage?.input_tokens_details?.cached_tokens ?? 0;
  return {
    content: sawText ? text : null,
    toolCalls,
    finishReason: cut ? "length" : toolCalls.length > 0 ? "tool_calls" : answer.status ? "stop" : null,
    ...(usage
      ? {
          usage: {
            promptTokens: usage.input_tokens ?? 0,
            completionTokens: usage.output_tokens ?? 0,
            ...(cached > 0 ? { cachedTokens: cached } : {}),
          },
        }
      : {}),
    ...(reasoning.length > 0 ? { carry: { responses_reasoning: reasoning } } : {}),
  };
}

/**
 * Reads a streamed response: output text deltas go to `onTextDelta` as they come, the answer is
 * the completed (or incomplete) response. A failure event throws a {@link ResponsesFailure}; a
 * stream that ends before the response does is cut (a {@link BodyFault}).
 */
export async function assembleResponsesStream(
  events: AsyncIterable<ResponsesStreamEvent>,
  signal: AbortSignal,
  onTextDelta?: (text: string) => void,
): Promise<ChatResponse> {
  let final: ResponsesAnswer | undefined;
  for await (const event of events) {
    switch (event.type) {
      case "response.output_text.delta":
        if (event.delta) onTextDelta?.(event.delta);
        break;
      case "response.completed":
      case "response.incomplete":
      case "response.failed":
        final = event.response;
        break;
      case "error":
        throw new ResponsesFailure(`the model failed mid-answer: ${event.message ?? event.code ?? "no reason given"}`);
    }
  }
  signal.throwIfAborted();
  if (!final) throw new BodyFault("cut", "the model's answer stream ended before it was complete");
  return responseOfAnswer(final);
}

/** A {@link ResponsesFailure} as the router's error: a server failure. */
export function failureAsProviderError(error: ResponsesFailure): ProviderError {
  return new ProviderError("server", error.message, { cause: error });
}
