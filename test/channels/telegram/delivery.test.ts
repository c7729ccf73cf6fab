import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OutboundMessage } from "../../../src/bus/messages.js";
import { ChannelError } from "../../../src/channel-kit/channel.js";
import { REFUSED_NOTICE } from "../../../src/channel-kit/refused-send.js";
import { type ChannelHarness, group, longReply, recordingTimers, startChannel } from "./harness.js";

const toAlice = (text: string, extra: Partial<OutboundMessage> = {}): OutboundMessage => ({
  channel: "telegram",
  chatId: "111",
  text,
  ...extra,
});

describe("the Telegram channel, delivering", () => {
  let harness: ChannelHarness;
  const { active: activeTypingTimers, timers } = recordingTimers();
  beforeAll(async () => (harness = await startChannel({}, { timers })));
  afterAll(() => harness.close());
  beforeEach(() => {
    harness.fake.sent.length = 0;
    harness.fake.calls.length = 0;
  });

  it("splits a chunk Telegram refuses as too long and sends the halves", async () => {
    harness.fake.failNext("sendMessage", {
      type: "error",
      status: 400,
      description: "Bad Request: message is too long",
    });
    const text = "First half of the answer. Second half of the answer.";
    const receipt = await harness.channel.send(toAlice(text));
    expect(harness.fake.callsOf("sendMessage")).toHaveLength(3);
    expect(harness.fake.sent.map((sent) => sent.visibleText).join(" ")).toBe(text);
    expect((receipt as { messageIds: string[] }).messageIds).toHaveLength(1);
  });

  it("tries a chat that blocked the bot once, sends no notice there and fails the delivery", async () => {
    harness.fake.failNext("sendMessage", {
      type: "error",
      status: 403,
      description: "Forbidden: bot was blocked by the user",
    });
    await expect(harness.channel.send(toAlice("hello"))).rejects.toBeInstanceOf(ChannelError);
    expect(harness.fake.callsOf("sendMessage")).toHaveLength(1);
  });

  it("tries a chat that does not exist once, with no notice", async () => {
    harness.fake.failNext("sendMessage", { type: "error", status: 400, description: "Bad Request: chat not found" });
    await expect(harness.channel.send(toAlice("hello"))).rejects.toBeInstanceOf(ChannelError);
    expect(harness.fake.callsOf("sendMessage")).toHaveLength(1);
  });

  it("sends a short plain notice when Telegram refuses a reply for another reason, and fails the delivery", async () => {
    harness.fake.failNext("sendMessage", {
      type: "error",
      status: 400,
      description: "Bad Request: message thread not found",
    });
    await expect(harness.channel.send(toAlice("hello", { threadId: "77" }))).rejects.toBeInstanceOf(ChannelError);
    expect(harness.fake.sent.map((sent) => sent.text)).toEqual([REFUSED_NOTICE]);
    expect(harness.fake.sent[0]!.payload.message_thread_id).toBeUndefined();
  });

  it("renders Markdown as Telegram HTML", async () => {
    const receipt = await harness.channel.send(toAlice("**Hi** _there_, see `a<b` and [docs](https://example.com)"));
    expect(harness.fake.sent).toHaveLength(1);
    expect(harness.fake.sent[0]).toMatchObject({
      parse_mode: "HTML",
      text: '<b>Hi</b> <i>there</i>, see <code>a&lt;b</code> and <a href="https://example.com">docs</a>',
    });
    expect(receipt).toEqual({
      channel: "telegram",
      chatId: "111",
      messageIds: [String(harness.fake.sent[0]!.message_id)],
    });
  });

  it("resumes a long reply at fromChunk and reports each chunk accepted before sending the next", async () => {
    const full = await harness.channel.send(toAlice(longReply()));
    const chunks = harness.fake.sent.map((sent) => sent.text);
    expect(chunks.length).toBeGreaterThan(2);
    harness.fake.sent.length = 0;

    const reported: Array<{ chunk: number; sentBefore: number }> = [];
    const resumed = await harness.channel.send(toAlice(longReply()), {
      fromChunk: 1,
      onChunkDelivered: (chunk) => void reported.push({ chunk, sentBefore: harness.fake.sent.length }),
    });
    expect(harness.fake.sent.map((sent) => sent.text)).toEqual(chunks.slice(1));
    expect(reported).toEqual(chunks.slice(1).map((_, index) => ({ chunk: index + 1, sentBefore: index + 1 })));
    expect((resumed as { messageIds: string[] }).messageIds).toHaveLength(chunks.length - 1);
    expect((full as { messageIds: string[] }).messageIds).toHaveLength(chunks.length);
  });

  it("sends chat ids as the integers the Bot API uses, for messages and typing alike", async () => {
    await harness.channel.send({ channel: "telegram", chatId: String(group.id), text: "hello group" });
    const typing = harness.fake.waitForCall("sendChatAction");
    harness.channel.indicateWorking!({
      channel: "telegram",
      chatId: String(group.id),
      senderId: "1",
      id: "x",
      text: "",
      isDirect: false,
      receivedAt: 0,
    }).end();
    expect((await typing).payload.chat_id).toBe(group.id);
    expect(harness.fake.callsOf("sendMessage").map((call) => call.payload.chat_id)).toEqual([group.id]);
  });

  it("sends nothing for an empty reply", async () => {
    await harness.channel.send(toAlice("  \n"));
    expect(harness.fake.callsOf("sendMessage")).toHaveLength(0);
  });

  it("sends a 10,000-character reply as ordered chunks of at most 4096 characters with whole code blocks", async () => {
    const text = longReply();
    expect(text.length).toBeGreaterThan(10_000);
    const receipt = await harness.channel.send(toAlice(text));
    const sent = harness.fake.sent;
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(receipt?.messageIds).toEqual(sent.map((message) => String(message.message_id)));
    for (const message of sent) {
      expect(message.parse_mode).toBe("HTML");
      expect(message.visibleText.length).toBeLessThanOrEqual(4096);
      expect(message.text.split("<pre>").length).toBe(message.text.split("</pre>").length);
    }
    const visible = sent.map((message) => message.visibleText).join("\n");
    const steps = [...visible.matchAll(/# step (\d+)/g)].map((match) => Number(match[1]));
    expect(steps).toEqual(Array.from({ length: 120 }, (_, index) => index));
    const items = [...visible.matchAll(/• item number (\d+)/g)].map((match) => Number(match[1]));
    expect(items).toEqual(Array.from({ length: 30 }, (_, index) => index));
    const codeChunks = sent.filter((message) => message.text.includes("result_"));
    expect(codeChunks.length).toBeGreaterThan(1);
    for (const chunk of codeChunks) expect(chunk.text).toContain('<pre><code class="language-python">');
  });

  it("answers in a group as a reply to the triggering message, with the first chunk only", async () => {
    await harness.channel.send({
      channel: "telegram",
      chatId: String(group.id),
      text: "a ".repeat(3_000),
      replyToId: "42",
    });
    const [first, ...rest] = harness.fake.sent;
    expect(first?.payload.reply_parameters).toEqual({ message_id: 42, allow_sending_without_reply: true });
    expect(rest.length).toBeGreaterThan(0);
    for (const message of rest) expect(message.payload.reply_parameters).toBeUndefined();
  });

  it("sends into the forum topic of the thread", async () => {
    await harness.channel.send({ channel: "telegram", chatId: "-100300", threadId: "77", text: "in the topic" });
    expect(harness.fake.sent[0]?.payload.message_thread_id).toBe(77);
  });

  it("re-sends a chunk Telegram cannot parse as plain text", async () => {
    harness.fake.failNext("sendMessage", {
      type: "error",
      status: 400,
      description: 'Bad Request: can\'t parse entities: Unsupported start tag "x" at byte offset 0',
    });
    await harness.channel.send(toAlice("**bold** & <b>"));
    const calls = harness.fake.callsOf("sendMessage");
    expect(calls).toHaveLength(2);
    expect(calls[0]!.payload.parse_mode).toBe("HTML");
    expect(calls[1]!.payload.parse_mode).toBeUndefined();
    expect(harness.fake.sent).toHaveLength(1);
    expect(harness.fake.sent[0]!.text).toBe("bold & <b>");
    expect(await harness.log.waitFor(/sending it as plain text/)).toMatchObject({ level: 40 });
  });

  it("waits out a 429 and delivers the message exactly once", async () => {
    harness.fake.failNext("sendMessage", {
      type: "error",
      status: 429,
      description: "Too Many Requests: retry after 1",
      retryAfter: 1,
    });
    await harness.channel.send(toAlice("after the flood"));
    expect(harness.fake.callsOf("sendMessage")).toHaveLength(2);
    expect(harness.fake.sent.map((message) => message.visibleText)).toEqual(["after the flood"]);
    const retry = await harness.log.waitFor(/telegram sendMessage to chat \S+ failed \(attempt 1 of/);
    expect(retry).toMatchObject({ level: 40, attempt: 1, delayMs: 1_000 });
  });

  it("retries 5xx answers and dropped connections", async () => {
    harness.fake.failNext("sendMessage", { type: "error", status: 502, description: "Bad Gateway" }, { type: "drop" });
    await harness.channel.send(toAlice("eventually"));
    expect(harness.fake.callsOf("sendMessage")).toHaveLength(3);
    expect(harness.fake.sent).toHaveLength(1);
  });

  it("does not retry a permanent error, and fails the delivery with a ChannelError", async () => {
    harness.fake.failNext("sendMessage", {
      type: "error",
      status: 403,
      description: "Forbidden: bot was blocked by the user",
    });
    const failures: unknown[] = [];
    const stop = harness.bus.onDeliveryFailed((_message, error) => failures.push(error));
    const failure = await harness.bus.publishOutbound(toAlice("hello?")).catch((error: unknown) => error);
    stop();
    expect(failure).toBeInstanceOf(ChannelError);
    expect(failure).toMatchObject({ kind: "rejected", retryable: false });
    expect((failure as Error).message).toContain("403 Forbidden: bot was blocked by the user");
    expect(failures).toEqual([failure]);
    expect(harness.fake.callsOf("sendMessage")).toHaveLength(1);
  });

  it("shows typing every few seconds until the indicator ends, then clears its timer", async () => {
    const indicator = harness.channel.indicateWorking!({
      id: "telegram:1:1",
      channel: "telegram",
      chatId: "-100300",
      threadId: "77",
      senderId: "1",
      text: "x",
      isDirect: false,
      receivedAt: 0,
    });
    const second = await harness.fake.waitForCall(
      "sendChatAction",
      () => harness.fake.callsOf("sendChatAction").length >= 2,
    );
    expect(second.payload).toMatchObject({ chat_id: -100300, action: "typing", message_thread_id: 77 });
    expect(activeTypingTimers.size).toBe(1);
    indicator.end();
    expect(activeTypingTimers.size).toBe(0);
  });
});
