import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DM_CHANNEL_ID } from "../fakes/fake-discord.js";
import { FakeSpeechEndpoint } from "../fakes/fake-speech.js";
import { fakeBot } from "../fakes/fake-telegram.js";
import { waitUntil } from "../support/wait-until.js";
import { SPEECH_KEY, startVoiceWorld, telegramPerson } from "./voice-world.js";

describe("skein start, the built CLI, answering a voice note with a voice note on Telegram, Slack and Discord", () => {
  let world: Awaited<ReturnType<typeof startVoiceWorld>>;

  beforeAll(async () => {
    world = await startVoiceWorld();
  }, 60_000);
  afterAll(() => world?.close());

  const voicesIn = (chatId: number) =>
    world.telegram.uploads.filter((upload) => upload.chat_id === chatId && upload.method === "sendVoice");
  const speechAbout = (text: string) => world.model.speech.requests.filter((request) => request.input?.includes(text));
  const warnings = (about: string) =>
    world.logLines().filter((line) => line.level === 40 && String(line.msg).includes(about));

  it("answers a Telegram voice note with its text, then a sendVoice carrying the speech endpoint's audio as it came", async () => {
    world.answers.set("weather in Lisbon", "It is sunny in Lisbon today, 24 degrees.");

    await world.voiceOnTelegram(111, "what is the weather in Lisbon");

    const answer = "It is sunny in Lisbon today, 24 degrees.";
    expect(world.shownOnTelegram(111).filter((text) => text.includes(answer))).toHaveLength(1);
    const [request] = speechAbout("sunny in Lisbon");
    expect(request).toMatchObject({
      model: "gpt-4o-mini-tts",
      voice: "alloy",
      input: answer,
      response_format: "opus",
      authorization: `Bearer ${SPEECH_KEY}`,
    });
    const voices = voicesIn(111);
    expect(voices).toHaveLength(1);
    expect(voices[0]).toMatchObject({ type: "voice", name: "voice-reply.ogg" });
    expect(voices[0]!.bytes).toEqual(request!.answered!.audio);
    const calls = world.telegram.calls.map((call) => `${call.method}:${String(call.payload.chat_id)}`);
    expect(calls.lastIndexOf("sendMessage:111")).toBeLessThan(calls.indexOf("sendVoice:111"));
  });

  it("makes no speech request for the reply to a typed message under tts.mode inbound", async () => {
    const requests = world.model.speech.requests.length;

    await world.typeOnTelegram(222, "hello there, typed");

    expect(world.shownOnTelegram(222).filter((text) => text.includes("echo: hello there, typed"))).toHaveLength(1);
    expect(world.model.speech.requests).toHaveLength(requests);
    expect(voicesIn(222)).toEqual([]);
  });

  it("says the chat's state on /voice, speaks every reply after /voice on and none after /voice off", async () => {
    const { chat, user } = telegramPerson(333);
    expect(await world.commandOnTelegram(chat, user, "/voice")).toContain(
      "a reply to a voice message comes as a voice note too",
    );
    expect(await world.commandOnTelegram(chat, user, "/voice on")).toContain("every reply comes as a voice note too");

    await world.typeOnTelegram(333, "typed while voice is on");
    expect(speechAbout("typed while voice is on")).toHaveLength(1);
    expect(voicesIn(333)).toHaveLength(1);

    expect(await world.commandOnTelegram(chat, user, "/voice off")).toBe(
      "Spoken replies are off in this chat. /voice on starts them again.",
    );
    const requests = world.model.speech.requests.length;
    await world.voiceOnTelegram(333, "spoken while voice is off");
    expect(world.shownOnTelegram(333).some((text) => text.includes("spoken while voice is off"))).toBe(true);
    expect(world.model.speech.requests).toHaveLength(requests);
    expect(voicesIn(333)).toHaveLength(1);
    expect(await world.commandOnTelegram(chat, user, "/voice")).toContain("Spoken replies are off in this chat");
  });

  it("answers /voice@<botname> in a group without asking the model", async () => {
    const group = { id: -100_200, type: "supergroup" as const, title: "Team" };
    const chats = world.model.requests.length;

    const answer = await world.commandOnTelegram(group, telegramPerson(111).user, `/voice@${fakeBot.username} on`);

    expect(answer).toContain("Spoken replies are on in this chat");
    expect(world.model.requests).toHaveLength(chats);
  });

  it("delivers the text once and logs one speech warning with the cause when the endpoint answers 500", async () => {
    world.answers.set("the 500 case", "The 500 case is answered.");
    world.model.speech.script({ type: "error", status: 500 });

    await world.voiceOnTelegram(444, "report on the 500 case");

    expect(world.shownOnTelegram(444).filter((text) => text.includes("500 case"))).toEqual([
      "The 500 case is answered.",
    ]);
    expect(voicesIn(444)).toEqual([]);
    const [warning, ...more] = warnings("speech (tts) failed");
    expect(more).toEqual([]);
    expect(warning).toMatchObject({ chatId: "444", cause: expect.stringContaining("HTTP 500") });
  });

  it("delivers the text once and logs the timeout when the endpoint does not answer within the provider's timeout", async () => {
    world.answers.set("the silent case", "The silent case is answered.");
    world.model.speech.script({ type: "hang" });

    await world.voiceOnTelegram(555, "report on the silent case");

    expect(world.shownOnTelegram(555).filter((text) => text.includes("silent case"))).toEqual([
      "The silent case is answered.",
    ]);
    expect(voicesIn(555)).toEqual([]);
    expect(warnings("speech (tts) failed").filter((line) => line.chatId === "555")).toEqual([
      expect.objectContaining({ cause: "timed out after 3 s" }),
    ]);
  });

  it("sends a reply longer than max_chars as its whole text only, with no speech request", async () => {
    const long = Array.from({ length: 40 }, (_, index) => `Step ${index + 1} of the long plan is to keep going.`).join(
      " ",
    );
    world.answers.set("the long plan", long);
    const requests = world.model.speech.requests.length;

    await world.voiceOnTelegram(666, "tell me the long plan");

    expect(long.length).toBeGreaterThan(1500);
    expect(world.shownOnTelegram(666)).toEqual([long]);
    expect(world.model.speech.requests).toHaveLength(requests);
    expect(voicesIn(666)).toEqual([]);
  });

  it("reads out no markup (code fences, **, #, table pipes, raw URLs) and no configured secret", async () => {
    world.answers.set(
      "the release notes",
      [
        "## Release 2.1",
        "The **fast** path is on. Details at https://example.com/releases/2.1?tab=notes",
        "",
        "| step | time |",
        "|---|---|",
        "| build | 3 min |",
        "",
        "```sh",
        "npm run build",
        "```",
        "",
        "- see [the guide](https://example.com/guide)",
        "",
        `Your key ${SPEECH_KEY} is set.`,
      ].join("\n"),
    );

    await world.voiceOnTelegram(777, "read me the release notes");

    const [request] = speechAbout("Release 2.1");
    expect(request?.input).toBe(
      "Release 2.1\nThe fast path is on. Details at example.com\nstep, time\nbuild, 3 min\nsee the guide\nYour key [redacted] is set.",
    );
    expect(request?.input).not.toMatch(/```|\*\*|#|\||https?:/);
    expect(voicesIn(777)).toHaveLength(1);
  });

  it("speaks every reply of the agent with its own tts (always, voice nova) on Discord, as a message with the .ogg attached", async () => {
    await world.dmOnDiscord("what is on today?", DM_CHANNEL_ID);

    const [request] = speechAbout("echo: what is on today?");
    expect(request).toMatchObject({ voice: "nova", model: "gpt-4o-mini-tts", authorization: `Bearer ${SPEECH_KEY}` });
    expect(world.discord.sent.filter((sent) => sent.body.content?.includes("echo: what is on today?"))).toHaveLength(1);
    expect(world.discord.uploads).toEqual([
      expect.objectContaining({ channelId: DM_CHANNEL_ID, name: "voice-reply.ogg", bytes: request!.answered!.audio }),
    ]);
  });

  it("uploads the voice of the agent's every reply into the Slack thread of the mention", async () => {
    const thread = await world.mentionOnSlack("anything new?");

    const [request] = speechAbout("echo: anything new?");
    expect(request?.voice).toBe("nova");
    expect(world.slack.messages.filter((message) => message.text.includes("echo: anything new?"))).toEqual([
      expect.objectContaining({ channel: "C1", threadTs: thread }),
    ]);
    expect(world.slack.uploads).toEqual([
      expect.objectContaining({
        channel_id: "C1",
        thread_ts: thread,
        filename: "voice-reply.ogg",
        bytes: request!.answered!.audio,
      }),
    ]);
  });

  it("counts speech in usage: its characters, priced by prices.<model>.per_1m_chars, for the agent that spoke", async () => {
    const spoken = world.model.speech.requests.filter((request) => request.answered?.status === 200).length;
    let records: Array<Record<string, unknown>> = [];
    for (const deadline = Date.now() + 30_000; records.length < spoken && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      records = (await world.usageRecords()).filter((record) => record.characters !== undefined);
    }

    expect(records).toHaveLength(spoken);
    const input = speechAbout("echo: what is on today?")[0]!.input!;
    expect(records).toContainEqual(
      expect.objectContaining({
        channel: "discord",
        agent: "talker",
        provider: "voice",
        model: "gpt-4o-mini-tts",
        promptTokens: 0,
        completionTokens: 0,
        characters: input.length,
        cost: (input.length * 12) / 1_000_000,
      }),
    );
  });

  it("neither loses nor repeats anything when killed between the text and the voice: the voice comes after the restart", async () => {
    world.answers.set("the crash case", "Here is the answer to the crash case.");
    world.model.speech.script({ type: "hang" });
    const requests = world.model.speech.requests.length;

    await world.voiceOnTelegram(888, "tell me about the crash case", false);
    await world.model.speech.arrived(requests + 1);
    await world.killAndRestart();
    await waitUntil(() => voicesIn(888).length > 0, "the voice note sent after the restart", 30_000);

    expect(world.shownOnTelegram(888).filter((text) => text.includes("crash case"))).toEqual([
      "Here is the answer to the crash case.",
    ]);
    expect(voicesIn(888)).toHaveLength(1);
    expect(voicesIn(888)[0]!.bytes).toEqual(FakeSpeechEndpoint.audioOf("Here is the answer to the crash case."));
  });
});
