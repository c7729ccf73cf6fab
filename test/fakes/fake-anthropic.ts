import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { refusedPort } from "./refused-port.js";
import {
  piecesOf,
  type RecordedRequest,
  ScriptedModel,
  type ScriptedReply,
  sendJson,
  spoken,
  WireViolation,
} from "./scripted-model.js";

/**
 * A local Anthropic Messages API (`POST /v1/messages`) for tests, spoken to by the real
 * `@anthropic-ai/sdk` (test/fakes/fake-anthropic.test.ts checks it against the SDK). It answers
 * in JSON or as the documented SSE events (message_start, content_block_start/delta/stop,
 * message_delta, message_stop, ping, error), with thinking blocks signed by the fake, tool_use
 * blocks and usage. It refuses (400, as the API does) what the API refuses: no key, an unknown
 * `anthropic-version`, sampling parameters under 2026-10-21, no `max_tokens`, messages that do
 * not alternate from a user message, a tool_use without its tool_result in the next message, an
 * id outside `^[a-zA-Z0-9_-]+$`, more than 4 cache breakpoints, a thinking budget under 1024 or
 * not under `max_tokens`, a thinking block changed (or with fields of its own) or missing from the
 * answer a tool loop continues, an image whose bytes are not its media type, an empty text block.
 * Its prompt cache is simulated: every prefix ending at a breakpoint is written, and a request
 * reads the longest cached prefix it starts with (tokens counted as 4 bytes each).
 */

type Block = { type: string } & Record<string, unknown>;

export interface AnthropicBody {
  model: string;
  max_tokens?: number;
  system?: Block[] | string;
  messages: Array<{ role: string; content: Block[] | string }>;
  tools?: Array<Record<string, unknown>>;
  thinking?: { type: string; budget_tokens?: number };
  stream?: boolean;
  [key: string]: unknown;
}

/** The usage the fake reported for one request. */
export interface CacheUsage {
  input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

const idPattern = /^[a-zA-Z0-9_-]+$/;
const versions = new Set(["2023-06-01", "2026-10-21"]);

/** The text of a message's content (text blocks joined), without skein's wrapper. */
export function anthropicText(content: Block[] | string | undefined): string {
  if (typeof content === "string") return spoken(content);
  return spoken((content ?? []).map((block) => (block.type === "text" ? String(block.text) : "")).join(""));
}

export class FakeAnthropic extends ScriptedModel<AnthropicBody> {
  /** The usage reported per request, in order. */
  readonly usages: CacheUsage[] = [];
  readonly #signatures = new Map<string, string>();
  readonly #cached = new Set<string>();

  private constructor() {
    super((request) => ({ content: `echo: ${anthropicText(request.body.messages.at(-1)?.content)}` }));
  }

  static start(): Promise<FakeAnthropic> {
    return new FakeAnthropic().listen();
  }

  /** A base URL where connections are refused, held until `release()`. */
  static async refused(): Promise<{ baseUrl: string; release: () => Promise<void> }> {
    const port = await refusedPort();
    return { baseUrl: `http://127.0.0.1:${port.port}`, release: () => port.release() };
  }

  /** For `providers.<name>.base_url` / ANTHROPIC_BASE_URL: no path. */
  get baseUrl(): string {
    return this.origin;
  }

  protected accepts(request: IncomingMessage): boolean {
    return request.method === "POST" && request.url?.split("?")[0] === "/v1/messages";
  }

  protected errorBody(status: number, errorType: string | undefined, message: string): unknown {
    const type =
      errorType ?? (status === 529 ? "overloaded_error" : status >= 500 ? "api_error" : "invalid_request_error");
    return { type: "error", error: { type, message } };
  }

