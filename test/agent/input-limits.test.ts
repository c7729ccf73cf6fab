import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./harness.js";

const megabyte = "a".repeat(1024 * 1024);
const charsSent = (harness: Harness, request: number) =>
  harness.fake.requests[request]!.body.messages.reduce((sum, message) => sum + (message.content?.length ?? 0), 0);

describe("input that could break a chat", () => {
  let harness: Harness;
  afterEach(() => harness?.close());

  it("cuts a 1 MB message to max_message_chars, and answers the next message in that chat", async () => {
    harness = await startHarness();
    const huge = await harness.ask(megabyte);
    expect(huge.status).toBe("answered");
    const sentText = harness.fake.requests[0]!.body.messages.at(-1)!.content!;
    expect(sentText).toMatch(/^\[[^\]]+\] a{32000}\n\n\[system note: this message was 1048576 characters long/);
    const next = await harness.ask("and now a normal question");
    expect(next).toMatchObject({ status: "answered", reply: "echo: and now a normal question" });
    expect(charsSent(harness, 1)).toBeLessThan(80_000);
  });

  it("sends at most max_history_chars of history when a long chat cannot be summarised", async () => {
    harness = await startHarness({
      agent: { max_history_chars: 5_000, memory_window: 500 },
      loop: () => ({ contextWindow: () => 1_000 }),
    });
    harness.fake.respondWith((request) =>
      String(request.body.messages[0]?.content).startsWith("You write the summary")
        ? { type: "error", status: 500 }
        : { content: "ok" },
    );
    for (let turn = 0; turn < 8; turn++) await harness.ask(`${turn} ${"b".repeat(1_000)}`);
    const last = harness.fake.requests.at(-1)!.body.messages;
    const history = last.slice(1, -1).reduce((sum, message) => sum + (message.content?.length ?? 0), 0);
    expect(history).toBeLessThanOrEqual(5_000);
    expect(history).toBeGreaterThan(3_000);
  });
});
