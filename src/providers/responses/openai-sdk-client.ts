import { Readable } from "node:stream";
import OpenAI from "openai";
import { type HttpFetch, httpFetch } from "../../util/http-fetch.js";
import { guardedFetch } from "../guarded-fetch.js";
import type { OpenAIProviderOptions } from "../openai.js";
import { ProviderError } from "../provider.js";
import {
  causeChain,
  commonProviderError,
  kindOfStatus,
  noLongWaits,
  unknownProviderError,
} from "../provider-errors.js";

/**
 * The official `openai` SDK's client for `options` (the Responses API's; Chat Completions has a lean client of its
 * own, openai.ts): over the lean {@link httpFetch} with every answer's body bounded (see guarded-fetch.ts), JSON read
 * even without a Content-Type.
 */
export function createOpenAIClient(options: OpenAIProviderOptions): OpenAI {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const fetchImpl = jsonWithoutContentType(options.fetch ?? httpFetch);
  return new OpenAI({
    // Local servers usually need no key; the SDK insists on one.
    apiKey: options.apiKey || "not-needed",
    baseURL: options.baseUrl,
    timeout: timeoutMs,
    maxRetries: options.maxRetries ?? 2,
    // The SDK reads from a response only what an HttpResponse has (see util/http-fetch.ts).
    fetch: guardedFetch(
      options.maxRetryAfterSeconds === undefined ? fetchImpl : noLongWaits(fetchImpl, options.maxRetryAfterSeconds),
      { deadlineMs: timeoutMs, idleMs: Math.min(timeoutMs, options.idleTimeoutMs ?? 60_000) },
    ) as unknown as typeof fetch,
    ...(options.headers && Object.keys(options.headers).length ? { defaultHeaders: options.headers } : {}),
  });
}

/**
 * The SDK parses a body as JSON only when the answer says `application/json`; some small
 * compatible servers send JSON with no Content-Type at all, which would reach us as a string.
 */
function jsonWithoutContentType(fetchImpl: HttpFetch): HttpFetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.headers.has("content-type") || !response.body) return response;
    const text = await response.text();
    if (/^\s*[[{]/.test(text)) response.headers.set("content-type", "application/json");
    return response.withBody(Readable.from([Buffer.from(text)]));
  };
}

/** Maps whatever the SDK threw to a {@link ProviderError} with one meaning. */
export function toProviderError(error: unknown, signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof OpenAI.APIUserAbortError || signal?.aborted) {
    return new ProviderError("aborted", "the model call was cancelled", { cause: error });
  }
  const common = commonProviderError(error);
  if (common) return common;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ProviderError("timeout", "the model did not answer in time", { cause: error });
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new ProviderError("network", `cannot connect to the model server (${causeChain(error.cause)})`, {
      cause: error,
    });
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    return new ProviderError(kindOfStatus(error.status), `the model server answered ${error.message}`, {
      status: error.status,
      cause: error,
    });
  }
  return unknownProviderError(error);
}
