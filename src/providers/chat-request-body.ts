import type { ToolSchema } from "../tools/tool.js";
import { wellFormedDeep } from "../util/well-formed.js";
import { type ChatMessage, type ChatRequest, requestMessages } from "./provider.js";

/**
 * Each message's and tool's JSON, kept with it: a message is never changed in place once made
 * (sessions only append), so a turn encodes only what is new, and a request of a long chat costs
 * about the same as one of a short chat. Healed of lone surrogates on the way (see `wellFormedDeep`):
 * one of them in a chat's history would get every later request of that chat rejected.
 */
const encoded = new WeakMap<object, string>();

/** The JSON of `value` (a message or a tool) as Chat Completions takes it, encoded once per object. */
export function jsonOf(value: ChatMessage | ToolSchema): string {
  let json = encoded.get(value);
  if (json === undefined) {
    json = JSON.stringify(wellFormedDeep("role" in value ? withoutCarry(value) : value));
    encoded.set(value, json);
  }
  return json;
}

/**
 * The message without what other APIs carry on assistant messages (Anthropic's thinking blocks, Responses'
 * reasoning items), which Chat Completions does not know: the same object when it carries none.
 */
export function withoutCarry(message: ChatMessage): ChatMessage {
  if (message.role !== "assistant" || (!message.anthropic_thinking && !message.responses_reasoning)) return message;
  const { anthropic_thinking: _thinking, responses_reasoning: _reasoning, ...plain } = message;
  return plain;
}

/**
 * The last system prompts encoded, as UTF-8: a turn makes its system message anew, with the same text turn after
 * turn (a few kilobytes, sent as they are rather than measured and encoded again each time).
 */
const systemBytes = new Map<string, Buffer>();

function systemMessageBytes(message: Extract<ChatMessage, { role: "system" }>): Buffer {
  let bytes = systemBytes.get(message.content);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(wellFormedDeep(message)));
    if (systemBytes.size >= 8) systemBytes.delete(systemBytes.keys().next().value!);
    systemBytes.set(message.content, bytes);
  }
  return bytes;
}

/** The tools' JSON as UTF-8, once per tools array (a registry hands out the same one until its tools change). */
const toolsBytes = new WeakMap<readonly ToolSchema[], Buffer>();

function toolsJsonBytes(tools: readonly ToolSchema[]): Buffer {
  let bytes = toolsBytes.get(tools);
  if (!bytes) {
    bytes = Buffer.from(tools.map(jsonOf).join(","));
    toolsBytes.set(tools, bytes);
  }
  return bytes;
}

export interface ChatBodyOptions {
  stream: boolean;
  /** Anthropic-style `cache_control` breakpoints on the system prompt and the last message (OpenRouter). */
  cacheControl?: boolean;
}

/** A request body in parts, sent one after the other: a long conversation's history is one of them, as it is kept. */
export type BodyParts = Array<string | Uint8Array>;

/**
 * The Chat Completions request body of `request`, in parts: the model, the messages (the history as it is kept,
 * the others from their kept JSON, {@link jsonOf}), the tools, the limits, and for a stream the usage in its last
 * chunk.
 */
export function chatCompletionsBody(request: ChatRequest, options: ChatBodyOptions): BodyParts {
  const { history } = request;
  // A history kept encoded goes in as it is, unless it must be changed: carried fields to leave out, or
  // a breakpoint on its last message when nothing follows it.
  const asIs = history && history.length > 0 && !history.carries && request.messages.length > 1;
  const messages = asIs || !history ? request.messages : requestMessages(request);
  const last = messages.length - 1;
  const parts: BodyParts = [];
  let text = `{"model":${JSON.stringify(request.model)},"messages":[`;
  for (let index = 0; index <= last; index++) {
    const message = messages[index]!;
    const breakpoint = options.cacheControl && (index === last || (index === 0 && message.role === "system"));
    if (index > 0) text += ",";
    if (breakpoint) text += JSON.stringify(wellFormedDeep(withCacheBreakpoint(withoutCarry(message))));
    else if (message.role === "system") {
      parts.push(text, systemMessageBytes(message));
      text = "";
    } else text += jsonOf(message);
    if (index === 0 && asIs) {
      parts.push(`${text},`, ...history.jsonParts());
      text = "";
    }
  }
  text += "]";
  if (request.tools?.length) {
    parts.push(`${text},"tools":[`, toolsJsonBytes(request.tools));
    text = "]";
  }
  if (request.maxTokens !== undefined) text += `,"max_tokens":${JSON.stringify(request.maxTokens)}`;
  if (request.temperature !== undefined) text += `,"temperature":${JSON.stringify(request.temperature)}`;
  text += options.stream ? `,"stream":true,"stream_options":{"include_usage":true}}` : `,"stream":false}`;
  parts.push(text);
  return parts;
}

/** A body's parts as one text (for a test, or a client that takes a string). */
export function bodyText(parts: BodyParts): string {
  return parts.map((part) => (typeof part === "string" ? part : Buffer.from(part).toString("utf8"))).join("");
}

/**
 * The message with an Anthropic-style prompt cache breakpoint (`cache_control: {type: "ephemeral"}`) on its
 * last text part: what OpenRouter passes on to Anthropic models, which cache only up to a marked breakpoint.
 */
export function withCacheBreakpoint(message: ChatMessage): ChatMessage | Record<string, unknown> {
  const content = message.content;
  const breakpoint = { cache_control: { type: "ephemeral" } };
  if (typeof content === "string" && content !== "")
    return { ...message, content: [{ type: "text", text: content, ...breakpoint }] };
  if (Array.isArray(content)) {
    const at = content.findLastIndex((part) => part.type === "text");
    if (at < 0) return message;
    return { ...message, content: content.map((part, i) => (i === at ? { ...part, ...breakpoint } : part)) };
  }
  return message;
}
