/**
 * The model APIs' clients side by side (`npm run bench -- --model-apis`): the CPU one model call
 * costs skein through each client (Chat Completions, Responses, Anthropic Messages, Ollama), with
 * a conversation's history of `history` messages (tool rounds included), unstreamed and streamed.
 * Each client talks to a canned server on loopback that drains the request and sends a prepared
 * answer, so the figure is the client's: building the body from the history, the SDK, HTTP,
 * reading the answer. [target: each API within 0.1 ms of Chat Completions per call]
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AnthropicProvider } from "../src/providers/anthropic/anthropic-provider.js";
import { OllamaProvider } from "../src/providers/ollama/ollama-provider.js";
import { OpenAIProvider } from "../src/providers/openai.js";
import type { ChatMessage, LlmProvider } from "../src/providers/provider.js";
import { ResponsesProvider } from "../src/providers/responses/responses-provider.js";
import type { ToolSchema } from "../src/tools/tool.js";
import { target } from "./targets.js";

const text = "Here is a short answer of a few words, like most answers in a chat.";

/** Prepared answers per path: [JSON, SSE or NDJSON]. */
const canned: Record<string, { json: string; stream: string; streamType: string }> = {
  "/v1/chat/completions": {
    json: JSON.stringify({
      id: "c",
      object: "chat.completion",
      created: 0,
      model: "m",
      choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    }),
    stream: [
      { choices: [{ index: 0, delta: { role: "assistant", content: text } }] },
      { choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
      { choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } },
    ]
      .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
      .concat("data: [DONE]\n\n")
      .join(""),
    streamType: "text/event-stream",
  },
  "/v1/responses": (() => {
    const response = {
      id: "r",
      object: "response",
      status: "completed",
      model: "m",
      output: [
        {
          id: "m",
          type: "message",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text, annotations: [] }],
        },
      ],
      usage: { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, total_tokens: 15 },
    };
    const events = [
      { type: "response.created", response: { ...response, status: "in_progress", output: [] } },
      { type: "response.output_text.delta", item_id: "m", output_index: 0, content_index: 0, delta: text },
      { type: "response.completed", response },
    ];
    return {
      json: JSON.stringify(response),
      stream: events
        .map(
          (event, index) => `event: ${event.type}\ndata: ${JSON.stringify({ ...event, sequence_number: index })}\n\n`,
        )
        .join(""),
      streamType: "text/event-stream",
    };
  })(),
  "/v1/messages": (() => {
    const usage = { input_tokens: 10, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 5 };
    const message = {
      id: "a",
      type: "message",
      role: "assistant",
      model: "m",
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage,
    };
    const events = [
      { type: "message_start", message: { ...message, content: [], stop_reason: null } },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } },
      { type: "content_block_stop", index: 0 },
      { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 5 } },
      { type: "message_stop" },
    ];
    return {
      json: JSON.stringify(message),
      stream: events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(""),
      streamType: "text/event-stream",
    };
  })(),
  "/api/chat": (() => {
    const last = {
      model: "m",
      created_at: "2026-01-01T00:00:00Z",
      message: { role: "assistant", content: "" },
      done: true,
      done_reason: "stop",
      prompt_eval_count: 10,
      eval_count: 5,
    };
    return {
      json: JSON.stringify({ ...last, message: { role: "assistant", content: text } }),
      stream: `${JSON.stringify({ ...last, done: false, message: { role: "assistant", content: text } })}\n${JSON.stringify(last)}\n`,
      streamType: "application/x-ndjson",
    };
  })(),
};

