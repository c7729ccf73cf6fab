import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
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
 * A local OpenAI Responses API (`POST /v1/responses`) for tests, spoken to by the real `openai`
 * SDK (test/fakes/fake-responses.test.ts checks it). It answers with a response object, or as the
 * documented SSE events (response.created, output_item.added/done, output_text.delta,
 * function_call_arguments.delta, response.completed), a reasoning item (with encrypted content,
 * only when asked for with `include`) before what a scripted `thinking` leads to. It refuses what
 * the API refuses a stateless reasoning model: `store` not false, a function_call_output without
 * its function_call, a reasoning item changed, or a function_call sent back without the reasoning
 * item that preceded it.
 */

type Item = Record<string, unknown>;

export interface ResponsesBody {
  model: string;
  input: Item[] | string;
  instructions?: string;
  tools?: Item[];
  store?: boolean;
  include?: string[];
  reasoning?: { effort?: string };
  stream?: boolean;
  [key: string]: unknown;
}

/** The text of an input message item's content, without skein's wrapper. */
export function responsesText(content: unknown): string {
  if (typeof content === "string") return spoken(content);
  if (!Array.isArray(content)) return "";
  return spoken(content.map((part: { text?: string }) => part.text ?? "").join(""));
}

export class FakeResponses extends ScriptedModel<ResponsesBody> {
  /** Reasoning items issued, by id, as issued. */
  readonly #reasoning = new Map<string, string>();
  /** The reasoning item that preceded each function call issued, by call_id. */
  readonly #reasonedCalls = new Map<string, string>();

  private constructor() {
    super((request) => {
      const input = Array.isArray(request.body.input) ? request.body.input : [];
      const user = input.filter((item) => item.role === "user").at(-1);
      return { content: `echo: ${responsesText(user?.content)}` };
    });
  }

  static start(): Promise<FakeResponses> {
    return new FakeResponses().listen();
  }

  /** For `providers.<name>.base_url`: ends in `/v1`, as openai's. */
  get baseUrl(): string {
    return `${this.origin}/v1`;
  }

  protected accepts(request: IncomingMessage): boolean {
    return request.method === "POST" && request.url?.split("?")[0] === "/v1/responses";
  }

  protected errorBody(status: number, errorType: string | undefined, message: string): unknown {
    return {
      error: { message, type: errorType ?? (status >= 500 ? "server_error" : "invalid_request_error"), code: null },
    };
  }

