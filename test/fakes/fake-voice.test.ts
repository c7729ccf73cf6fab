import { Api, InputFile } from "grammy";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAI } from "./fake-openai.js";
import { FakeSpeechEndpoint } from "./fake-speech.js";
import { FakeTelegram } from "./fake-telegram.js";

describe("the fakes' voice: checked against the real clients", () => {
  let telegram: FakeTelegram;
  let openai: FakeOpenAI;
  beforeAll(async () => {
    [telegram, openai] = await Promise.all([FakeTelegram.start(), FakeOpenAI.start()]);
  });
  afterAll(async () => {
    await Promise.all([telegram.close(), openai.close()]);
  });

  it("takes grammY's sendVoice as Telegram does: a multipart voice file, a voice message for Ogg, a document else", async () => {
    const api = new Api(telegram.token, { apiRoot: telegram.apiRoot });
    const ogg = Buffer.from("OggS\u0000opus frames");

    const sent = await api.sendVoice(7, new InputFile(ogg, "voice-reply.ogg"), { message_thread_id: 42 });
    await api.sendVoice(7, new InputFile(Buffer.from("ID3 mp3 frames"), "song.mp3"));

    expect(sent.voice).toMatchObject({ mime_type: "audio/ogg" });
    expect(telegram.uploads.map(({ method, type, name, thread }) => ({ method, type, name, thread }))).toEqual([
      { method: "sendVoice", type: "voice", name: "voice-reply.ogg", thread: 42 },
      { method: "sendVoice", type: "document", name: "song.mp3", thread: undefined },
    ]);
    expect(telegram.uploads[0]!.bytes).toEqual(ogg);
  });

  it("speaks to the openai SDK's audio.speech.create as OpenAI does: the audio's bytes, and 400 for an unknown voice", async () => {
    const client = new OpenAI({ apiKey: "sk-voice", baseURL: openai.baseUrl, maxRetries: 0 });

    const response = await client.audio.speech.create({
      model: "gpt-4o-mini-tts",
      voice: "alloy",
      input: "Hello there.",
      response_format: "opus",
    });
    const refused = client.audio.speech.create({ model: "gpt-4o-mini-tts", voice: "robot", input: "Hi." });

    expect(response.headers.get("content-type")).toBe("audio/ogg");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(FakeSpeechEndpoint.audioOf("Hello there."));
    await expect(refused).rejects.toMatchObject({ status: 400, param: "voice" });
    expect(openai.speech.requests[0]).toMatchObject({
      model: "gpt-4o-mini-tts",
      voice: "alloy",
      input: "Hello there.",
      response_format: "opus",
      authorization: "Bearer sk-voice",
    });
  });
});