  protected check({ body, headers }: RecordedRequest<AnthropicBody>): void {
    const fail = (message: string) => {
      throw new WireViolation(message);
    };
    if (!headers["x-api-key"] && !/^Bearer \S+/.test(String(headers.authorization ?? ""))) fail("no API key");
    const version = String(headers["anthropic-version"] ?? "");
    if (!versions.has(version)) fail(`anthropic-version: unknown version "${version}"`);
    if (version === "2026-10-21")
      for (const key of ["temperature", "top_p", "top_k"]) if (key in body) fail(`${key}: not supported`);
    if (typeof body.max_tokens !== "number") fail("max_tokens: Field required");
    const messages = body.messages;
    if (!Array.isArray(messages) || messages.length === 0) fail("messages: at least one message is required");
    if (messages[0]!.role !== "user") fail("messages: the first message must use the user role");
    let breakpoints = 0;
    const count = (block: Record<string, unknown>) => {
      if (block.cache_control) breakpoints++;
    };
    for (const tool of body.tools ?? []) count(tool);
    if (Array.isArray(body.system)) for (const block of body.system) count(block);
    messages.forEach((message, index) => {
      if (index > 0 && messages[index - 1]!.role === message.role) fail(`messages.${index}: roles must alternate`);
      const blocks = typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
      for (const block of blocks) {
        count(block);
        this.#checkBlock(block, index, fail);
      }
      const uses = blocks.filter((block) => block.type === "tool_use").map((block) => String(block.id));
      if (uses.length === 0) return;
      const next = messages[index + 1];
      if (!next) return;
      const nextBlocks = Array.isArray(next.content) ? next.content : [];
      const results = nextBlocks.filter((block) => block.type === "tool_result").map((block) => block.tool_use_id);
      for (const id of uses)
        if (!results.includes(id))
          fail(`messages.${index + 1}: tool_use ids were found without tool_result blocks: ${id}`);
      const firstOther = nextBlocks.findIndex((block) => block.type !== "tool_result");
      if (firstOther >= 0 && nextBlocks.slice(firstOther).some((block) => block.type === "tool_result"))
        fail(`messages.${index + 1}: tool_result blocks must come first`);
    });
    if (breakpoints > 4) fail(`A maximum of 4 blocks with cache_control may be provided. Found ${breakpoints}.`);
    if (body.thinking?.type === "enabled") {
      const budget = body.thinking.budget_tokens ?? 0;
      if (budget < 1024) fail("thinking.budget_tokens: must be at least 1024");
      if (budget >= (body.max_tokens ?? 0)) fail("max_tokens must be greater than thinking.budget_tokens");
      const last = messages.at(-1)!;
      const previous = messages.at(-2);
      const continuesLoop =
        Array.isArray(last.content) && last.content.some((block) => block.type === "tool_result") && previous;
      if (continuesLoop && Array.isArray(previous.content) && !previous.content[0]?.type.endsWith("thinking"))
        fail(
          "Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block",
        );
    }
  }

  #checkBlock(block: Block, index: number, fail: (message: string) => void): void {
    if (block.type === "text" && !block.text) fail(`messages.${index}: text content blocks must be non-empty`);
    if (block.type === "tool_use" && !idPattern.test(String(block.id)))
      fail(`messages.${index}.content.id: String should match pattern '^[a-zA-Z0-9_-]+$'`);
    if (block.type === "tool_result" && !idPattern.test(String(block.tool_use_id)))
      fail(`messages.${index}.content.tool_use_id: String should match pattern '^[a-zA-Z0-9_-]+$'`);
    if (block.type === "thinking") {
      const keys = Object.keys(block).sort().join(",");
      if (keys !== "signature,thinking,type") fail(`messages.${index}: thinking block has extra fields (${keys})`);
      if (this.#signatures.get(String(block.signature)) !== block.thinking)
        fail(`messages.${index}: Invalid \`signature\` in \`thinking\` block`);
    }
    if (block.type === "image") {
      const source = block.source as { type: string; media_type: string; data: string };
      const bytes = Buffer.from(source.data.slice(0, 16), "base64");
      const actual =
        bytes.subarray(0, 4).toString("hex") === "89504e47"
          ? "image/png"
          : bytes.subarray(0, 3).toString("hex") === "ffd8ff"
            ? "image/jpeg"
            : source.media_type;
      if (actual !== source.media_type)
        fail(`messages.${index}: Image does not match the provided media type ${source.media_type}`);
    }
  }

