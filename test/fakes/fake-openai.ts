import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { within } from "../support/within.js";
import { FakeSpeechEndpoint } from "./fake-speech.js";
import { heldUntilResumed } from "./held-requests.js";
import { refusedPort } from "./refused-port.js";

/**
 * A local OpenAI-compatible Chat Completions server for tests, spoken to by the real
 * `openai` SDK over a real socket. Replies are scripted: a queue of replies (taken in
 * order), or a responder function that sees each request. It answers in JSON, or as
 * SSE chunks when the request has `stream: true`, tool calls included. It also transcribes
 * audio at `/audio/transcriptions` (multipart `file` and `model`, as OpenAI; `.oga` is
 * refused as OpenAI refuses it), answering with {@link FakeOpenAI.transcript}, and speaks text at
 * `/audio/speech` (see {@link FakeSpeechEndpoint}).
 */

/** A content part of a user message (text, or an image as a URL). */
export interface FakeContentPart {
  type: string;
  text?: string;
  image_url?: { url: string };
}

/** The text of a message's content, parts included. */
export function contentText(content: string | null | undefined | FakeContentPart[]): string {
  if (Array.isArray(content)) return content.map((part) => part.text ?? "").join("");
  return content ?? "";
}

/**
 * What the person wrote in a user message: its text without the wrapper skein starts each
 * user message with (`[Fri 2025-01-31 09:05 UTC, from Ada (id 7)] `).
 */
export function spokenText(content: string | null | undefined | FakeContentPart[]): string {
  return contentText(content).replace(
    /^\[(?:Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC[^\]\n]*\] /,
    "",
  );
}

/** An audio upload the fake transcribed. */
export interface FakeTranscription {
  model: string;
  fileName: string;
  bytes: Buffer;
  authorization?: string;
}

export interface ScriptedToolCall {
  id?: string;
  name: string;
  /** A JSON string (sent as is, even if invalid) or a value to serialise. */
  arguments: string | Record<string, unknown>;
}

export type FakeReply =
  | {
      type?: "message";
      content?: string | null;
      toolCalls?: ScriptedToolCall[];
      delayMs?: number;
      /** Default: "tool_calls" with tool calls, else "stop" ("length": cut off by the output limit). */
      finishReason?: string;
      /** Streamed text comes in pieces of this many characters, `pieceDelayMs` apart (default: two halves at once). */
      pieces?: { size: number; delayMs: number };
      /** Streamed tool-call arguments come in deltas of this many characters, as a model writes them (default: two halves). */
      argumentPieces?: number;
      /** Of the 10 prompt tokens the usage reports, those the prompt cache served (`prompt_tokens_details.cached_tokens`). */
      cachedTokens?: number;
    }
  /** An HTTP error answer, e.g. 429 with `retry-after`, or 500. */
  | { type: "error"; status: number; body?: unknown; headers?: Record<string, string> }
  /** A raw 200 answer (e.g. a body that is not JSON). */
  | { type: "raw"; status?: number; body: string; contentType?: string }
  /** Never answers (until the client gives up or the server closes). */
  | { type: "hang" }
  /**
   * Sends the headers and then nothing more (`after: "headers"`), or the first part of the
   * answer and then nothing more (`after: "first-part"`: the first text chunk of a stream,
   * half of a JSON body).
   */
  | { type: "stall"; after: "headers" | "first-part"; content?: string }
  /**
   * The answer ends early: a stream stops after its first text chunk with no finish reason
   * and no `[DONE]` (the response itself ends cleanly); a JSON body is half sent and the
   * connection dropped.
   */
  | { type: "cut"; content?: string }
  /** 401 with OpenAI's body, which quotes the API key the request carried. */
  | { type: "unauthorized" };

/** A recorded request: the parsed JSON body plus headers. */
export interface FakeRequest {
  body: {
    model: string;
    messages: Array<{
      role: string;
      content?: string | null | FakeContentPart[];
      tool_calls?: unknown[];
      tool_call_id?: string;
      name?: string;
    }>;
    tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
    stream?: boolean;
    [key: string]: unknown;
  };
  headers: IncomingMessage["headers"];
}

export type Responder = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/** Answers with `echo: <last user message>` (without its wrapper): the default when nothing is scripted. */
export const echoResponder: Responder = (request) => {
  const lastUser = [...request.body.messages].reverse().find((message) => message.role === "user");
  return { content: `echo: ${spokenText(lastUser?.content)}` };
};

/** The usage every answer reports: 10 prompt and 5 completion tokens, and the cached ones when the reply says so. */
function usageOf(reply: FakeReply) {
  const cached = reply.type === undefined || reply.type === "message" ? reply.cachedTokens : undefined;
  return {
    prompt_tokens: 10,
    completion_tokens: 5,
    total_tokens: 15,
    ...(cached === undefined ? {} : { prompt_tokens_details: { cached_tokens: cached } }),
  };
}