async function cannedServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answer = canned[request.url ?? ""];
      if (!answer) {
        response.writeHead(404).end();
        return;
      }
      const streamed = Buffer.concat(chunks).includes('"stream":true');
      response.writeHead(200, { "content-type": streamed ? answer.streamType : "application/json" });
      response.end(streamed ? answer.stream : answer.json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A conversation of `length` messages: questions and answers, every fourth answer a tool round. */
export function benchHistory(length: number): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: "system", content: "You are a helpful assistant. ".repeat(40) }];
  for (let turn = 0; messages.length < length; turn++) {
    messages.push({
      role: "user",
      content: `[Mon 2026-01-05 09:${String(turn % 60).padStart(2, "0")} UTC] question ${turn} about the build`,
    });
    if (turn % 4 === 3) {
      messages.push({
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: `call_${turn}`,
            type: "function",
            function: { name: "read_file", arguments: `{"path":"notes/${turn}.md"}` },
          },
        ],
      });
      messages.push({
        role: "tool",
        tool_call_id: `call_${turn}`,
        content: `notes of turn ${turn}: ${"lorem ipsum ".repeat(30)}`,
      });
    }
    messages.push({
      role: "assistant",
      content: `answer ${turn}: ${"the build is green and the tests pass. ".repeat(5)}`,
    });
  }
  return messages;
}

const tools: ToolSchema[] = Array.from({ length: 15 }, (_, index) => ({
  type: "function",
  function: {
    name: `tool_${index}`,
    description: `Tool number ${index}, which does one thing well.`,
    parameters: { type: "object", properties: { path: { type: "string", description: "a path" } }, required: ["path"] },
  },
}));

/** CPU microseconds per call of `provider` (best of 3 runs of `calls` calls), after a warm-up. */
async function cpuPerCall(
  provider: LlmProvider,
  history: ChatMessage[],
  calls: number,
  stream: boolean,
): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 4; run++) {
    const messages = [...history];
    const started = process.cpuUsage();
    for (let call = 0; call < calls; call++) {
      // A new user message each call, as in a conversation; the history before it is the same objects.
      messages.push({ role: "user", content: `question ${call}` });
      await provider.chat({ model: "m", messages, tools, ...(stream ? { onTextDelta: () => {} } : {}) });
      messages.pop();
    }
    const used = process.cpuUsage(started);
    if (run > 0) best = Math.min(best, (used.user + used.system) / calls);
  }
  return best;
}

/** Runs the bench and prints one line per API and mode; `calls` and `history` size it (small for a smoke run). */
export async function modelApisBench(options: { calls?: number; history?: number } = {}): Promise<void> {
  const calls = options.calls ?? 2000;
  const history = benchHistory(options.history ?? 100);
  const { server, origin } = await cannedServer();
  const common = { apiKey: "sk-bench", maxRetries: 0 };
  const clients: Array<[string, LlmProvider]> = [
    ["chat", new OpenAIProvider({ ...common, baseUrl: `${origin}/v1` })],
    ["responses", new ResponsesProvider({ ...common, baseUrl: `${origin}/v1` })],
    ["anthropic", new AnthropicProvider({ ...common, name: "anthropic", baseUrl: origin })],
    ["ollama", new OllamaProvider({ ...common, name: "ollama", baseUrl: origin })],
  ];
  try {
    // Every client warmed up first, so that the one measured first is not the one the JIT is still compiling.
    for (const [, client] of clients) for (const stream of [false, true]) await cpuPerCall(client, history, 20, stream);
    console.log(
      `\nModel APIs: CPU per call, ${history.length} messages of history, ${tools.length} tools, ${calls} calls`,
    );
    for (const stream of [false, true]) {
      const baseline = await cpuPerCall(clients[0]![1], history, calls, stream);
      for (const [name, client] of clients) {
        const cost = name === "chat" ? baseline : await cpuPerCall(client, history, calls, stream);
        const difference = (cost - baseline) / 1000;
        const verdict =
          name === "chat"
            ? ""
            : `  (${difference >= 0 ? "+" : ""}${difference.toFixed(3)} ms against chat) ${target(`${stream ? "streamed" : "unstreamed"} ${name} against chat`, difference, "<=", 0.1, "ms")}`;
        console.log(
          `  ${(stream ? "streamed " : "unstreamed ") + name.padEnd(10)} ${(cost / 1000).toFixed(3)} ms${verdict}`,
        );
      }
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

if (process.argv[1]?.endsWith("model-apis.ts"))
  await modelApisBench({ calls: Number(process.argv[2] ?? 50), history: Number(process.argv[3] ?? 40) });
