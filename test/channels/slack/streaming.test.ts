import { afterEach, describe, expect, it } from "vitest";
import { escapeMrkdwn, markdownToMrkdwn } from "../../../channels/slack/format.js";
import { slackChunks } from "../../../channels/slack/outbound.js";
import { FakeSlack } from "../../fakes/fake-slack.js";
import { postSignedEvent } from "../../fakes/slack-requests.js";
import { expectThrottled, holdSlowTool, startStreamingAgent, writtenAnswer } from "../../support/streaming-agent.js";
import { type SlackHarness, slackHarness } from "./harness.js";

type Agent = Awaited<ReturnType<typeof startStreamingAgent>>;

describe("streamed replies on Slack", () => {
  let fake: FakeSlack;
  let harness: SlackHarness;
  let agent: Agent;
  afterEach(async () => {
    await agent?.close();
    await harness?.close();
    await fake?.close();
  });

  async function start(settings: Record<string, unknown> = {}) {
    fake = await FakeSlack.start({ users: { UALICE: { name: "alice" } } });
    harness = await slackHarness(fake, { stream_interval: 0.1, ...settings }, { streamFloorMs: 0 });
    await harness.channel.start(new AbortController().signal);
    agent = await startStreamingAgent({ bus: harness.bus, channel: harness.channel, home: harness.home });
  }

  let tsCounter = 0;
  /** Alice writes to the bot: a DM, or a mention in channel C1 (answered in its thread). */
  async function aliceWrites(text: string, where: "dm" | "channel" = "dm"): Promise<string> {
    // Sent now: a message older than max_message_age is not answered.
    const ts = `${Math.floor(Date.now() / 1000)}.${String(++tsCounter).padStart(6, "0")}`;
    const event =
      where === "dm"
        ? { type: "message", channel_type: "im", channel: "D1", user: "UALICE", text, ts }
        : { type: "app_mention", channel: "C1", user: "UALICE", text: `<@${fake.botUserId}> ${text}`, ts };
    const url = `http://127.0.0.1:${harness.channel.port}/slack/events`;
    const response = await postSignedEvent(url, "shh", fake.eventCallback(event));
    expect(response.status).toBe(200);
    return ts;
  }

  it("grows one message with throttled chat.update calls, then updates it into the mrkdwn answer", async () => {
    await start();
    const answer = writtenAnswer(900);
    agent.model.reply({ content: answer, pieces: { size: 15, delayMs: 10 } });
    await aliceWrites("tell me about streaming");
    await agent.nextOutcome();

    expect(fake.messages).toHaveLength(1);
    const [preview] = fake.messages;
    const partial = preview!.history.slice(0, -1);
    expect(partial.length).toBeGreaterThanOrEqual(3);
    for (let index = 1; index < partial.length; index++)
      expect(partial[index]!.text.startsWith(partial[index - 1]!.text)).toBe(true);
    expectThrottled(
      partial.map((shown) => shown.at),
      100,
    );
    expect(escapeMrkdwn(answer).startsWith(partial.at(-1)!.text)).toBe(true);
    expect(preview!.text).toBe(markdownToMrkdwn(answer));
    expect(agent.model.requests[0]!.body.stream).toBe(true);
  });

  it("ends a 10,000-character answer as ordered chunks under the limit: the preview first, no text twice", async () => {
    await start();
    const answer = writtenAnswer(10_000);
    agent.model.reply({ content: answer, pieces: { size: 400, delayMs: 5 } });
    await aliceWrites("a long one please");
    await agent.nextOutcome();

    const expected = slackChunks(answer);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(fake.messages.map((message) => message.text)).toEqual(expected);
    for (const message of fake.messages) expect(message.text.length).toBeLessThanOrEqual(3_900);
    expect(fake.messages.slice(1).every((message) => message.history.length === 1)).toBe(true);
  });

  it("answers a channel mention in its thread, the preview and the rest of the chunks alike", async () => {
    await start();
    const answer = writtenAnswer(5_000);
    agent.model.reply({ content: answer, pieces: { size: 300, delayMs: 5 } });
    const ts = await aliceWrites("explain", "channel");
    await agent.nextOutcome();
    expect(fake.messages.length).toBeGreaterThanOrEqual(2);
    for (const message of fake.messages) expect(message).toMatchObject({ channel: "C1", threadTs: ts });
  });

  it("shows which tool is running while it runs, and not in the answer", async () => {
    await start();
    const release = holdSlowTool(agent);
    await aliceWrites("is the build ok?");
    await fake.waitForMessages(1);
    while (!fake.messages[0]!.text.includes("⏳ running slow_tool…"))
      await fake.waitForCalls("chat.update", fake.callsTo("chat.update").length + 1);
    expect(fake.messages[0]!.text).toContain("Let me check the build logs");
    release();
    await agent.nextOutcome();
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]!.text).toBe("The build is green.");
  });

  it("skips edits for the Retry-After of a 429 and still ends with the answer", async () => {
    await start();
    fake.script("chat.update", { status: 429, retryAfter: 1 });
    const answer = writtenAnswer(1_500);
    agent.model.reply({ content: answer, pieces: { size: 30, delayMs: 20 } });
    await aliceWrites("go");
    await agent.nextOutcome();
    const updates = fake.calls.filter((call) => call.method === "chat.update");
    expect(updates.length).toBeGreaterThanOrEqual(2);
    const [preview] = fake.messages;
    // The first update was refused; the next one came only after the Retry-After second.
    expect(preview!.history[1]!.at - preview!.history[0]!.at).toBeGreaterThanOrEqual(950);
    expect(preview!.text).toBe(markdownToMrkdwn(answer));
    expect(fake.messages).toHaveLength(1);
  });

  it("posts the answer as a new message when the preview was deleted", async () => {
    await start();
    const answer = writtenAnswer(600);
    agent.model.reply({ content: answer, pieces: { size: 20, delayMs: 10 } });
    await aliceWrites("go");
    const [preview] = await fake.waitForMessages(1);
    fake.deleteMessage(preview!.ts);
    await agent.nextOutcome();
    expect(fake.messages).toHaveLength(2);
    expect(fake.shownText(fake.messages[1]!.ts)).toBe(markdownToMrkdwn(answer));
  });

  it("with streaming off, posts the whole answer once, as today", async () => {
    await start({ streaming: false });
    const answer = writtenAnswer(600);
    agent.model.reply({ content: answer, pieces: { size: 20, delayMs: 5 } });
    await aliceWrites("go");
    await agent.nextOutcome();
    expect(fake.messages.map((message) => message.text)).toEqual([markdownToMrkdwn(answer)]);
    expect(fake.callsTo("chat.update")).toEqual([]);
    expect(agent.model.requests[0]!.body.stream).toBe(false);
  });
});