  protected check({ body }: RecordedRequest<ResponsesBody>): void {
    const fail = (message: string) => {
      throw new WireViolation(message);
    };
    if (body.store !== false) fail("store: this fake serves stateless requests only (store: false)");
    const input = Array.isArray(body.input) ? body.input : [];
    const calls = new Set<string>();
    input.forEach((item, index) => {
      if (item.type === "reasoning") {
        if (this.#reasoning.get(String(item.id)) !== JSON.stringify(item))
          fail(`input[${index}]: reasoning item ${String(item.id)} is not as it was given`);
      }
      if (item.type === "function_call") {
        if (typeof item.arguments !== "string") fail(`input[${index}].arguments: expected a string`);
        calls.add(String(item.call_id));
        const reasoning = this.#reasonedCalls.get(String(item.call_id));
        if (reasoning) {
          if (!input.slice(0, index).some((earlier) => earlier.id === reasoning))
            fail(`Item of type 'function_call' was provided without its required 'reasoning' item: '${reasoning}'`);
        }
      }
      if (item.type === "function_call_output" && !calls.has(String(item.call_id)))
        fail(`No tool call found for function call output with call_id ${String(item.call_id)}`);
    });
  }

  protected answer(reply: ScriptedReply, request: RecordedRequest<ResponsesBody>, response: ServerResponse): void {
    if (reply.type === "stream-error") {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end(
        sse({ type: "error", code: "server_error", message: "The server had an error", sequence_number: 0 }),
      );
      return;
    }
    if (reply.type !== undefined && reply.type !== "message") return;
    const output: Item[] = [];
    if (reply.thinking) {
      const item: Item = { id: `rs_${randomBytes(8).toString("hex")}`, type: "reasoning", summary: [] };
      if (request.body.include?.includes("reasoning.encrypted_content"))
        item.encrypted_content = `enc_${Buffer.from(reply.thinking).toString("base64")}`;
      this.#reasoning.set(String(item.id), JSON.stringify(item));
      output.push(item);
    }
    if (reply.content)
      output.push({
        id: `msg_${randomBytes(8).toString("hex")}`,
        type: "message",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: reply.content, annotations: [] }],
      });
    for (const call of reply.toolCalls ?? []) {
      const callId = `call_${randomBytes(8).toString("hex")}`;
      if (reply.thinking) this.#reasonedCalls.set(callId, String(output[0]!.id));
      output.push({
        id: `fc_${randomBytes(8).toString("hex")}`,
        type: "function_call",
        status: "completed",
        call_id: callId,
        name: call.name,
        arguments: JSON.stringify(call.arguments),
      });
    }
    const final = {
      id: `resp_${randomBytes(8).toString("hex")}`,
      object: "response",
      created_at: Math.floor(Date.now() / 1000),
      model: request.body.model,
      status: reply.truncated ? "incomplete" : "completed",
      incomplete_details: reply.truncated ? { reason: "max_output_tokens" } : null,
      error: null,
      output,
      usage: {
        input_tokens: 10,
        input_tokens_details: { cached_tokens: 4 },
        output_tokens: 5,
        output_tokens_details: { reasoning_tokens: reply.thinking ? 3 : 0 },
        total_tokens: 15,
      },
    };
    if (request.body.stream !== true) {
      sendJson(response, 200, final);
      return;
    }
    let sequence = 0;
    const send = (data: Item) => response.write(sse({ ...data, sequence_number: sequence++ }));
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const started = { ...final, status: "in_progress", output: [], usage: null };
    send({ type: "response.created", response: started });
    send({ type: "response.in_progress", response: started });
    output.forEach((item, index) => {
      if (item.type === "message") {
        const text = String((item.content as Array<{ text: string }>)[0]!.text);
        send({
          type: "response.output_item.added",
          output_index: index,
          item: { ...item, status: "in_progress", content: [] },
        });
        const part = { type: "output_text", text: "", annotations: [] };
        send({ type: "response.content_part.added", item_id: item.id, output_index: index, content_index: 0, part });
        for (const delta of piecesOf(text, reply.pieceSize))
          send({
            type: "response.output_text.delta",
            item_id: item.id,
            output_index: index,
            content_index: 0,
            delta,
            logprobs: [],
          });
        send({
          type: "response.output_text.done",
          item_id: item.id,
          output_index: index,
          content_index: 0,
          text,
          logprobs: [],
        });
        send({
          type: "response.content_part.done",
          item_id: item.id,
          output_index: index,
          content_index: 0,
          part: { ...part, text },
        });
      } else if (item.type === "function_call") {
        send({
          type: "response.output_item.added",
          output_index: index,
          item: { ...item, status: "in_progress", arguments: "" },
        });
        for (const delta of piecesOf(String(item.arguments)))
          send({ type: "response.function_call_arguments.delta", item_id: item.id, output_index: index, delta });
        send({
          type: "response.function_call_arguments.done",
          item_id: item.id,
          output_index: index,
          arguments: item.arguments,
          name: item.name,
        });
      } else {
        send({ type: "response.output_item.added", output_index: index, item });
      }
      send({ type: "response.output_item.done", output_index: index, item });
    });
    send({ type: reply.truncated ? "response.incomplete" : "response.completed", response: final });
    response.end();
  }
}

function sse(data: Item): string {
  return `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
}
