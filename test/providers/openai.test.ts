import { getEventListeners } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OpenAIProvider } from "../../src/providers/openai.js";
import { type ChatRequest, ProviderError } from "../../src/providers/provider.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { within } from "../support/within.js";

const request: ChatRequest = { model: "fake-model", messages: [{ role: "user", content: "hi" }] };
const fastRetry = { "retry-after-ms": "1" };

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("the OpenAI-compatible provider (Chat Completions over the lean HTTP client)", () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await FakeOpenAI.start();
  });
  afterAll(() => fake.close());
  const provider = (options: ConstructorParameters<typeof OpenAIProvider>[0] = {}) =>
    new OpenAIProvider({ baseUrl: fake.baseUrl, apiKey: "sk-test", maxRetries: 2, ...options });

  it("sends the model, messages, tools and limits, and returns text and tool calls", async () => {
    fake.reply({ content: "thinking", toolCalls: [{ id: "c1", name: "read_file", arguments: { path: "a" } }] });
    const before = fake.requests.length;
    const tools = [
      {
        type: "function" as const,
        function: { name: "read_file", description: "read", parameters: { type: "object" } },
      },
    ];
    const response = await provider().chat({ ...request, tools, maxTokens: 100, temperature: 0.2 });
    expect(response).toEqual({
      content: "thinking",
      toolCalls: [{ id: "c1", type: "function", function: { name: "read_file", arguments: '{"path":"a"}' } }],
      finishReason: "tool_calls",
      usage: { promptTokens: 10, completionTokens: 5 },
    });
    const sent = fake.requests[before]!;
    expect(sent.body).toMatchObject({ model: "fake-model", max_tokens: 100, temperature: 0.2, tools });
    expect(sent.headers.authorization).toBe("Bearer sk-test");
  });

  it("leaves no abort listener behind on the caller's signal, however many calls share it", async () => {
    const turn = new AbortController();
    for (const stream of [false, true]) {
      for (let call = 0; call < 12; call++) await provider({ stream }).chat(request, turn.signal);
    }
    expect(getEventListeners(turn.signal, "abort")).toHaveLength(0);
  });

  it("takes a tool call whose type a compatible server left out as a function call", async () => {
    const message = {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "c9", function: { name: "list_directory", arguments: '{"path":"."}' } }],
    };
    fake.reply({
      type: "raw",
      body: JSON.stringify({ choices: [{ index: 0, message, finish_reason: "tool_calls" }] }),
    });
    const response = await provider().chat(request);
    expect(response.toolCalls).toEqual([
      { id: "c9", type: "function", function: { name: "list_directory", arguments: '{"path":"."}' } },
    ]);
  });

  it("reads a JSON answer that comes without a Content-Type header", async () => {
    const server = createServer((_request, response) => {
      response.end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: "assistant", content: "no header" }, finish_reason: "stop" }],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const bare = new OpenAIProvider({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        apiKey: "k",
      });
      expect((await bare.chat(request)).content).toBe("no header");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("leaves tools out of a call without tools", async () => {
    const before = fake.requests.length;
    await provider().chat({ ...request, tools: [] });
    expect(fake.requests[before]!.body).not.toHaveProperty("tools");
  });

  it("uses a placeholder key for local servers that need none", async () => {
    const before = fake.requests.length;
    await new OpenAIProvider({ baseUrl: fake.baseUrl, maxRetries: 0 }).chat(request);
    expect(fake.requests[before]!.headers.authorization).toBe("Bearer not-needed");
  });

  it("retries a 429 and a 500, honouring retry-after, then succeeds", async () => {
    fake.reply(
      { type: "error", status: 429, headers: fastRetry, body: { error: { message: "slow down", type: "rate_limit" } } },
      { type: "error", status: 500, headers: fastRetry },
      { content: "third time lucky" },
    );
    const before = fake.requests.length;
    expect((await provider().chat(request)).content).toBe("third time lucky");
    expect(fake.requests.length - before).toBe(3);
  });

  it("gives up after max retries with a rate-limit error", async () => {
    const busy = {
      type: "error" as const,
      status: 429,
      headers: fastRetry,
      body: { error: { message: "slow down", type: "rate_limit" } },
    };
    fake.reply(busy, busy, busy);
    const error = await failure(provider().chat(request));
    expect(error).toMatchObject({ kind: "rate-limit", status: 429, retryable: true });
    expect(error.message).toMatch(/slow down/);
  });

  it("does not retry a 401 and reports it as an auth failure", async () => {
    fake.reply({
      type: "error",
      status: 401,
      body: { error: { message: "Incorrect API key", type: "invalid_request_error" } },
    });
    const before = fake.requests.length;
    expect(await failure(provider().chat(request))).toMatchObject({ kind: "auth", status: 401, retryable: false });
    expect(fake.requests.length - before).toBe(1);
  });

  it("reports a 400 as a bad request", async () => {
    fake.reply({
      type: "error",
      status: 400,
      body: { error: { message: "context too long", type: "invalid_request_error" } },
    });
    expect(await failure(provider().chat(request))).toMatchObject({ kind: "bad-request", status: 400 });
  });

  it("reports a 200 whose body is not JSON as a bad response", async () => {
    fake.reply({ type: "raw", body: "<html>gateway</html>" });
    expect(await failure(provider({ maxRetries: 0 }).chat(request))).toMatchObject({ kind: "bad-response" });
  });

  it("reports an answer without choices as a bad response", async () => {
    fake.reply({ type: "raw", body: JSON.stringify({ id: "x", object: "chat.completion", choices: [] }) });
    expect(await failure(provider().chat(request))).toMatchObject({
      kind: "bad-response",
      message: "the model returned no choices",
    });
  });

  it("reports a request the caller aborted as aborted", async () => {
    fake.reply({ type: "hang" });
    const controller = new AbortController();
    const before = fake.requests.length;
    const pending = provider().chat(request, controller.signal);
    await fake.waitForRequests(before + 1);
    controller.abort();
    expect(await failure(pending)).toMatchObject({ kind: "aborted" });
  });

  it("reports a server that does not answer within the timeout as a timeout", async () => {
    // A server of its own: on a loaded machine the 50 ms may pass before the request is sent, and a
    // "hang" left queued on the shared fake would be the answer to the next test's request.
    const silent = (await FakeOpenAI.start()).respondWith(() => ({ type: "hang" }));
    try {
      const timedOut = new OpenAIProvider({ baseUrl: silent.baseUrl, apiKey: "sk-test", timeoutMs: 50, maxRetries: 0 });
      expect(await failure(timedOut.chat(request))).toMatchObject({ kind: "timeout", retryable: true });
    } finally {
      await silent.close();
    }
  });

  it("reports a server that cannot be reached as a network failure", async () => {
    const closed = await FakeOpenAI.start();
    const url = closed.baseUrl;
    await closed.close();
    const error = await failure(new OpenAIProvider({ baseUrl: url, maxRetries: 0 }).chat(request));
    expect(error).toMatchObject({ kind: "network", retryable: true });
    expect(error.message).toMatch(/^cannot connect to the model server \(.*ECONNREFUSED/);
  });

  describe("with streaming", () => {
    it("joins streamed text and assembles tool calls by index", async () => {
      fake.reply({
        content: "Let me look.",
        toolCalls: [
          { id: "a", name: "read_file", arguments: { path: "one.txt" } },
          { id: "b", name: "list_directory", arguments: { path: "." } },
        ],
      });
      const before = fake.requests.length;
      const response = await provider({ stream: true }).chat(request);
      expect(fake.requests[before]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      expect(response).toEqual({
        content: "Let me look.",
        toolCalls: [
          { id: "a", type: "function", function: { name: "read_file", arguments: '{"path":"one.txt"}' } },
          { id: "b", type: "function", function: { name: "list_directory", arguments: '{"path":"."}' } },
        ],
        finishReason: "tool_calls",
        usage: { promptTokens: 10, completionTokens: 5 },
      });
    });

    it("retries a 500 before the stream starts", async () => {
      fake.reply({ type: "error", status: 500, headers: fastRetry }, { content: "streamed fine" });
      expect((await provider({ stream: true }).chat(request)).content).toBe("streamed fine");
    });
  });
});

describe("a broken SSE stream", () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(
        'data: {"id":"1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"par"}}]}\n\n',
      );
      if (request.url?.includes("/error/")) response.end('data: {"error":{"message":"the GPU caught fire"}}\n\n');
      else response.end("data: {this is not json\n\n");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("is reported as a bad response", async () => {
    const error = await failure(new OpenAIProvider({ baseUrl, maxRetries: 0, stream: true }).chat(request));
    expect(error.kind).toBe("bad-response");
  });

  it("that carries an error object instead of a chunk is reported as a bad response with the server's words", async () => {
    const provider = new OpenAIProvider({ baseUrl: `${baseUrl}/error`, maxRetries: 0, stream: true });
    const error = await failure(provider.chat(request));
    expect(error.kind).toBe("bad-response");
    expect(error.message).toContain("the GPU caught fire");
  });
});

