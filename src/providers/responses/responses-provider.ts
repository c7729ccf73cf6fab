/**
 * OpenAI's Responses API over the official `openai` SDK (the same client as Chat Completions,
 * over the lean {@link httpFetch}): `store: false` with the reasoning's encrypted content
 * included, so that a reasoning model's reasoning items travel with the history and go back
 * unchanged before the function calls they led to. The thinking level is `reasoning.effort`.
 */
import type OpenAI from "openai";
import type { ModelProviderConfig } from "../../config/schema.js";
import { withRetry } from "../../util/retry.js";
import { wellFormedDeep } from "../../util/well-formed.js";
import { BodyFault } from "../guarded-fetch.js";
import { memoizedPerMessage } from "../message-memo.js";
import { type OpenAIProviderOptions, openAIOptionsFrom } from "../openai.js";
import { type ChatRequest, type ChatResponse, type LlmProvider, requestMessages } from "../provider.js";
import { withCallSignal } from "../provider-errors.js";
import { deltasAcrossAttempts } from "../text-deltas.js";
import { createOpenAIClient, toProviderError } from "./openai-sdk-client.js";
import {
  assembleResponsesStream,
  failureAsProviderError,
  ResponsesFailure,
  type ResponsesStreamEvent,
  responseOfAnswer,
} from "./responses-answer.js";
import { responsesInput, responsesItemsOf } from "./responses-input.js";

/** Options from a `providers.<name>` config section (its base URL ends in `/v1`, as openai's). */
export function responsesOptionsFrom(config: ModelProviderConfig, name: string): OpenAIProviderOptions {
  return openAIOptionsFrom(config, name);
}

export class ResponsesProvider implements LlmProvider {
  readonly name: string;
  readonly #client: OpenAI;
  readonly #stream: boolean;
  readonly #maxRetries: number;
  readonly #retryDelayMs: number;
  readonly #itemsOf = memoizedPerMessage(responsesItemsOf);

  constructor(options: OpenAIProviderOptions) {
    this.name = options.name ?? "openai";
    this.#client = createOpenAIClient(options);
    this.#stream = options.stream ?? false;
    this.#maxRetries = options.maxRetries ?? 2;
    this.#retryDelayMs = options.retryDelayMs ?? 500;
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    try {
      const attemptDeltas = request.onTextDelta && deltasAcrossAttempts(request.onTextDelta);
      return await withRetry(() => this.#attempt(request, signal, attemptDeltas?.()), {
        classify: (error) => ({
          retryable: (error instanceof BodyFault || error instanceof ResponsesFailure) && !signal?.aborted,
        }),
        attempts: this.#maxRetries + 1,
        baseDelayMs: this.#retryDelayMs,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw error instanceof ResponsesFailure ? failureAsProviderError(error) : toProviderError(error, signal);
    }
  }

  /** The request body (without `stream`). */
  body(request: ChatRequest): Record<string, unknown> {
    const level = request.thinking && request.thinking !== "off" ? request.thinking : undefined;
    return wellFormedDeep({
      model: request.model,
      input: responsesInput(requestMessages(request), this.#itemsOf),
      store: false,
      include: ["reasoning.encrypted_content"],
      ...(request.tools?.length
        ? {
            tools: request.tools.map((tool) => ({
              type: "function",
              name: tool.function.name,
              description: tool.function.description,
              parameters: tool.function.parameters,
              strict: false,
            })),
          }
        : {}),
      ...(request.maxTokens !== undefined ? { max_output_tokens: request.maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(level ? { reasoning: { effort: level } } : {}),
    });
  }

  async #attempt(
    request: ChatRequest,
    signal: AbortSignal | undefined,
    onTextDelta?: (text: string) => void,
  ): Promise<ChatResponse> {
    const body = this.body(request) as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming;
    return withCallSignal(signal, async (callSignal) => {
      if (this.#stream || onTextDelta) {
        const stream = await this.#client.responses.create({ ...body, stream: true }, { signal: callSignal });
        return assembleResponsesStream(stream as AsyncIterable<ResponsesStreamEvent>, callSignal, onTextDelta);
      }
      const answer = await this.#client.responses.create(body, { signal: callSignal });
      return responseOfAnswer(answer as unknown as Parameters<typeof responseOfAnswer>[0]);
    });
  }
}
