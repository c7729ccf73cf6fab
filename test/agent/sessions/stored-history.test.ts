import { describe, expect, it } from "vitest";
import { StoredHistory } from "../../../src/agent/sessions/stored-history.js";
import { bodyText, chatCompletionsBody } from "../../../src/providers/chat-request-body.js";
import type { ChatMessage } from "../../../src/providers/provider.js";

const user = (content: string): ChatMessage => ({ role: "user", content });
const assistant = (content: string): ChatMessage => ({ role: "assistant", content });
const conversation: ChatMessage[] = [
  user("hello"),
  assistant("hi, héllo 🌍"),
  {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "c1", type: "function", function: { name: "x", arguments: "{}" } }],
  },
  { role: "tool", tool_call_id: "c1", content: '{"ok":true}' },
  assistant("done"),
];

describe("a stored history", () => {
  it("gives back its messages as they were appended, decoded from their kept JSON", () => {
    const history = StoredHistory.of(conversation.slice(0, 2));
    history.append(conversation.slice(2));
    expect(history.length).toBe(5);
    expect(history.decode()).toEqual(conversation);
    expect(JSON.parse(`[${history.jsonOf(1, 4)}]`)).toEqual(conversation.slice(1, 4));
  });

  it("sizes any run of its messages by their texts' UTF-8 bytes without a pass over them", () => {
    const history = StoredHistory.of(conversation);
    expect(history.textBytesOf(0, 2)).toBe(Buffer.byteLength("hello") + Buffer.byteLength("hi, héllo 🌍"));
    expect(history.textBytesOf(2, 3)).toBe(Buffer.byteLength("x{}"));
    expect(history.textBytesOf(3, 3)).toBe(0);
  });

  it("heals a lone surrogate once, as it is kept, so no request carries one", () => {
    const history = StoredHistory.of([user("cut \ud83d")]);
    expect(history.jsonOf(0, 1)).toBe(JSON.stringify(user("cut \ufffd")));
    const stored = StoredHistory.ofJson([JSON.stringify(user("cut \ud83d")), "not json"], (text) => {
      try {
        return JSON.parse(text) as ChatMessage;
      } catch {
        return undefined;
      }
    });
    expect(stored.length).toBe(1);
    expect(stored.jsonOf(0, 1)).toBe(JSON.stringify(user("cut \ufffd")));
  });

  it("lets go of a front part by making a new history, leaving views of the old one as they were", () => {
    const history = StoredHistory.of(conversation);
    const before = history.view(1);
    const kept = history.from(3);
    expect(kept.decode()).toEqual(conversation.slice(3));
    expect(kept.textBytesOf(0, 2)).toBe(history.textBytesOf(3, 5));
    expect(before.messages()).toEqual(conversation.slice(1));
  });

  it("shows a view as it was made, a summary's messages first, however the history grows after", () => {
    const history = StoredHistory.of(conversation.slice(0, 3));
    const summary = [user("[summary] earlier: greetings")];
    const view = history.view(1).withLead(summary);
    history.append([assistant("later")]);
    expect(view.length).toBe(3);
    expect(view.messages()).toEqual([...summary, ...conversation.slice(1, 3)]);
    expect(JSON.parse(`[${Buffer.concat(view.jsonParts()).toString()}]`)).toEqual([
      ...summary,
      ...conversation.slice(1, 3),
    ]);
    expect(view.last(1).messages()).toEqual([conversation[2]]);
  });

  it("makes the same request body as the same messages given as objects", () => {
    const history = StoredHistory.of(conversation);
    const system: ChatMessage = { role: "system", content: "be brief" };
    const incoming = user("and now?");
    for (const cacheControl of [false, true]) {
      const options = { stream: true, cacheControl };
      const kept = chatCompletionsBody({ model: "m", messages: [system, incoming], history: history.view(1) }, options);
      const plain = chatCompletionsBody(
        { model: "m", messages: [system, ...conversation.slice(1), incoming] },
        options,
      );
      expect(bodyText(kept)).toBe(bodyText(plain));
    }
  });

  it("leaves out what another API carries when its history carries some", () => {
    const thinking: ChatMessage = {
      role: "assistant",
      content: "thought",
      anthropic_thinking: [{ type: "thinking", thinking: "hmm", signature: "sig" }],
    };
    const history = StoredHistory.of([user("q"), thinking]);
    const body = bodyText(
      chatCompletionsBody(
        { model: "m", messages: [{ role: "system", content: "s" }, user("next")], history: history.view(0) },
        { stream: false },
      ),
    );
    expect(body).not.toContain("anthropic_thinking");
    expect(JSON.parse(body).messages).toEqual([
      { role: "system", content: "s" },
      user("q"),
      assistant("thought"),
      user("next"),
    ]);
  });
});
