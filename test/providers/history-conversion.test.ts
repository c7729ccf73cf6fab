import { describe, expect, it } from "vitest";
import {
  anthropicMessages,
  anthropicToolId,
  anthropicTurnOf,
  thinkingAllowed,
} from "../../src/providers/anthropic/anthropic-history.js";
import { bodyText, chatCompletionsBody, withoutCarry } from "../../src/providers/chat-request-body.js";
import { ollamaMessages } from "../../src/providers/ollama/ollama-messages.js";
import type { ChatMessage } from "../../src/providers/provider.js";
import { responsesInput } from "../../src/providers/responses/responses-input.js";

const history: ChatMessage[] = [
  { role: "system", content: "be brief" },
  { role: "user", content: "list" },
  {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "call:1/x", type: "function", function: { name: "list_directory", arguments: '{"path":"."}' } }],
    anthropic_thinking: [{ type: "thinking", thinking: "hm", signature: "sig" }],
    responses_reasoning: [{ type: "reasoning", id: "rs_1", encrypted_content: "enc" }],
  },
  { role: "tool", tool_call_id: "call:1/x", content: "a.txt" },
  { role: "assistant", content: "a.txt" },
  { role: "user", content: "thanks" },
];

describe("the history in each API's format", () => {
  it("converts a message as a pure function of it: the same input gives the same bytes, and nothing is changed", () => {
    const before = JSON.stringify(history);
    const first = JSON.stringify(anthropicMessages(history, true));
    expect(JSON.stringify(anthropicMessages(history, true))).toBe(first);
    expect(JSON.stringify(responsesInput(history))).toBe(JSON.stringify(responsesInput(history)));
    expect(JSON.stringify(ollamaMessages(history))).toBe(JSON.stringify(ollamaMessages(history)));
    expect(JSON.stringify(history)).toBe(before);
    expect(anthropicTurnOf(history[2]!)).toEqual(anthropicTurnOf(history[2]!));
  });

  it("maps a tool call id outside Anthropic's pattern to one that fits, the same for the call and its result", () => {
    expect(anthropicToolId("toolu_01abc")).toBe("toolu_01abc");
    const mapped = anthropicToolId("call:1/x");
    expect(mapped).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(anthropicToolId("call:1/x")).toBe(mapped);
    expect(anthropicToolId("call:1.x")).not.toBe(mapped);
    const [, assistant, results] = anthropicMessages(history, false);
    expect(assistant!.content.find((block) => block.type === "tool_use")?.id).toBe(mapped);
    expect(results!.content[0]).toMatchObject({ type: "tool_result", tool_use_id: mapped });
  });

  it("leaves each API's carried fields out of the others' formats", () => {
    expect(JSON.stringify(anthropicMessages(history, false))).not.toContain("rs_1");
    expect(JSON.stringify(responsesInput(history))).not.toContain("sig");
    expect(JSON.stringify(ollamaMessages(history))).not.toMatch(/sig|rs_1/);
    expect(bodyText(chatCompletionsBody({ model: "m", messages: history }, { stream: false }))).not.toMatch(
      /anthropic_thinking|responses_reasoning/,
    );
    const plain = history.find((message) => message.role !== "assistant")!;
    expect(withoutCarry(plain)).toBe(plain);
  });

  it("asks Anthropic for no thinking when the running tool loop has an answer without thinking blocks", () => {
    const { anthropic_thinking: _dropped, ...unthought } = history[2] as Extract<ChatMessage, { role: "assistant" }>;
    const loop: ChatMessage[] = [...history.slice(0, 2), unthought, history[3]!];
    expect(thinkingAllowed(loop)).toBe(false);
    expect(thinkingAllowed(history.slice(0, 4))).toBe(true);
    expect(thinkingAllowed(history)).toBe(true);
  });
});
