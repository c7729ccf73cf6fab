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
 * A local Ollama (`POST /api/chat`) for tests, spoken to by the `ollama` package
 * (test/fakes/fake-ollama.test.ts checks it). It streams NDJSON unless `stream: false` (Ollama's
 * default is to stream), tool calls as objects with no ids (whole, in one line), thinking text in
 * `message.thinking`, and a last line with `done: true`, the stop reason and token counts. It
 * refuses tool call arguments that are not objects, images that are not plain base64, and tool
 * results that do not name their tool.
 */

type Message = { role: string; content: string; images?: string[]; tool_calls?: unknown[]; tool_name?: string };

export interface OllamaBody {
  model: string;
  messages: Message[];
  tools?: unknown[];
  stream?: boolean;
  think?: boolean | string;
  options?: Record<string, unknown>;
}

export class FakeOllama extends ScriptedModel<OllamaBody> {
  private constructor() {
    super((request) => ({
      content: `echo: ${spoken(request.body.messages.filter((m) => m.role === "user").at(-1)?.content ?? "")}`,
    }));
  }

  static start(): Promise<FakeOllama> {
    return new FakeOllama().listen();
  }

  /** For `providers.ollama.base_url`: no path. */
  get baseUrl(): string {
    return this.origin;
  }

  protected accepts(request: IncomingMessage): boolean {
    return request.method === "POST" && request.url === "/api/chat";
  }

  protected errorBody(_status: number, _errorType: string | undefined, message: string): unknown {
    return { error: message };
  }

  protected check({ body }: RecordedRequest<OllamaBody>): void {
    const fail = (message: string) => {
      throw new WireViolation(message);
    };
    body.messages.forEach((message, index) => {
      for (const call of (message.tool_calls ?? []) as Array<{ function?: { arguments?: unknown } }>) {
        const args = call.function?.arguments;
        if (typeof args !== "object" || args === null || Array.isArray(args))
          fail(
            `messages[${index}]: json: cannot unmarshal ${typeof args} into Go struct field .arguments of type api.ToolCallFunctionArguments`,
          );
      }
      for (const image of message.images ?? [])
        if (!/^[A-Za-z0-9+/=]+$/.test(image)) fail(`messages[${index}]: illegal base64 data in images`);
      if (message.role === "tool" && !message.tool_name) fail(`messages[${index}]: a tool result names no tool_name`);
    });
  }

  protected answer(reply: ScriptedReply, request: RecordedRequest<OllamaBody>, response: ServerResponse): void {
    const line = (message: Record<string, unknown>, done = false) => ({
      model: request.body.model,
      created_at: new Date().toISOString(),
      message: { role: "assistant", content: "", ...message },
      done,
    });
    if (reply.type === "stream-error") {
      response.writeHead(200, { "content-type": "application/x-ndjson" });
      response.end(
        `${JSON.stringify(line({ content: "par" }))}\n${JSON.stringify({ error: "model runner has unexpectedly stopped" })}\n`,
      );
      return;
    }
    if (reply.type !== undefined && reply.type !== "message") return;
    const calls = (reply.toolCalls ?? []).map((call) => ({ function: { name: call.name, arguments: call.arguments } }));
    const last = {
      done_reason: reply.truncated ? "length" : "stop",
      total_duration: 1_000_000,
      load_duration: 1000,
      prompt_eval_count: 10,
      prompt_eval_duration: 1000,
      eval_count: 5,
      eval_duration: 1000,
    };
    if (request.body.stream === false) {
      sendJson(response, 200, {
        ...line(
          {
            content: reply.content ?? "",
            ...(reply.thinking ? { thinking: reply.thinking } : {}),
            ...(calls.length ? { tool_calls: calls } : {}),
          },
          true,
        ),
        ...last,
      });
      return;
    }
    response.writeHead(200, { "content-type": "application/x-ndjson" });
    if (reply.thinking) response.write(`${JSON.stringify(line({ thinking: reply.thinking }))}\n`);
    for (const piece of piecesOf(reply.content ?? "", reply.pieceSize))
      response.write(`${JSON.stringify(line({ content: piece }))}\n`);
    if (calls.length) response.write(`${JSON.stringify(line({ tool_calls: calls }))}\n`);
    response.end(`${JSON.stringify({ ...line({}, true), ...last })}\n`);
  }
}
