import { afterEach, describe, expect, it } from "vitest";
import type { ReplyStream, ReplyTarget } from "../../../src/channel-kit/reply-stream.js";
import { toolResult } from "../../../src/tools/tool.js";
import { fakeTool } from "../../support/tool-context.js";
import { type Harness, startHarness } from "../harness.js";

/** A stream that records what the turn gives it; its preview counts as shown from the first update. */
function recordingStream(target: ReplyTarget) {
  const events: Array<{ type: "update"; text: string; status?: string } | { type: "finish" | "fail"; text: string }> =
    [];
  let show!: () => void;
  const shown = new Promise<void>((resolve) => {
    show = resolve;
  });
  const stream: ReplyStream = {
    shown,
    update(text, status) {
      events.push(status ? { type: "update", text, status } : { type: "update", text });
      show();
    },
    async finish(text) {
      events.push({ type: "finish", text });
      return ["1"];
    },
    async fail(note) {
      events.push({ type: "fail", text: note });
      return events.some((event) => event.type === "update");
    },
  };
  return { target, events, stream };
}

describe("a turn whose channel streams", () => {
  let harness: Harness;
  afterEach(() => harness?.close());

  async function streamingHarness() {
    const streams: Array<ReturnType<typeof recordingStream>> = [];
    const ended: string[] = [];
    harness = await startHarness({
      openStream: (target) => {
        const recorded = recordingStream(target);
        streams.push(recorded);
        return recorded.stream;
      },
      indicateWorking: () => ({ end: () => void ended.push("typing ended") }),
    });
    return { streams, ended };
  }

  it("streams the model's text and the running tools, then finishes with the answer instead of sending it", async () => {
    const { streams, ended } = await streamingHarness();
    harness.registry.register(fakeTool("read_file", async () => toolResult("contents")));
    harness.fake.reply(
      { content: "Let me look.", toolCalls: [{ name: "read_file", arguments: { path: "a" } }] },
      { content: "The file says: contents." },
    );
    await harness.ask("what is in a?", { threadId: "t1", replyToId: "42" });
    const [recorded] = streams;
    expect(recorded!.target).toEqual({ channel: "test", chatId: "chat-1", threadId: "t1", replyToId: "42" });
    const updates = recorded!.events.filter((event) => event.type === "update");
    expect(updates.map((event) => event.text).at(-1)).toBe("Let me look.\n\nThe file says: contents.");
    expect(updates).toContainEqual({ type: "update", text: "Let me look.", status: "running read_file" });
    for (let index = 1; index < updates.length; index++)
      expect(updates[index]!.text.startsWith(updates[index - 1]!.text)).toBe(true);
    expect(recorded!.events.at(-1)).toEqual({ type: "finish", text: "The file says: contents." });
    expect(harness.sent).toEqual([]);
    expect(harness.fake.requests.every((request) => request.body.stream === true)).toBe(true);
    expect(ended.length).toBeGreaterThan(0);
  });

  it("notes a failure under the text already shown instead of sending the apology again", async () => {
    const { streams } = await streamingHarness();
    harness.registry.register(fakeTool("read_file", async () => toolResult("contents")));
    harness.fake.reply(
      { content: "Looking.", toolCalls: [{ name: "read_file", arguments: { path: "a" } }] },
      { type: "error", status: 400 },
    );
    const outcome = await harness.ask("what is in a?");
    expect(outcome.status).toBe("failed");
    expect(streams[0]!.events.at(-1)).toMatchObject({ type: "fail", text: expect.stringMatching(/^Sorry/) });
    expect(harness.sent).toEqual([]);
  });

  it("sends the apology as usual when nothing was shown yet", async () => {
    const { streams } = await streamingHarness();
    harness.fake.reply({ type: "error", status: 400 });
    await harness.ask("hi");
    expect(streams[0]!.events).toEqual([{ type: "fail", text: expect.stringMatching(/^Sorry/) }]);
    expect(harness.sent.map((message) => message.text)).toEqual([expect.stringMatching(/^Sorry/)]);
  });
});
