/**
 * The stored history (Chat Completions shape) as Ollama's native `/api/chat` messages. Each
 * message is converted by {@link ollamaMessageOf}, a pure function of the message (and, for a
 * tool result, of the name of the tool its call named, which never changes): tool call arguments
 * go as objects, tool results name their tool (`tool_name`), images as plain base64 (`images`).
 */
import { parseDataUrl } from "../image-data.js";
import type { ChatMessage, ToolCall } from "../provider.js";

/** One message as sent. */
export interface OllamaMessage {
  role: string;
  content: string;
  images?: string[];
  tool_calls?: Array<{ function: { name: string; arguments: Record<string, unknown> } }>;
  tool_name?: string;
}

/** The call's arguments as the object Ollama wants back (text that is not one is kept under `arguments`). */
function argumentsOf(call: ToolCall): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(call.function.arguments || "{}");
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Kept as text below.
  }
  return { arguments: call.function.arguments };
}

/** One stored message as an Ollama message; `toolName` names the tool of a tool result's call. */
export function ollamaMessageOf(message: ChatMessage, toolName: (callId: string) => string | undefined): OllamaMessage {
  switch (message.role) {
    case "system":
      return { role: "system", content: message.content };
    case "user": {
      if (typeof message.content === "string") return { role: "user", content: message.content };
      const images: string[] = [];
      let text = "";
      for (const part of message.content) {
        if (part.type === "text") text += part.text;
        else {
          const image = parseDataUrl(part.image_url.url);
          if (image) images.push(image.data);
        }
      }
      return { role: "user", content: text, ...(images.length > 0 ? { images } : {}) };
    }
    case "tool": {
      const name = toolName(message.tool_call_id);
      return { role: "tool", content: message.content, ...(name ? { tool_name: name } : {}) };
    }
    case "assistant":
      return {
        role: "assistant",
        content: message.content ?? "",
        ...(message.tool_calls?.length
          ? {
              tool_calls: message.tool_calls.map((call) => ({
                function: { name: call.function.name, arguments: argumentsOf(call) },
              })),
            }
          : {}),
      };
  }
}

/** The request's messages (`messageOf` may be a remembering {@link ollamaMessageOf}). */
export function ollamaMessages(
  messages: readonly ChatMessage[],
  messageOf: (
    message: ChatMessage,
    toolName: (callId: string) => string | undefined,
  ) => OllamaMessage = ollamaMessageOf,
): OllamaMessage[] {
  const names = new Map<string, string>();
  const toolName = (callId: string) => names.get(callId);
  return messages.map((message) => {
    if (message.role === "assistant")
      for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name);
    return messageOf(message, toolName);
  });
}