describe("a model answer that breaks after its headers", () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await FakeOpenAI.start();
  });
  afterAll(() => fake.close());
  const provider = (options: ConstructorParameters<typeof OpenAIProvider>[0] = {}) =>
    new OpenAIProvider({
      baseUrl: fake.baseUrl,
      apiKey: "sk-test",
      maxRetries: 1,
      retryDelayMs: 1,
      timeoutMs: 2_000,
      idleTimeoutMs: 200,
      ...options,
    });
  const sentSince = (before: number) => fake.requests.length - before;

  it("retries a stream that ends with neither a finish reason nor [DONE], instead of taking it as the answer", async () => {
    fake.reply({ type: "cut", content: "The answer is forty" }, { content: "The answer is forty-two." });
    const before = fake.requests.length;
    const response = await provider({ stream: true }).chat(request);
    expect(response.content).toBe("The answer is forty-two.");
    expect(sentSince(before)).toBe(2);
  });

  it("reports a stream cut short on every try as a retryable server failure", async () => {
    fake.reply({ type: "cut" }, { type: "cut" });
    const error = await failure(provider({ stream: true }).chat(request));
    expect(error).toMatchObject({ kind: "server", retryable: true });
    expect(error.message).toMatch(/ended before it was complete/);
  });

  it("takes a stream that ends with [DONE] but no finish reason as complete", async () => {
    const chunk = { id: "1", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: "fine" } }] };
    fake.reply({
      type: "raw",
      contentType: "text/event-stream",
      body: `data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`,
    });
    expect((await provider({ stream: true }).chat(request)).content).toBe("fine");
  });

  it("retries a JSON answer whose connection drops half way through the body", async () => {
    fake.reply({ type: "cut" }, { content: "complete" });
    const before = fake.requests.length;
    expect((await provider().chat(request)).content).toBe("complete");
    expect(sentSince(before)).toBe(2);
  });

  it("retries a JSON body that stalls after the headers once the whole-call deadline passes", async () => {
    fake.reply({ type: "stall", after: "headers" }, { content: "second try" });
    const before = fake.requests.length;
    expect((await provider({ timeoutMs: 300 }).chat(request)).content).toBe("second try");
    expect(sentSince(before)).toBe(2);
  });

  it("retries a JSON body that stalls half way through", async () => {
    fake.reply({ type: "stall", after: "first-part" }, { content: "second try" });
    expect((await provider({ timeoutMs: 300 }).chat(request)).content).toBe("second try");
  });

  it("retries a stream that sends its headers and then nothing, after the idle limit", async () => {
    fake.reply({ type: "stall", after: "headers" }, { content: "streamed on the second try" });
    expect((await provider({ stream: true }).chat(request)).content).toBe("streamed on the second try");
  });

  it("retries a stream that stalls between chunks, after the idle limit", async () => {
    fake.reply({ type: "stall", after: "first-part" }, { content: "streamed on the second try" });
    expect((await provider({ stream: true }).chat(request)).content).toBe("streamed on the second try");
  });

  it("reports a stream that stalls on every try as a timeout", async () => {
    fake.reply({ type: "stall", after: "first-part" }, { type: "stall", after: "first-part" });
    const error = await failure(provider({ stream: true }).chat(request));
    expect(error).toMatchObject({ kind: "timeout", retryable: true });
  });

  it("stops waiting on a stalled stream when the caller aborts, as an abort", async () => {
    fake.reply({ type: "stall", after: "first-part" });
    const turn = new AbortController();
    let partArrived!: () => void;
    const firstPart = new Promise<void>((resolve) => {
      partArrived = resolve;
    });
    const pending = provider({ stream: true, idleTimeoutMs: 60_000 }).chat(
      { ...request, onTextDelta: () => partArrived() },
      turn.signal,
    );
    // Aborted once the first part has come and the stream has gone quiet.
    await within(firstPart, "the stream's first part", () => `${fake.requests.length} requests`);
    turn.abort(new Error("turn over"));
    expect((await failure(pending)).kind).toBe("aborted");
  });

  it("passes a finish reason of length on with the text", async () => {
    fake.reply({ content: "A long story that", finishReason: "length" });
    expect(await provider({ stream: true }).chat(request)).toMatchObject({
      content: "A long story that",
      finishReason: "length",
    });
  });

  it("streams an answer to onTextDelta piece by piece, even with providers.openai.stream off", async () => {
    fake.reply({ content: "Hello there, streaming world" });
    const before = fake.requests.length;
    const pieces: string[] = [];
    const response = await provider({ stream: false }).chat({ ...request, onTextDelta: (text) => pieces.push(text) });
    expect(fake.requests[before]!.body.stream).toBe(true);
    expect(fake.requests[before]!.body).not.toHaveProperty("onTextDelta");
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe("Hello there, streaming world");
    expect(response.content).toBe("Hello there, streaming world");
  });

  it("repeats no text to onTextDelta when a cut stream is retried", async () => {
    fake.reply({ type: "cut", content: "The answer is forty" }, { content: "The answer is forty-two." });
    const pieces: string[] = [];
    const response = await provider({ retryDelayMs: 1 }).chat({ ...request, onTextDelta: (text) => pieces.push(text) });
    expect(pieces.join("")).toBe("The answer is forty-two.");
    expect(response.content).toBe("The answer is forty-two.");
  });
});
