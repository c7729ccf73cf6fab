import OpenAI from "openai";
import type { ChatCompletionChunk, ChatCompletionCreateParams } from "openai/resources/chat/completions";
import type { SkeinConfig } from "../config/schema.js";
import {
  type ChatRequest,
  type ChatResponse,
  type LlmProvider,
  ProviderError,
  type ProviderErrorKind,
  type ToolCall,
} from "./provider.js";

export interface OpenAIProviderOptions {
  apiKey?: string;
  /** Any OpenAI-compatible server, e.g. `http://localhost:11434/v1` (default: OpenAI). */
  baseUrl?: string;
  /** Per-request time limit in milliseconds. */
  timeoutMs?: number;
  /** Retries of 408/409/429/5xx and connection errors, with the SDK's backoff (honours Retry-After). */
  maxRetries?: number;
  /** Ask for SSE streaming and assemble the answer from its chunks. */
  stream?: boolean;
  /** Injectable for tests. */
  fetch?: typeof fetch;
}

/** Options from the `providers.openai` config section. */
export function openAIOptionsFrom(config: SkeinConfig["providers"]["openai"]): OpenAIProviderOptions {
  return {
    apiKey: config.api_key,
    baseUrl: config.base_url,
    timeoutMs: config.timeout * 1000,
    maxRetries: config.max_retries,
    stream: config.stream,
  };
}

/** Chat Completions over the official SDK: OpenAI, OpenRouter, Groq, Ollama, vLLM, LM Studio... */
export class OpenAIProvider implements LlmProvider {
  readonly name = "openai";
  readonly #client: OpenAI;
  readonly #stream: boolean;

  constructor(options: OpenAIProviderOptions = {}) {
    this.#client = new OpenAI({
      // Local servers usually need no key; the SDK insists on one.
      apiKey: options.apiKey || "not-needed",
      baseURL: options.baseUrl,
      timeout: options.timeoutMs ?? 120_000,
      maxRetries: options.maxRetries ?? 2,
      fetch: jsonWithoutContentType(options.fetch ?? globalThis.fetch),
    });
    this.#stream = options.stream ?? false;
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const params = {
      model: request.model,
      messages: request.messages as ChatCompletionCreateParams["messages"],
      ...(request.tools?.length ? { tools: request.tools } : {}),
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    };
    // The SDK adds an abort listener to the signal it is given and never removes it, so a
    // turn's signal shared by many calls would collect them: give it a per-call signal.
    const call = new AbortController();
    const forward = () => call.abort(signal?.reason);
    if (signal?.aborted) call.abort(signal.reason);
    else signal?.addEventListener("abort", forward, { once: true });
    try {
      if (this.#stream) {
        const stream = await this.#client.chat.completions.create(
          { ...params, stream: true, stream_options: { include_usage: true } },
          { signal: call.signal },
        );
        return await assembleStream(stream);
      }
      const completion = await this.#client.chat.completions.create(
        { ...params, stream: false },
        { signal: call.signal },
      );
      const choice = completion.choices?.[0];
      if (!choice) throw new ProviderError("bad-response", "the model returned no choices");
      const message = choice.message;
      return {
        content: message.content ?? null,
        // Some compatible servers leave out `type`; a call with a function is a function call.
        toolCalls: (message.tool_calls ?? []).flatMap((call) =>
          (call.type === "function" || call.type === undefined) && "function" in call && call.function
            ? [
                {
                  id: call.id,
                  type: "function" as const,
                  function: { name: call.function.name, arguments: call.function.arguments ?? "" },
                },
              ]
            : [],
        ),
        finishReason: choice.finish_reason ?? null,
        ...(completion.usage
          ? {
              usage: {
                promptTokens: completion.usage.prompt_tokens,
                completionTokens: completion.usage.completion_tokens,
              },
            }
          : {}),
      };
    } catch (error) {
      throw toProviderError(error, signal);
    } finally {
      signal?.removeEventListener("abort", forward);
    }
  }
}

/**
 * The SDK parses a body as JSON only when the answer says `application/json`; some small
 * compatible servers send JSON with no Content-Type at all, which would reach us as a string.
 */
function jsonWithoutContentType(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.headers.has("content-type") || !response.body) return response;
    const text = await response.text();
    const headers = new Headers(response.headers);
    if (/^\s*[[{]/.test(text)) headers.set("content-type", "application/json");
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  };
}

async function assembleStream(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatResponse> {
  let content = "";
  let sawContent = false;
  let finishReason: string | null = null;
  let usage: ChatResponse["usage"];
  const calls: ToolCall[] = [];
  for await (const chunk of stream) {
    if (chunk.usage)
      usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
    const choice = chunk.choices[0];
    if (!choice) continue;
    if (choice.delta.content) {
      content += choice.delta.content;
      sawContent = true;
    }
    for (const delta of choice.delta.tool_calls ?? []) {
      calls[delta.index] ??= { id: "", type: "function", function: { name: "", arguments: "" } };
      const call = calls[delta.index]!;
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.function.name += delta.function.name;
      if (delta.function?.arguments) call.function.arguments += delta.function.arguments;
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  return {
    content: sawContent ? content : null,
    toolCalls: calls.filter(Boolean),
    finishReason,
    ...(usage ? { usage } : {}),
  };
}

function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 429) return "rate-limit";
  if (status === 408) return "timeout";
  if (status >= 500 || status === 409) return "server";
  return "bad-request";
}

/** Maps whatever the SDK threw to a {@link ProviderError} with one meaning. */
export function toProviderError(error: unknown, signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof OpenAI.APIUserAbortError || signal?.aborted) {
    return new ProviderError("aborted", "the model call was cancelled", { cause: error });
  }
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ProviderError("timeout", "the model did not answer in time", { cause: error });
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new ProviderError("network", `cannot connect to the model server (${causeChain(error.cause)})`, {
      cause: error,
    });
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const kind = kindOfStatus(error.status);
    return new ProviderError(kind, `the model server answered ${error.message}`, {
      status: error.status,
      cause: error,
    });
  }
  if (error instanceof SyntaxError) {
    return new ProviderError("bad-response", `the model server sent an unreadable answer (${error.message})`, {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError("bad-response", `the model call failed: ${message}`, { cause: error });
}

/** "fetch failed: connect ECONNREFUSED ..." from an error and its causes. */
function causeChain(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current instanceof Error && parts.length < 4; current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code;
    parts.push(code && !current.message.includes(code) ? `${current.message} (${code})` : current.message);
  }
  return parts.join(": ") || "connection error";
}