export class FakeOpenAI {
  readonly requests: FakeRequest[] = [];
  readonly transcriptions: FakeTranscription[] = [];
  /** What /audio/transcriptions answers. */
  transcript = "please summarise the attached report";
  /** `/audio/speech`: its requests, and the answers scripted for it. */
  readonly speech = new FakeSpeechEndpoint();
  #queue: FakeReply[] = [];
  #responder: Responder = echoResponder;
  readonly #hanging = new Set<ServerResponse>();
  #waiters: Array<{ count: number; resolve: () => void }> = [];
  /** While set, answers wait for it (see {@link FakeOpenAI.holdAnswers}). */
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;
  readonly #heldCount = { count: 0 };

  private constructor(
    private readonly server: Server,
    /** Base URL including `/v1`, for `OPENAI_BASE_URL` / `providers.openai.base_url`. */
    readonly baseUrl: string,
  ) {}

  /** A base URL where connections are refused (nothing listens), held until `release()`. */
  static async refused(): Promise<{ baseUrl: string; release: () => Promise<void> }> {
    const port = await refusedPort();
    return { baseUrl: `http://127.0.0.1:${port.port}/v1`, release: () => port.release() };
  }

  /** Starts a server on 127.0.0.1 on a free port. */
  static async start(): Promise<FakeOpenAI> {
    let fake!: FakeOpenAI;
    const server = createServer((request, response) => void fake.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeOpenAI(server, `http://127.0.0.1:${port}/v1`);
    return fake;
  }

  /** Queues replies, used one per request in order before the responder is asked. */
  reply(...replies: FakeReply[]): this {
    this.#queue.push(...replies);
    return this;
  }

  /** Answers every request that finds the queue empty. */
  respondWith(responder: Responder): this {
    this.#responder = responder;
    return this;
  }

  /** Resolves once at least `count` chat completion requests have arrived (answered or not). */
  waitForRequests(count: number): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    const arrived = new Promise<void>((resolve) => this.#waiters.push({ count, resolve }));
    return within(arrived, `${count} chat completion requests`, () => `${this.requests.length} requests`);
  }

  /**
   * Holds every answer (scripted or not) until {@link FakeOpenAI.releaseAnswers}: the model
   * "thinks" for as long as a test needs, e.g. to kill the daemon mid-turn. An answer whose
   * client went away meanwhile is not sent.
   */
  holdAnswers(): void {
    this.#held ??= new Promise((resolve) => {
      this.#release = resolve;
    });
  }

  /** Answers held for a client still connected. */
  get heldAnswers(): number {
    return this.#heldCount.count;
  }

  /** Sends the held answers and stops holding. */
  releaseAnswers(): void {
    this.#release?.();
    this.#held = undefined;
    this.#release = undefined;
  }

  /** How many requests asked the model to answer a last user message containing `text`. */
  callsAbout(text: string): number {
    return this.requests.filter((request) =>
      contentText(request.body.messages.findLast((message) => message.role === "user")?.content).includes(text),
    ).length;
  }

  /** Requests to /chat/completions received so far. */
  get completions(): FakeRequest[] {
    return this.requests;
  }

  async close(): Promise<void> {
    for (const response of this.#hanging) response.destroy();
    this.speech.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = request.url ?? "";
    if (request.method === "GET" && url.endsWith("/models")) {
      send(response, 200, { object: "list", data: [{ id: "fake-model", object: "model", owned_by: "fake" }] });
      return;
    }
    if (request.method === "POST" && url === "/v1/audio/transcriptions") {
      await this.#transcribe(request, Buffer.concat(chunks), response);
      return;
    }
    if (request.method === "POST" && url === "/v1/audio/speech") {
      this.speech.serve(request, Buffer.concat(chunks), response);
      return;
    }
    if (request.method !== "POST" || !url.endsWith("/chat/completions")) {
      send(response, 404, { error: { message: `no route ${request.method} ${url}`, type: "invalid_request_error" } });
      return;
    }
    const recorded: FakeRequest = {
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
      headers: request.headers,
    };
    this.requests.push(recorded);
    this.#waiters = this.#waiters.filter((waiter) => {
      if (this.requests.length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
    const reply = this.#queue.shift() ?? (await this.#responder(recorded));
    if (this.#held && !(await heldUntilResumed(this.#held, request, this.#heldCount))) return;
    await this.answer(recorded, reply, response);
  }

  async #transcribe(request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<void> {
    const contentType = request.headers["content-type"] ?? "";
    if (!contentType.startsWith("multipart/form-data")) {
      send(response, 400, { error: { message: "expected multipart/form-data", type: "invalid_request_error" } });
      return;
    }
    const form = await new Response(body, { headers: { "content-type": contentType } }).formData();
    const file = form.get("file");
    const model = form.get("model");
    if (!file || typeof file === "string" || typeof model !== "string") {
      send(response, 400, { error: { message: "file and model are required", type: "invalid_request_error" } });
      return;
    }
    if (!/\.(flac|m4a|mp3|mp4|mpeg|mpga|oga|ogg|wav|webm)$/i.test(file.name) || /\.oga$/i.test(file.name)) {
      send(response, 400, {
        error: {
          message:
            "Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'ogg', 'wav', 'webm']",
          type: "invalid_request_error",
        },
      });
      return;
    }
    const authorization = request.headers.authorization;
    this.transcriptions.push({
      model,
      fileName: file.name,
      bytes: Buffer.from(await file.arrayBuffer()),
      ...(authorization ? { authorization } : {}),
    });
    send(response, 200, { text: this.transcript });
  }

  private async answer(request: FakeRequest, reply: FakeReply, response: ServerResponse): Promise<void> {
    switch (reply.type) {
      case "error":
        send(
          response,
          reply.status,
          reply.body ?? { error: { message: `fake error ${reply.status}`, type: "server_error" } },
          reply.headers,
        );
        return;
      case "raw":
        response.writeHead(reply.status ?? 200, { "content-type": reply.contentType ?? "application/json" });
        response.end(reply.body);
        return;
      case "hang":
        this.#hold(response);
        return;
      case "unauthorized": {
        const key = String(request.headers.authorization ?? "").replace(/^Bearer /, "");
        send(response, 401, {
          error: {
            message: `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`,
            type: "invalid_request_error",
            param: null,
            code: "invalid_api_key",
          },
        });
        return;
      }
      case "stall":
      case "cut":
        this.#breakOff(request, reply, response);
        return;
      default:
        break;
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({
      id: call.id ?? `call_${this.requests.length}_${index}`,
      type: "function" as const,
      function: {
        name: call.name,
        arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
      },
    }));
    const content = reply.content ?? (toolCalls.length ? null : "");
    const finishReason = reply.finishReason ?? (toolCalls.length ? "tool_calls" : "stop");
    const id = `chatcmpl-${this.requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    if (!request.body.stream) {
      send(response, 200, {
        id,
        object: "chat.completion",
        created,
        model: request.body.model,
        choices: [
          {
            index: 0,
            message: { role: "assistant", content, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
            finish_reason: finishReason,
          },
        ],
        usage: usageOf(reply),
      });
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: request.body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    response.write(chunk({ role: "assistant", content: "" }));
    if (content) {
      if (reply.pieces) {
        // Written as a model writes: piece by piece, over time.
        for (let start = 0; start < content.length; start += reply.pieces.size) {
          if (start > 0) await new Promise((resolve) => setTimeout(resolve, reply.pieces!.delayMs));
          response.write(chunk({ content: content.slice(start, start + reply.pieces.size) }));
        }
      } else {
        // Split the text in two deltas so clients must join them.
        const half = Math.ceil(content.length / 2);
        response.write(chunk({ content: content.slice(0, half) }));
        if (content.length > half) response.write(chunk({ content: content.slice(half) }));
      }
    }
    for (const [index, call] of toolCalls.entries()) {
      const args = call.function.arguments;
      const half = Math.ceil(args.length / 2);
      response.write(
        chunk({
          tool_calls: [{ index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } }],
        }),
      );
      const size = Math.max(1, reply.argumentPieces ?? half);
      for (let start = 0, pieces = 1; start < args.length; start += size, pieces++) {
        response.write(chunk({ tool_calls: [{ index, function: { arguments: args.slice(start, start + size) } }] }));
        // Many pieces are written as a server streams them, letting this process serve others meanwhile.
        if (pieces % 256 === 0) await new Promise((resolve) => setImmediate(resolve));
        if (response.destroyed) return;
      }
    }
    response.write(chunk({}, finishReason));
    if ((request.body.stream_options as { include_usage?: boolean } | undefined)?.include_usage) {
      response.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: request.body.model, choices: [], usage: usageOf(reply) })}\n\n`,
      );
    }
    response.end("data: [DONE]\n\n");
  }

  /** Keeps a response open without answering until the client gives up or the fake closes. */
  #hold(response: ServerResponse): void {
    this.#hanging.add(response);
    response.on("close", () => this.#hanging.delete(response));
  }

  /** A stalled or cut answer (see {@link FakeReply}), on the wire as a real server would break it. */
  #breakOff(
    request: FakeRequest,
    reply: { type: "stall" | "cut"; after?: string; content?: string },
    response: ServerResponse,
  ): void {
    const content = reply.content ?? "The answer is forty";
    const model = request.body.model;
    if (request.body.stream) {
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      if (reply.type === "stall" && reply.after === "headers") {
        response.flushHeaders();
        this.#hold(response);
        return;
      }
      const chunk = (delta: Record<string, unknown>) =>
        `data: ${JSON.stringify({ id: "chatcmpl-cut", object: "chat.completion.chunk", created: 0, model, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
      response.write(chunk({ role: "assistant", content: "" }) + chunk({ content }));
      if (reply.type === "cut") response.end();
      else this.#hold(response);
      return;
    }
    const body = JSON.stringify({
      id: "chatcmpl-cut",
      object: "chat.completion",
      created: 0,
      model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    });
    response.writeHead(200, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) });
    if (reply.type === "stall" && reply.after === "headers") response.flushHeaders();
    else response.write(body.slice(0, Math.floor(body.length / 2)));
    if (reply.type === "cut") response.destroy();
    else this.#hold(response);
  }
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}