  /** The simulated prompt cache: reads the longest cached prefix, writes every prefix that ends at a breakpoint. */
  #usageOf(body: AnthropicBody): CacheUsage {
    const strip = (block: Record<string, unknown>) => {
      const { cache_control: marked, ...rest } = block;
      return { item: JSON.stringify(rest), marked: marked !== undefined };
    };
    const items = [
      ...(body.tools ?? []).map(strip),
      ...(Array.isArray(body.system) ? body.system : body.system ? [{ type: "text", text: body.system }] : []).map(
        strip,
      ),
      ...body.messages.flatMap((message) =>
        (typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content).map(
          (block) => strip({ role: message.role, ...block }),
        ),
      ),
    ];
    let prefix = "";
    let read = 0;
    let written = 0;
    for (const { item, marked } of items) {
      prefix += `${item},`;
      if (this.#cached.has(prefix)) read = prefix.length;
      if (marked) {
        this.#cached.add(prefix);
        written = prefix.length;
      }
    }
    const tokens = (bytes: number) => Math.ceil(bytes / 4);
    const creation = written > read ? tokens(written) - tokens(read) : 0;
    return {
      input_tokens: tokens(prefix.length) - tokens(read) - creation,
      cache_read_input_tokens: tokens(read),
      cache_creation_input_tokens: creation,
    };
  }

  protected answer(reply: ScriptedReply, request: RecordedRequest<AnthropicBody>, response: ServerResponse): void {
    const usage = this.#usageOf(request.body);
    this.usages.push(usage);
    const stream = request.body.stream === true;
    if (reply.type === "stream-error") {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(event("message_start", { type: "message_start", message: this.#message([], null, usage) }));
      response.end(
        event("error", {
          type: "error",
          error: { type: reply.errorType ?? "overloaded_error", message: "Overloaded" },
        }),
      );
      return;
    }
    if (reply.type !== undefined && reply.type !== "message") return;
    const blocks: Block[] = [];
    if (reply.thinking) {
      const signature = `sig_${createHash("sha256").update(reply.thinking).digest("base64url").slice(0, 24)}`;
      this.#signatures.set(signature, reply.thinking);
      blocks.push({ type: "thinking", thinking: reply.thinking, signature });
    }
    if (reply.content) blocks.push({ type: "text", text: reply.content });
    for (const call of reply.toolCalls ?? [])
      blocks.push({
        type: "tool_use",
        id: `toolu_01${randomBytes(8).toString("hex")}`,
        name: call.name,
        input: call.arguments,
      });
    const stopReason = reply.truncated ? "max_tokens" : reply.toolCalls?.length ? "tool_use" : "end_turn";
    if (!stream) {
      sendJson(response, 200, this.#message(blocks, stopReason, { ...usage, output_tokens: 5 }));
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    response.write(event("message_start", { type: "message_start", message: this.#message([], null, usage) }));
    response.write(event("ping", { type: "ping" }));
    blocks.forEach((block, index) => {
      const start =
        block.type === "text"
          ? { type: "text", text: "" }
          : block.type === "thinking"
            ? { type: "thinking", thinking: "", signature: "" }
            : { ...block, input: {} };
      response.write(event("content_block_start", { type: "content_block_start", index, content_block: start }));
      const delta = (payload: Record<string, unknown>) =>
        response.write(event("content_block_delta", { type: "content_block_delta", index, delta: payload }));
      if (block.type === "text")
        for (const piece of piecesOf(String(block.text), reply.pieceSize)) delta({ type: "text_delta", text: piece });
      if (block.type === "thinking") {
        for (const piece of piecesOf(String(block.thinking))) delta({ type: "thinking_delta", thinking: piece });
        delta({ type: "signature_delta", signature: block.signature });
      }
      if (block.type === "tool_use")
        for (const piece of piecesOf(JSON.stringify(block.input)))
          delta({ type: "input_json_delta", partial_json: piece });
      response.write(event("content_block_stop", { type: "content_block_stop", index }));
    });
    response.write(
      event("message_delta", {
        type: "message_delta",
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: 5 },
      }),
    );
    response.end(event("message_stop", { type: "message_stop" }));
  }

  #message(content: Block[], stopReason: string | null, usage: CacheUsage & { output_tokens?: number }) {
    return {
      id: `msg_01${randomBytes(8).toString("hex")}`,
      type: "message",
      role: "assistant",
      model: "claude-test",
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { output_tokens: 1, ...usage },
    };
  }
}

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}
