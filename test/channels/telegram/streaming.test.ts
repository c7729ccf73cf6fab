import { afterEach, describe, expect, it } from "vitest";
import { renderTelegramHtml, visibleText } from "../../../channels/telegram/format.js";
import { telegramChunks } from "../../../channels/telegram/outbound.js";
import type { TelegramChannelOptions } from "../../../channels/telegram/telegram-channel.js";
import { holdSlowTool, startStreamingAgent, writtenAnswer } from "../../support/streaming-agent.js";
import { alice, aliceChat, type ChannelHarness, group, startChannel } from "./harness.js";

type Agent = Awaited<ReturnType<typeof startStreamingAgent>>;

describe("streamed replies on Telegram", () => {
  let channel: ChannelHarness;
  let agent: Agent;
  afterEach(async () => {
    await agent?.close();
    await channel?.close();
  });

  async function start(settings: Record<string, unknown> = {}, options: TelegramChannelOptions = {}) {
    channel = await startChannel({ stream_interval: 0.1, ...settings }, { streamFloorMs: 0, ...options });
    agent = await startStreamingAgent({ bus: channel.bus, channel: channel.channel, home: channel.home });
  }

  /** What the user saw in the chat, message by message: each message's text after every send and edit. */
  function history() {
    const { fake } = channel;
    return fake.sent.map((sent) => ({
      sent,
      edits: fake.edits.filter((edit) => edit.message_id === sent.message_id && edit.chat_id === sent.chat_id),
    }));
  }

  it("grows one message with throttled edits of plain text, then edits it into the formatted answer", async () => {
    await start();
    const answer = writtenAnswer(900);
    agent.model.reply({ content: answer, pieces: { size: 15, delayMs: 15 } });
    channel.fake.userMessage(aliceChat, alice, "tell me about streaming");
    await agent.nextOutcome();

    const [preview, ...others] = history();
    expect(others).toEqual([]);
    expect(preview!.sent.parse_mode).toBeUndefined();
    const edits = preview!.edits;
    const partial = edits.slice(0, -1);
    expect(partial.length).toBeGreaterThanOrEqual(2);
    const shown = [preview!.sent.visibleText, ...partial.map((edit) => edit.visibleText)];
    for (let index = 1; index < shown.length; index++) expect(shown[index]!.startsWith(shown[index - 1]!)).toBe(true);
    for (const edit of partial) expect(edit.parse_mode).toBeUndefined();
    // The preview's requests (the final edit aside) start at least stream_interval apart and never overlap;
    // at the fake each may arrive late, but any three in a row span an interval however loaded the machine.
    const arrivals = [
      channel.fake.callsOf("sendMessage")[0]!.at,
      ...channel.fake.callsOf("editMessageText").map((call) => call.at),
    ].slice(0, -1);
    for (let index = 2; index < arrivals.length; index++)
      expect(arrivals[index]! - arrivals[index - 2]!).toBeGreaterThanOrEqual(100);
    const final = edits.at(-1)!;
    expect(final.parse_mode).toBe("HTML");
    expect(final.text).toBe(renderTelegramHtml(answer));
    expect(agent.model.requests[0]!.body.stream).toBe(true);
  });

  it("ends a 10,000-character answer as ordered chunks under the limit: the preview first, no text twice", async () => {
    await start();
    const answer = writtenAnswer(10_000);
    agent.model.reply({ content: answer, pieces: { size: 400, delayMs: 5 } });
    channel.fake.userMessage(aliceChat, alice, "a long one please");
    await agent.nextOutcome();

    const messages = history();
    const expected = telegramChunks(answer).map((chunk) => visibleText(renderTelegramHtml(chunk)));
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(messages).toHaveLength(expected.length);
    const finalTexts = messages.map(({ sent }) => channel.fake.shownText(sent.chat_id, sent.message_id));
    expect(finalTexts).toEqual(expected);
    for (const text of finalTexts) expect(text!.length).toBeLessThanOrEqual(4096);
    expect(messages.slice(1).every(({ edits }) => edits.length === 0)).toBe(true);
  });

  it("shows which tool is running while it runs, and not in the answer", async () => {
    await start();
    const release = holdSlowTool(agent);
    channel.fake.userMessage(aliceChat, alice, "is the build ok?");
    // The status shows in the preview's first post or in a later edit, as the machine's speed decides.
    const [preview] = await channel.fake.waitForSent(1);
    await expect
      .poll(() => channel.fake.shownText(preview!.chat_id, preview!.message_id), { timeout: 20_000 })
      .toContain("⏳ running slow_tool…");
    release();
    await agent.nextOutcome();
    const [message] = history();
    expect(message!.sent.visibleText).toContain("Let me check the build logs");
    expect(channel.fake.shownText(message!.sent.chat_id, message!.sent.message_id)).toBe("The build is green.");
    expect(channel.fake.sent).toHaveLength(1);
  });

  it("skips edits for the retry_after of a 429 and still ends with the answer", async () => {
    await start();
    channel.fake.failNext("editMessageText", {
      type: "error",
      status: 429,
      description: "Too Many Requests: retry after 1",
      retryAfter: 1,
    });
    const answer = writtenAnswer(1_500);
    agent.model.reply({ content: answer, pieces: { size: 30, delayMs: 20 } });
    channel.fake.userMessage(aliceChat, alice, "go");
    await agent.nextOutcome();
    const edits = channel.fake.callsOf("editMessageText");
    expect(edits.length).toBeGreaterThanOrEqual(2);
    expect(edits[1]!.at - edits[0]!.at).toBeGreaterThanOrEqual(950);
    const [message] = history();
    expect(channel.fake.shownText(message!.sent.chat_id, message!.sent.message_id)).toBe(
      visibleText(renderTelegramHtml(answer)),
    );
  });

  it("sends the answer as a new message when the user deleted the preview", async () => {
    await start();
    const answer = writtenAnswer(600);
    agent.model.reply({ content: answer, pieces: { size: 20, delayMs: 10 } });
    channel.fake.userMessage(aliceChat, alice, "go");
    const [preview] = await channel.fake.waitForSent(1);
    channel.fake.deleteMessage(preview!.chat_id, preview!.message_id);
    await agent.nextOutcome();
    expect(channel.fake.sent).toHaveLength(2);
    expect(channel.fake.sent[1]!.text).toBe(renderTelegramHtml(answer));
  });

  it("answers a group message as a reply, and stops typing once text shows", async () => {
    let typingStoppedAt: number | undefined;
    await start(
      {},
      {
        timers: {
          setInterval,
          clearInterval: (timer) => {
            typingStoppedAt ??= Date.now();
            clearInterval(timer);
          },
        },
      },
    );
    agent.model.reply({ content: writtenAnswer(300), pieces: { size: 50, delayMs: 100 } });
    const { message } = channel.fake.userMessage(group, alice, "@skein_test_bot explain", {
      entities: [{ type: "mention", offset: 0, length: 15 }],
    });
    await agent.nextOutcome();
    expect(channel.fake.sent[0]!.payload.reply_parameters).toMatchObject({ message_id: message.message_id });
    expect(channel.fake.callsOf("sendChatAction").length).toBeGreaterThanOrEqual(1);
    // The preview is posted at once and edited while the answer is still being written: typing stops before
    // the first edit goes out, not when the turn ends.
    const [firstEdit] = channel.fake.callsOf("editMessageText");
    expect(typingStoppedAt).toBeDefined();
    expect(typingStoppedAt!).toBeLessThanOrEqual(firstEdit!.at);
    expect(channel.fake.callsOf("editMessageText").length).toBeGreaterThanOrEqual(2);
  });

  it("with streaming off, sends the whole answer once, as today", async () => {
    await start({ streaming: false });
    const answer = writtenAnswer(600);
    agent.model.reply({ content: answer, pieces: { size: 20, delayMs: 5 } });
    channel.fake.userMessage(aliceChat, alice, "go");
    await agent.nextOutcome();
    expect(channel.fake.sent.map((sent) => sent.text)).toEqual([renderTelegramHtml(answer)]);
    expect(channel.fake.callsOf("editMessageText")).toEqual([]);
    expect(agent.model.requests[0]!.body.stream).toBe(false);
  });
});
