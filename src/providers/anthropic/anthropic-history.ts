/**
 * The stored history (Chat Completions shape) as Anthropic Messages content. Each message is
 * converted by {@link anthropicTurnOf}, a pure function of that one message (so its result can be
 * kept with the message object); what depends on a message's place (merging neighbours of one
 * role, the cache breakpoint on the newest message) is done by {@link anthropicMessages}.
 */

import { imageMediaType, parseDataUrl } from "../image-data.js";
import type { AnthropicThinkingBlock, ChatMessage, ToolCall, UserContentPart } from "../provider.js";

/** One content block as sent (text, image, tool_use, tool_result, thinking). */
export type AnthropicBlock = { type: string } & Record<string, unknown>;

/** A message of the request: a role and its blocks. */
export interface AnthropicTurn {
  role: "user" | "assistant";
  content: AnthropicBlock[];
}

/** A prompt cache breakpoint (at most 4 a request). */
export const cacheBreakpoint = { cache_control: { type: "ephemeral" } } as const;

/** Said instead of a message with nothing in it (Anthropic refuses empty text blocks). */
const EMPTY = "(empty)";

/**
 * A tool call id Anthropic accepts (`^[a-zA-Z0-9_-]+$`): the id itself when it fits, else its
 * fitting characters and a hash of the whole id, the same for the call and its result.
 */
export function anthropicToolId(id: string): string {
  if (/^[a-zA-Z0-9_-]+$/.test(id)) return id;
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193);
  return `${id.replace(/[^a-zA-Z0-9_-]/g, "").slice(0, 48)}_${(hash >>> 0).toString(16).padStart(8, "0")}`;
}

/** The tool call's arguments as the object Anthropic's `input` must be (text that is not one is kept under `arguments`). */
function inputOf(call: ToolCall): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(call.function.arguments || "{}");
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Kept as text below.
  }
  return { arguments: call.function.arguments };
}

function textBlock(text: string): AnthropicBlock {
  return { type: "text", text: text === "" ? EMPTY : text };
}

function userBlocks(content: string | UserContentPart[]): AnthropicBlock[] {
  if (typeof content === "string") return [textBlock(content)];
  const blocks: AnthropicBlock[] = [];
  for (const part of content) {
    if (part.type === "text") {
      if (part.text !== "") blocks.push({ type: "text", text: part.text });
      continue;
    }
    const image = parseDataUrl(part.image_url.url);
    blocks.push(
      image
        ? {
            type: "image",
            source: { type: "base64", media_type: imageMediaType(image.data, image.mediaType), data: image.data },
          }
        : { type: "image", source: { type: "url", url: part.image_url.url } },
    );
  }
  return blocks.length > 0 ? blocks : [textBlock("")];
}

/** The thinking blocks as Anthropic wants them back: type, thinking and signature (or redacted data), nothing else. */
function thinkingBlocks(blocks: readonly AnthropicThinkingBlock[]): AnthropicBlock[] {
  return blocks.map((block) =>
    block.type === "thinking"
      ? { type: "thinking", thinking: block.thinking, signature: block.signature }
      : { type: "redacted_thinking", data: block.data },
  );
}

/**
 * One stored message as an Anthropic message. A system message past the first ones (a note
 * added during the conversation) becomes user text; a tool result a `tool_result` block of a
 * user message (merged with its siblings by {@link anthropicMessages}).
 */
export function anthropicTurnOf(message: ChatMessage): AnthropicTurn {
  switch (message.role) {
    case "system":
      return { role: "user", content: [textBlock(message.content)] };
    case "user":
      return { role: "user", content: userBlocks(message.content) };
    case "tool":
      return {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: anthropicToolId(message.tool_call_id),
            ...(message.content === "" ? {} : { content: message.content }),
          },
        ],
      };
    case "assistant": {
      const content = message.anthropic_thinking ? thinkingBlocks(message.anthropic_thinking) : [];
      if (message.content) content.push({ type: "text", text: message.content });
      for (const call of message.tool_calls ?? [])
        content.push({
          type: "tool_use",
          id: anthropicToolId(call.id),
          name: call.function.name,
          input: inputOf(call),
        });
      if (content.length === 0 || content.every((block) => block.type.endsWith("thinking")))
        content.push(textBlock(""));
      return { role: "assistant", content };
    }
  }
}

/** The system prompt's blocks: the leading system messages, the last one marked as the end of the stable prefix. */
export function anthropicSystem(messages: readonly ChatMessage[], cache: boolean): AnthropicBlock[] {
  const blocks: AnthropicBlock[] = [];
  for (const message of messages) {
    if (message.role !== "system") break;
    if (message.content !== "") blocks.push({ type: "text", text: message.content });
  }
  const last = blocks.length - 1;
  if (cache && last >= 0) blocks[last] = { ...blocks[last]!, ...cacheBreakpoint };
  return blocks;
}

/**
 * The request's messages: every message after the leading system ones converted by `turnOf`
 * (default {@link anthropicTurnOf}), neighbours of one role merged into one message (the tool
 * results of one answer into one user message), a user message first, and the newest message's
 * last block marked as a cache breakpoint when `cache`.
 */
export function anthropicMessages(
  messages: readonly ChatMessage[],
  cache: boolean,
  turnOf: (message: ChatMessage) => AnthropicTurn = anthropicTurnOf,
): AnthropicTurn[] {
  const turns: AnthropicTurn[] = [];
  let index = 0;
  while (index < messages.length && messages[index]!.role === "system") index++;
  for (; index < messages.length; index++) {
    const turn = turnOf(messages[index]!);
    const previous = turns.at(-1);
    if (previous?.role === turn.role) {
      // A copy: the converted message may be shared (kept with its message) and must stay as it was.
      turns[turns.length - 1] = { role: turn.role, content: [...previous.content, ...turn.content] };
    } else {
      turns.push(turn);
    }
  }
  if (turns[0]?.role !== "user") turns.unshift({ role: "user", content: [textBlock("(the conversation so far)")] });
  const newest = turns.at(-1)!;
  if (cache) {
    const blocks = newest.content;
    const at = blocks.findLastIndex((block) => !block.type.endsWith("thinking"));
    if (at >= 0)
      turns[turns.length - 1] = {
        role: newest.role,
        content: blocks.map((block, position) => (position === at ? { ...block, ...cacheBreakpoint } : block)),
      };
  }
  return turns;
}

/**
 * Whether the request may ask for thinking: when the tool loop running now (the assistant
 * messages after the newest user message) has an answer with tool calls but no thinking blocks
 * (another API answered it, after a failover), Anthropic refuses thinking for the request.
 */
export function thinkingAllowed(messages: readonly ChatMessage[]): boolean {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role === "user") return true;
    if (message.role === "assistant" && message.tool_calls?.length && !message.anthropic_thinking?.length) return false;
  }
  return true;
}
