/**
 * The stored history (Chat Completions shape) as OpenAI Responses API input items. Each message is
 * converted by {@link responsesItemsOf}, a pure function of that one message: an assistant answer
 * becomes its reasoning items (sent back unchanged, before what they led to), its text and its
 * `function_call`s (arguments as the string they came as); a tool result a `function_call_output`.
 */
import type { ChatMessage, UserContentPart } from "../provider.js";

/** One input item as sent. */
export type ResponsesItem = Record<string, unknown>;

function userContent(content: string | UserContentPart[]): string | ResponsesItem[] {
  if (typeof content === "string") return content;
  return content.map((part) =>
    part.type === "text"
      ? { type: "input_text", text: part.text }
      : { type: "input_image", image_url: part.image_url.url, detail: "auto" },
  );
}

/** One stored message as Responses input items. */
export function responsesItemsOf(message: ChatMessage): ResponsesItem[] {
  switch (message.role) {
    case "system":
      return [{ role: "system", content: message.content }];
    case "user":
      return [{ role: "user", content: userContent(message.content) }];
    case "tool":
      return [{ type: "function_call_output", call_id: message.tool_call_id, output: message.content }];
    case "assistant": {
      const items: ResponsesItem[] = [...(message.responses_reasoning ?? [])];
      if (message.content) items.push({ role: "assistant", content: message.content });
      for (const call of message.tool_calls ?? [])
        items.push({
          type: "function_call",
          call_id: call.id,
          name: call.function.name,
          arguments: call.function.arguments,
        });
      return items;
    }
  }
}

/** The request's `input`: every message's items in order (`itemsOf` may be a remembering {@link responsesItemsOf}). */
export function responsesInput(
  messages: readonly ChatMessage[],
  itemsOf: (message: ChatMessage) => ResponsesItem[] = responsesItemsOf,
): ResponsesItem[] {
  const input: ResponsesItem[] = [];
  for (const message of messages) input.push(...itemsOf(message));
  return input;
}
