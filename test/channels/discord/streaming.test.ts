import { afterEach, describe, expect, it } from "vitest";
import { DiscordChannel } from "../../../channels/discord/discord-channel.js";
import { toDiscordMarkdown } from "../../../channels/discord/format.js";
import { discordChunks } from "../../../channels/discord/outbound.js";
import { MessageBus } from "../../../src/bus/message-bus.js";
import { BOT, FakeDiscord, GENERAL_CHANNEL_ID, type SentMessage } from "../../fakes/fake-discord.js";
import { expectThrottled, holdSlowTool, startStreamingAgent, writtenAnswer } from "../../support/streaming-agent.js";
import { discordDeps } from "./harness.js";

type Agent = Awaited<ReturnType<typeof startStreamingAgent>>;

describe("streamed replies on Discord", () => {
  let fake: FakeDiscord;
  let channel: DiscordChannel;
  let agent: Agent;
  afterEach(async () => {
    await agent?.close();
    await channel?.stop();
    await fake?.close();
  });

  async function start(settings: { streaming?: boolean } = {}) {
    fake = await FakeDiscord.start();
    const bus = new MessageBus();
    const deps = discordDeps({ apiUrl: fake.apiUrl, bus, streaming: settings.streaming ?? true });
    channel = new DiscordChannel(
      { ...deps, settings: { ...deps.settings, allow_from: ["*"], stream_interval: 0.1 } },
      { streamFloorMs: 0 },
    );
    bus.registerChannel("discord", (message) => channel.send(message));
    await channel.start(new AbortController().signal);
    agent = await startStreamingAgent({ bus, channel, home: "/nonexistent" });
  }

  /** The texts a message showed after each of its edits, with when each edit arrived. */
  function editsOf(sent: SentMessage): Array<{ content: string; at: number }> {
    return fake.edits
      .filter((edit) => edit.messageId === sent.id)
      .map((edit) => ({ content: String(edit.body.content ?? ""), at: edit.at }));
  }

  it("grows one message with throttled edits, then edits it into the answer's Markdown", async () => {
    await start();
    const answer = writtenAnswer(900);
    agent.model.reply({ content: answer, pieces: { size: 15, delayMs: 10 } });
    fake.dm("tell me about streaming");
    await agent.nextOutcome();

    expect(fake.sent).toHaveLength(1);
    const partial = editsOf(fake.sent[0]!).slice(0, -1);
    expect(partial.length).toBeGreaterThanOrEqual(3);
    const withoutClosingFence = (content: string) => content.replace(/\n```$/, "");
    for (let index = 1; index < partial.length; index++) {
      const [before, after] = [partial[index - 1]!.content, partial[index]!.content].map(withoutClosingFence);
      expect(after!.startsWith(before!)).toBe(true);
    }
    expectThrottled([fake.sent[0]!.at!, ...partial.map((shown) => shown.at)], 100);
    for (const { content } of partial) expect((content.match(/^```/gm) ?? []).length % 2).toBe(0);
    expect(fake.shownText(fake.sent[0]!.id)).toBe(toDiscordMarkdown(answer));
    expect(agent.model.requests[0]!.body.stream).toBe(true);
  });

  it("ends a 10,000-character answer as ordered chunks under the limit: the preview first, no text twice", async () => {
    await start();
    const answer = writtenAnswer(10_000);
    agent.model.reply({ content: answer, pieces: { size: 400, delayMs: 5 } });
    fake.dm("a long one please");
    await agent.nextOutcome();

    const expected = discordChunks(answer);
    expect(expected.length).toBeGreaterThanOrEqual(5);
    expect(fake.sent.map((sent) => fake.shownText(sent.id))).toEqual(expected);
    for (const sent of fake.sent) expect(fake.shownText(sent.id)!.length).toBeLessThanOrEqual(2000);
    const [preview, ...rest] = fake.sent;
    expect(rest.every((sent) => !fake.edits.some((edit) => edit.messageId === sent.id))).toBe(true);
    expect(fake.edits.every((edit) => edit.messageId === preview!.id)).toBe(true);
  });

  it("answers a server mention as a reply, and only the preview replies", async () => {
    await start();
    agent.model.reply({ content: writtenAnswer(3_000), pieces: { size: 300, delayMs: 5 } });
    const question = fake.guildMessage(`<@${BOT.id}> explain`, { mentions: [BOT] });
    await agent.nextOutcome();
    expect(fake.sent.length).toBeGreaterThanOrEqual(2);
    expect(fake.sent.every((sent) => sent.channelId === GENERAL_CHANNEL_ID)).toBe(true);
    expect(fake.sent[0]!.body.message_reference).toMatchObject({ message_id: question });
    expect(fake.sent.slice(1).every((sent) => sent.body.message_reference === undefined)).toBe(true);
  });

  it("shows which tool is running while it runs, and not in the answer", async () => {
    await start();
    const release = holdSlowTool(agent);
    fake.dm("is the build ok?");
    // The status shows in the preview's first post or in a later edit, as the machine's speed decides.
    const [preview] = await fake.waitForSent(1);
    await expect.poll(() => fake.shownText(preview!.id), { timeout: 20_000 }).toContain("⏳ running slow_tool…");
    expect(fake.shownText(preview!.id)).toContain("Let me check the build logs");
    release();
    await agent.nextOutcome();
    expect(fake.sent).toHaveLength(1);
    expect(fake.shownText(fake.sent[0]!.id)).toBe("The build is green.");
  });

  it("skips edits for the retry_after of a 429 instead of queueing them, and still ends with the answer", async () => {
    await start();
    fake.failNextEdits({ type: "rate-limit", retryAfterSeconds: 1 });
    const answer = writtenAnswer(1_500);
    agent.model.reply({ content: answer, pieces: { size: 30, delayMs: 20 } });
    fake.dm("go");
    await agent.nextOutcome();
    const patches = fake.requests.filter((request) => request.startsWith("PATCH "));
    expect(fake.edits.length).toBeGreaterThanOrEqual(1);
    // The refused edit was not retried by discord.js: the next one carried newer text after the second.
    expect(patches.length).toBe(fake.edits.length + 1);
    expect(fake.edits[0]!.at - fake.sent[0]!.at!).toBeGreaterThanOrEqual(950);
    expect(fake.sent).toHaveLength(1);
    expect(fake.shownText(fake.sent[0]!.id)).toBe(toDiscordMarkdown(answer));
  });

  it("sends the answer as a new message when the preview was deleted (Unknown Message)", async () => {
    await start();
    const answer = writtenAnswer(600);
    agent.model.reply({ content: answer, pieces: { size: 20, delayMs: 10 } });
    fake.dm("go");
    const [preview] = await fake.waitForSent(1);
    fake.deleteMessage(preview!.id);
    await agent.nextOutcome();
    expect(fake.sent).toHaveLength(2);
    expect(fake.shownText(fake.sent[1]!.id)).toBe(toDiscordMarkdown(answer));
  });

  it("with streaming off, sends the whole answer once, as today", async () => {
    await start({ streaming: false });
    const answer = writtenAnswer(600);
    agent.model.reply({ content: answer, pieces: { size: 20, delayMs: 5 } });
    fake.dm("go");
    await agent.nextOutcome();
    expect(fake.sent.map((sent) => sent.body.content)).toEqual([toDiscordMarkdown(answer)]);
    expect(fake.edits).toEqual([]);
    expect(agent.model.requests[0]!.body.stream).toBe(false);
  });
});
