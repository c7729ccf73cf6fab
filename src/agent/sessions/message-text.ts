import type { ChatMessage } from "../../providers/provider.js";

/** The text of a message as the model reads it: its content and its tool calls' names and arguments. */
export function textOf(message: ChatMessage): string {
  const content = message.content;
  let text = typeof content === "string" ? content : Array.isArray(content) ? partsText(content) : "";
  if (message.role === "assistant")
    for (const call of message.tool_calls ?? []) text += `${call.function.name}${call.function.arguments}`;
  if (message.role === "user" && message.name) text += message.name;
  return text;
}

function partsText(parts: readonly { type: string; text?: string }[]): string {
  return parts.map((part) => (part.type === "text" ? (part.text ?? "") : "")).join("");
}
