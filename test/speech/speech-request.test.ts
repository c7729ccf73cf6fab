import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestSpeech } from "../../src/speech/speech-request.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { FakeSpeechEndpoint } from "../fakes/fake-speech.js";

describe("a speech request to an OpenAI-compatible /audio/speech", () => {
  let openai: FakeOpenAI;
  let html: Server;
  let htmlUrl: string;
  beforeAll(async () => {
    openai = await FakeOpenAI.start();
    html = createServer((_request, response) => response.writeHead(200, { "content-type": "text/html" }).end("<p>hi"));
    await new Promise<void>((resolve) => html.listen(0, "127.0.0.1", resolve));
    htmlUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await openai.close();
    await new Promise((resolve) => html.close(resolve));
  });

  const speak = (overrides: Partial<Parameters<typeof requestSpeech>[0]> = {}) =>
    requestSpeech({
      baseUrl: `${openai.baseUrl}/`,
      apiKey: "sk-a",
      headers: { "x-team": "blue" },
      model: "gpt-4o-mini-tts",
      voice: "alloy",
      input: "Hello.",
      timeoutMs: 5_000,
      ...overrides,
    });

  it("answers the endpoint's Ogg Opus bytes as they came", async () => {
    expect(await speak()).toEqual({ type: "audio", audio: FakeSpeechEndpoint.audioOf("Hello.") });
    expect(openai.speech.requests.at(-1)).toMatchObject({ response_format: "opus", authorization: "Bearer sk-a" });
  });

  it("says the status and the endpoint's message when it refuses (an unknown voice)", async () => {
    const result = await speak({ voice: "robot" });
    expect(result).toEqual({ type: "failed", cause: expect.stringMatching(/^HTTP 400: Invalid value: 'robot'/) });
  });

  it("fails an answer that is not audio, a refused connection and a cancelled call, each with its cause", async () => {
    expect(await speak({ baseUrl: htmlUrl })).toEqual({
      type: "failed",
      cause: "the endpoint answered text/html, not audio",
    });
    const refused = await FakeOpenAI.refused();
    expect(await speak({ baseUrl: refused.baseUrl })).toEqual({ type: "failed", cause: "ECONNREFUSED" });
    await refused.release();
    openai.speech.script({ type: "hang" });
    const controller = new AbortController();
    const cancelled = speak({ signal: controller.signal });
    await openai.speech.arrived(openai.speech.requests.length + 1);
    controller.abort();
    expect(await cancelled).toEqual({ type: "failed", cause: "cancelled (shutting down)" });
  });
});
