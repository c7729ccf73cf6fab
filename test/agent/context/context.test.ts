import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ContextBuilder, capMessageText, historyWindow, sizeOf } from "../../../src/agent/context/context.js";
import type { InboundMessage } from "../../../src/bus/messages.js";
import type { ChatMessage } from "../../../src/providers/provider.js";
import { recordingLogger } from "../../support/tool-context.js";

const { log } = recordingLogger();

const message: InboundMessage = {
  id: "1",
  channel: "telegram",
  chatId: "42",
  senderId: "7",
  senderName: "Grace",
  text: "hi",
  isDirect: true,
  receivedAt: 0,
};

describe("the system prompt", () => {
  let workspace: string;
  beforeEach(async () => {
    workspace = await mkdtemp(join(tmpdir(), "skein-context-"));
  });
  afterEach(() => rm(workspace, { recursive: true, force: true }));

  it("includes AGENTS.md, SOUL.md, USER.md and memory/MEMORY.md when present, then the channel and the person", async () => {
    await writeFile(join(workspace, "AGENTS.md"), "Be brief.");
    await writeFile(join(workspace, "USER.md"), "The user likes tea.");
    await mkdir(join(workspace, "memory"));
    await writeFile(join(workspace, "memory", "MEMORY.md"), "- the cat is called Tom");
    const builder = new ContextBuilder({ workspace, log });
    const prompt = await builder.systemPrompt(message);
    expect(prompt).toContain("## AGENTS.md\n\nBe brief.");
    expect(prompt).not.toContain("SOUL.md");
    expect(prompt).toContain("## USER.md\n\nThe user likes tea.");
    expect(prompt).toContain("## memory/MEMORY.md\n\n- the cat is called Tom");
    expect(prompt.indexOf("AGENTS.md")).toBeLessThan(prompt.indexOf("USER.md"));
    expect(prompt).toContain("Channel: telegram, a direct chat\nPerson: Grace (id 7)");
  });

  it("gives every turn of a conversation the same system prompt, byte for byte, while the files are unchanged", async () => {
    await writeFile(join(workspace, "AGENTS.md"), "Be brief.");
    const builder = new ContextBuilder({ workspace, log, recheckMs: 0 });
    const first = await builder.systemPrompt(message);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = await builder.systemPrompt({
      ...message,
      id: "later",
      text: "again",
      receivedAt: Date.now() + 3_600_000,
    });
    expect(later).toBe(first);
    expect(first).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("places stable blocks such as a skills catalog after the workspace files, leaving out empty ones", async () => {
    await writeFile(join(workspace, "USER.md"), "The user likes tea.");
    const blocks = [() => "<available_skills>\n- weather\n</available_skills>", async () => "  ", () => undefined];
    const builder = new ContextBuilder({ workspace, log, blocks });
    const prompt = await builder.systemPrompt(message);
    expect(prompt.indexOf("<available_skills>")).toBeGreaterThan(prompt.indexOf("The user likes tea."));
    expect(prompt.indexOf("<available_skills>")).toBeLessThan(prompt.indexOf("## Current conversation"));
    expect(prompt).not.toContain("\n\n\n\n");
  });

  it("re-reads a file once it changes", async () => {
    await writeFile(join(workspace, "SOUL.md"), "calm");
    const builder = new ContextBuilder({ workspace, log, recheckMs: 0 });
    expect(await builder.systemPrompt(message)).toContain("calm");
    await writeFile(join(workspace, "SOUL.md"), "cheerful and longer");
    expect(await builder.systemPrompt(message)).toContain("cheerful and longer");
  });

  it("works with an empty or missing workspace", async () => {
    const builder = new ContextBuilder({ workspace: join(workspace, "nowhere"), log });
    expect(await builder.systemPrompt(message)).toMatch(/^You are skein/);
  });

  it("logs a prompt file that cannot be read, with its path, once while it lasts; missing files stay quiet", async () => {
    await writeFile(join(workspace, "memory"), "a file where the memory folder should be");
    const recorded = recordingLogger();
    const builder = new ContextBuilder({ workspace, log: recorded.log, recheckMs: 0 });
    expect(await builder.systemPrompt(message)).toMatch(/^You are skein/);
    await builder.systemPrompt(message);
    const warnings = recorded.lines.filter((line) => line.level === 40);
    expect(warnings).toEqual([
      expect.objectContaining({
        path: join(workspace, "memory", "MEMORY.md"),
        msg: expect.stringContaining("cannot be read"),
      }),
    ]);
  });
});

describe("the history window", () => {
  const call = (id: string): ChatMessage => ({
    role: "assistant",
    content: null,
    tool_calls: [
      { id, type: "function", function: { name: "t", arguments: "{}" } },
      { id: `${id}b`, type: "function", function: { name: "t", arguments: "{}" } },
    ],
  });
  const result = (id: string): ChatMessage => ({ role: "tool", tool_call_id: id, content: "ok" });
  const history: ChatMessage[] = [
    { role: "user", content: "u1" },
    call("c1"),
    result("c1"),
    result("c1b"),
    { role: "assistant", content: "a1" },
    { role: "user", content: "u2" },
    { role: "assistant", content: "a2" },
  ];

  it("keeps the last N messages", () => {
    expect(historyWindow(history, 2)).toEqual(history.slice(-2));
    expect(historyWindow(history, 50)).toEqual(history);
  });

  it("never starts inside a tool-call group: orphaned tool results are left out", () => {
    expect(historyWindow(history, 5)).toEqual(history.slice(4));
    expect(historyWindow(history, 4)).toEqual(history.slice(4));
  });

  it("keeps an assistant tool call together with all of its results", () => {
    const window = historyWindow(history, 6);
    expect(window[0]).toEqual(call("c1"));
    expect(window.slice(1, 3)).toEqual([result("c1"), result("c1b")]);
  });

  it("integrity holds at every window size", () => {
    for (let size = 1; size <= history.length; size++) {
      const window = historyWindow(history, size);
      const callIds = new Set(
        window.flatMap((m) => (m.role === "assistant" ? (m.tool_calls ?? []).map((c) => c.id) : [])),
      );
      for (const m of window) if (m.role === "tool") expect(callIds.has(m.tool_call_id)).toBe(true);
      expect(window.length).toBeLessThanOrEqual(size);
    }
  });

  it("holds at most max_history_chars characters, dropping the oldest messages first", () => {
    const long: ChatMessage[] = [
      { role: "user", content: "x".repeat(1000) },
      { role: "assistant", content: "y".repeat(1000) },
      { role: "user", content: "short" },
      { role: "assistant", content: "reply" },
    ];
    expect(historyWindow(long, 50, 1009)).toEqual(long.slice(2));
    expect(historyWindow(long, 50, 2009)).toEqual(long.slice(1));
    expect(historyWindow(long, 50, 4)).toEqual([]);
  });

  it("keeps tool calls with their results at every character budget", () => {
    const total = history.reduce((sum, m) => sum + sizeOf(m), 0);
    for (let budget = 0; budget <= total; budget++) {
      const window = historyWindow(history, 50, budget);
      const callIds = new Set(
        window.flatMap((m) => (m.role === "assistant" ? (m.tool_calls ?? []).map((c) => c.id) : [])),
      );
      for (const m of window) if (m.role === "tool") expect(callIds.has(m.tool_call_id)).toBe(true);
      expect(window.reduce((sum, m) => sum + sizeOf(m), 0)).toBeLessThanOrEqual(budget);
    }
  });
});

describe("an inbound message's text", () => {
  it("is kept as it is up to max_message_chars", () => {
    expect(capMessageText("hello", 5)).toBe("hello");
  });

  it("is cut beyond max_message_chars, with a note to the model saying how long it was", () => {
    const capped = capMessageText("a".repeat(1_000_000), 32_000);
    expect(capped.startsWith(`${"a".repeat(32_000)}\n\n[system note: this message was 1000000 characters long`)).toBe(
      true,
    );
    expect(capped.length).toBeLessThan(32_200);
  });
});
