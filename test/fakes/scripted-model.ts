import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { within } from "../support/within.js";

/**
 * What the fakes of the native model APIs (Anthropic Messages, OpenAI Responses, Ollama) share:
 * a local server on a free port that records every request (body and headers), answers from a
 * queue of scripted replies or a responder, and refuses a request that breaks the API's rules
 * with the API's own 400 (so a client that sends the wrong shape fails its test).
 */

/** A tool call a scripted answer makes. */
export interface ScriptedCall {
  name: string;
  arguments: Record<string, unknown>;
}

export type ScriptedReply =
  | {
      type?: "message";
      content?: string;
      toolCalls?: ScriptedCall[];
      /** Thinking (Anthropic), reasoning (Responses) or thinking text (Ollama) before the answer: never to be shown. */
      thinking?: string;
      /** The answer was cut by the output limit. */
      truncated?: boolean;
      /** Streamed text comes in pieces of this many characters (default: two halves). */
      pieceSize?: number;
    }
  /** An HTTP error answer with the API's error body. */
  | { type: "error"; status: number; errorType?: string; message?: string }
  /** A streamed answer that starts and then fails with an error event (Anthropic's `overloaded_error`). */
  | { type: "stream-error"; errorType?: string }
  /** 401 whose body quotes the key the request carried (as OpenAI's does), to check that no log shows it. */
  | { type: "unauthorized" };

/** A recorded request: its parsed JSON body, raw text and headers. */
export interface RecordedRequest<Body> {
  path: string;
  body: Body;
  text: string;
  headers: IncomingMessage["headers"];
}

/** Rule-breaking in a request: the message of the API's 400. */
export class WireViolation extends Error {}

export abstract class ScriptedModel<Body> {
  readonly requests: Array<RecordedRequest<Body>> = [];
  /** Requests refused for breaking the API's rules, with why. */
  readonly violations: string[] = [];
  #queue: ScriptedReply[] = [];
  #responder: (request: RecordedRequest<Body>) => ScriptedReply;
  #waiters: Array<{ count: number; resolve: () => void }> = [];
  #server!: Server;
  /** `http://127.0.0.1:<port>`. */
  origin = "";

  constructor(defaultResponder: (request: RecordedRequest<Body>) => ScriptedReply) {
    this.#responder = defaultResponder;
  }

  /** Starts listening on 127.0.0.1 on a free port. */
  async listen(): Promise<this> {
    this.#server = createServer((request, response) => void this.#handle(request, response));
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  /** Queues replies, used one per request in order before the responder is asked. */
  reply(...replies: ScriptedReply[]): this {
    this.#queue.push(...replies);
    return this;
  }

  /** Answers every request that finds the queue empty. */
  respondWith(responder: (request: RecordedRequest<Body>) => ScriptedReply): this {
    this.#responder = responder;
    return this;
  }

  /** Resolves once at least `count` requests have arrived. */
  waitForRequests(count: number): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    const arrived = new Promise<void>((resolve) => this.#waiters.push({ count, resolve }));
    return within(arrived, `${count} model requests`, () => `${this.requests.length} requests`);
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** Whether the request is for this API (path and method). */
  protected abstract accepts(request: IncomingMessage): boolean;
  /** Throws a {@link WireViolation} when the request breaks the API's rules. */
  protected abstract check(request: RecordedRequest<Body>): void;
  /** Sends the answer `reply` makes, in the API's wire format. */
  protected abstract answer(reply: ScriptedReply, request: RecordedRequest<Body>, response: ServerResponse): void;
  /** The API's error body for an HTTP error. */
  protected abstract errorBody(status: number, errorType: string | undefined, message: string): unknown;

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (!this.accepts(request)) {
      sendJson(response, 404, this.errorBody(404, "not_found_error", `no route ${request.method} ${request.url}`));
      return;
    }
    const text = Buffer.concat(chunks).toString("utf8");
    const recorded: RecordedRequest<Body> = {
      path: request.url ?? "",
      body: JSON.parse(text) as Body,
      text,
      headers: request.headers,
    };
    this.requests.push(recorded);
    this.#waiters = this.#waiters.filter((waiter) => {
      if (this.requests.length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
    try {
      this.check(recorded);
    } catch (error) {
      if (!(error instanceof WireViolation)) throw error;
      this.violations.push(error.message);
      sendJson(response, 400, this.errorBody(400, "invalid_request_error", error.message));
      return;
    }
    const reply = this.#queue.shift() ?? this.#responder(recorded);
    if (reply.type === "error") {
      sendJson(
        response,
        reply.status,
        this.errorBody(reply.status, reply.errorType, reply.message ?? "scripted error"),
      );
      return;
    }
    if (reply.type === "unauthorized") {
      const key = String(request.headers["x-api-key"] ?? request.headers.authorization ?? "").replace(/^Bearer /, "");
      sendJson(response, 401, this.errorBody(401, "authentication_error", `invalid x-api-key: ${key}`));
      return;
    }
    this.answer(reply, recorded, response);
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** The pieces a streamed text is sent in. */
export function piecesOf(text: string, size?: number): string[] {
  if (!text) return [];
  const step = size ?? Math.max(1, Math.ceil(text.length / 2));
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += step) pieces.push(text.slice(at, at + step));
  return pieces;
}

/** What the person wrote in a user message's text: without skein's `[time, from ...]` wrapper. */
export function spoken(text: string): string {
  return text.replace(/^\[(?:Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC[^\]\n]*\] /, "");
}
