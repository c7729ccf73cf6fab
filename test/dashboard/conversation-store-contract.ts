import { expect, it } from "vitest";
import type { SessionStore } from "../../src/agent/sessions/sessions.js";
import { type ConversationStore, MAX_LISTED_CONVERSATIONS } from "../../src/dashboard/conversation-store.js";
import type { ChatMessage } from "../../src/providers/provider.js";

/** A session store and the dashboard's view of what it keeps. */
export interface ConversationWorld {
  sessions: SessionStore;
  conversations: ConversationStore;
  /** Makes `key`'s last activity `time` (epoch ms), as a message stored then would. */
  touch(key: string, time: number): Promise<void>;
}

const turn = (user: string, reply: string): ChatMessage[] => [
  { role: "user", content: `[Fri 2025-01-31 09:05 UTC, from Ada (id 7)] ${user}` },
  {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "call-1", type: "function", function: { name: "exec_shell", arguments: '{"command":"ls"}' } }],
  },
  { role: "tool", tool_call_id: "call-1", content: "notes.txt" },
  { role: "assistant", content: reply },
];

/** What the dashboard's conversation list does, whichever store keeps the sessions (files, Redis). */
export function conversationStoreContract(world: () => Promise<ConversationWorld>): void {
  it("lists conversations newest first with their channel's key, title, count and last activity", async () => {
    const { sessions, conversations, touch } = await world();
    await sessions.append("telegram:1", turn("water the plants", "done"));
    await sessions.append("slack:C1:1700000000.1", turn("book the room", "booked"));
    await sessions.append("agent:coder:telegram:2", turn("fix the build", "fixed"));
    await sessions.flush();
    await touch("telegram:1", Date.parse("2026-01-01T10:00:00Z"));
    await touch("slack:C1:1700000000.1", Date.parse("2026-01-01T12:00:00Z"));
    await touch("agent:coder:telegram:2", Date.parse("2026-01-01T11:00:00Z"));

    expect(await conversations.list({})).toEqual([
      {
        key: "slack:C1:1700000000.1",
        lastActivity: Date.parse("2026-01-01T12:00:00Z"),
        messageCount: 4,
        title: "book the room",
      },
      {
        key: "agent:coder:telegram:2",
        lastActivity: Date.parse("2026-01-01T11:00:00Z"),
        messageCount: 4,
        title: "fix the build",
      },
      {
        key: "telegram:1",
        lastActivity: Date.parse("2026-01-01T10:00:00Z"),
        messageCount: 4,
        title: "water the plants",
      },
    ]);
    expect((await conversations.list({ channel: "telegram" })).map((entry) => entry.key)).toEqual([
      "agent:coder:telegram:2",
      "telegram:1",
    ]);
  });

  it("finds the conversations whose messages hold the text, with the words around it", async () => {
    const { sessions, conversations } = await world();
    await sessions.append("telegram:1", turn("water the plants", "The Ferns need misting"));
    await sessions.append("telegram:2", turn("book the room", "booked"));
    await sessions.flush();
    expect(await conversations.list({ q: "ferns" })).toEqual([
      expect.objectContaining({ key: "telegram:1", match: "The Ferns need misting" }),
    ]);
    expect(await conversations.list({ q: "nowhere-to-be-found" })).toEqual([]);
    expect(await conversations.list({ q: "ferns", channel: "slack" })).toEqual([]);
  });

  it("reads a conversation's messages with its tool calls, and refuses an invalid key", async () => {
    const { sessions, conversations } = await world();
    await sessions.append("telegram:1", turn("list my files", "one file"));
    await sessions.flush();
    const messages = await conversations.read("telegram:1");
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(messages[1]).toMatchObject({ tool_calls: [{ function: { name: "exec_shell" } }] });
    await expect(conversations.read("../etc/passwd")).rejects.toThrow();
  });

  it(`lists at most the ${MAX_LISTED_CONVERSATIONS} most recently active`, async () => {
    const { sessions, conversations, touch } = await world();
    const total = MAX_LISTED_CONVERSATIONS + 20;
    const indexes = [...Array(total).keys()];
    await Promise.all(
      indexes.map((index) => sessions.append(`web:c${index}`, [{ role: "user", content: `hi ${index}` }])),
    );
    await sessions.flush();
    await Promise.all(indexes.map((index) => touch(`web:c${index}`, 1_700_000_000_000 + index * 1_000)));
    const listed = await conversations.list({});
    expect(listed).toHaveLength(MAX_LISTED_CONVERSATIONS);
    expect(listed[0]!.key).toBe(`web:c${total - 1}`);
    expect(listed.at(-1)!.key).toBe(`web:c${total - MAX_LISTED_CONVERSATIONS}`);
  });
}
