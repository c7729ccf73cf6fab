#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { httpFetch } from "./chunk-BM7US4AK.js";
import { wellFormedDeep } from "./chunk-DK6GBXFZ.js";
import { ProviderError } from "./chunk-F6NVBIKV.js";
import "./chunk-MO2C37CX.js";
import "./chunk-QK2XCNBO.js";
import { withRetry } from "./chunk-5KQWCFOI.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
import { Readable } from "node:stream";
var BodyFault = class extends Error {
  constructor(kind, message, options) {
    super(message, options);
    this.kind = kind;
  }
  kind;
  name = "BodyFault";
};
var maxTimerMs = 2 ** 31 - 1;
async function* guardBody(body, guard) {
  let source = body instanceof Readable ? body : Readable.from(body),
    fault,
    expire = (kind) => () => {
      (fault =
        kind === "deadline"
          ? new BodyFault("deadline", "the model's answer did not arrive in time")
          : new BodyFault("stalled", `the model's answer stalled (no data for ${guard.idleMs / 1e3} s)`)),
        source.destroy(fault);
    },
    deadline = setTimeout(expire("deadline"), Math.min(maxTimerMs, Math.max(0, guard.deadlineAt - Date.now())));
  deadline.unref();
  let idle = Number.isFinite(guard.idleMs) ? setTimeout(expire("stalled"), guard.idleMs).unref() : void 0,
    tail = "";
  try {
    for await (const chunk of source) {
      if ((idle?.refresh(), guard.watch && !guard.watch.sawDone)) {
        const text = tail + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1");
        (guard.watch.sawDone = text.includes("[DONE]")), (tail = text.slice(-8));
      }
      yield chunk;
    }
  } catch (error) {
    throw fault ?? asBodyFault(error);
  } finally {
    clearTimeout(deadline), clearTimeout(idle);
  }
}
function asBodyFault(error) {
  return error instanceof BodyFault || (error instanceof Error && error.name === "AbortError")
    ? error
    : new BodyFault("cut", "the connection closed before the model's answer was complete", { cause: error });
}
var StreamedError = class extends Error {
  name = "StreamedError";
};
async function assembleStream(events, signal, onTextDelta) {
  let content = "",
    sawContent = !1,
    sawDone = !1,
    finishReason = null,
    usage,
    calls = [];
  for await (const event of events) {
    if (sawDone) continue;
    if (event.data.startsWith("[DONE]")) {
      sawDone = !0;
      continue;
    }
    const chunk = JSON.parse(event.data);
    if (chunk?.error) {
      const message = chunk.error.message;
      throw new StreamedError(typeof message == "string" ? message : JSON.stringify(chunk.error));
    }
    chunk.usage && (usage = usageOf(chunk.usage));
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const text = choice.delta?.content;
    text && ((content += text), (sawContent = !0), onTextDelta?.(text));
    for (const delta of choice.delta?.tool_calls ?? []) {
      calls[delta.index] ??= { id: "", type: "function", function: { name: "", arguments: "" } };
      const call = calls[delta.index];
      delta.id && (call.id = delta.id),
        delta.function?.name && (call.function.name += delta.function.name),
        delta.function?.arguments && (call.function.arguments += delta.function.arguments);
    }
    choice.finish_reason && (finishReason = choice.finish_reason);
  }
  if ((signal.throwIfAborted(), finishReason === null && !sawDone))
    throw new BodyFault("cut", "the model's answer stream ended before it was complete");
  return {
    content: sawContent ? content : null,
    toolCalls: calls.filter(Boolean),
    finishReason,
    ...(usage ? { usage } : {}),
  };
}
function usageOf(usage) {
  const cached = usage.prompt_tokens_details?.cached_tokens;
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    ...(typeof cached == "number" && cached > 0 ? { cachedTokens: cached } : {}),
  };
}
var encoded = new WeakMap();
function jsonOf(value) {
  let json = encoded.get(value);
  return json === void 0 && ((json = JSON.stringify(wellFormedDeep(value))), encoded.set(value, json)), json;
}
var lastSystem;
function encodedMessage(message) {
  return message.role !== "system"
    ? jsonOf(message)
    : (lastSystem?.content !== message.content &&
        (lastSystem = { content: message.content, json: JSON.stringify(wellFormedDeep(message)) }),
      lastSystem.json);
}
function chatCompletionsBody(request, options) {
  const { messages } = request,
    last = messages.length - 1,
    parts = new Array(messages.length);
  for (let index = 0; index <= last; index++) {
    const message = messages[index],
      breakpoint = options.cacheControl && (index === last || (index === 0 && message.role === "system"));
    parts[index] = breakpoint ? JSON.stringify(wellFormedDeep(withCacheBreakpoint(message))) : encodedMessage(message);
  }
  let body = `{"model":${JSON.stringify(request.model)},"messages":[${parts.join(",")}]`;
  return (
    request.tools?.length && (body += `,"tools":[${request.tools.map(jsonOf).join(",")}]`),
    request.maxTokens !== void 0 && (body += `,"max_tokens":${JSON.stringify(request.maxTokens)}`),
    request.temperature !== void 0 && (body += `,"temperature":${JSON.stringify(request.temperature)}`),
    (body += options.stream ? ',"stream":true,"stream_options":{"include_usage":true}}' : ',"stream":false}'),
    body
  );
}
function withCacheBreakpoint(message) {
  const content = message.content,
    breakpoint = { cache_control: { type: "ephemeral" } };
  if (typeof content == "string" && content !== "")
    return { ...message, content: [{ type: "text", text: content, ...breakpoint }] };
  if (Array.isArray(content)) {
    const at = content.findLastIndex((part) => part.type === "text");
    return at < 0
      ? message
      : { ...message, content: content.map((part, i) => (i === at ? { ...part, ...breakpoint } : part)) };
  }
  return message;
}
var ModelStatusError = class _ModelStatusError extends Error {
    constructor(status, message, headers) {
      super(message);
      this.status = status;
      this.headers = headers;
    }
    status;
    headers;
    name = "ModelStatusError";
    static of(status, text, headers) {
      let words;
      try {
        const error = JSON.parse(text)?.error;
        error?.message
          ? (words = typeof error.message == "string" ? error.message : JSON.stringify(error.message))
          : error && (words = JSON.stringify(error));
      } catch {
        words = text || void 0;
      }
      return new _ModelStatusError(status, words ? `${status} ${words}` : `${status} status code (no body)`, headers);
    }
  },
  ModelConnectionError = class extends Error {
    name = "ModelConnectionError";
  },
  ModelTimeout = class extends Error {
    name = "ModelTimeout";
    constructor() {
      super("the model did not answer in time");
    }
  };
function classifyModelFailure(error) {
  if (error instanceof BodyFault || error instanceof ModelConnectionError || error instanceof ModelTimeout)
    return { retryable: !0 };
  if (!(error instanceof ModelStatusError)) return { retryable: !1 };
  const told = error.headers.get("x-should-retry"),
    status = error.status,
    retryable =
      told === "true" || (told !== "false" && (status === 408 || status === 409 || status === 429 || status >= 500)),
    retryAfterMs = retryAfterMsOf(error.headers);
  return retryAfterMs === void 0 ? { retryable } : { retryable, retryAfterMs };
}
function retryAfterMsOf(headers) {
  const milliseconds = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds)) return Math.max(0, milliseconds);
  const value = headers.get("retry-after");
  if (!value) return;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1e3);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : void 0;
}
function kindOfStatus(status) {
  return status === 401 || status === 403
    ? "auth"
    : status === 429
      ? "rate-limit"
      : status === 408
        ? "timeout"
        : status >= 500 || status === 409
          ? "server"
          : "bad-request";
}
function toProviderError(error, signal) {
  if (error instanceof ProviderError) return error;
  if (signal?.aborted) return new ProviderError("aborted", "the model call was cancelled", { cause: error });
  if (error instanceof BodyFault) {
    const kind = error.kind === "cut" ? "server" : "timeout";
    return new ProviderError(kind, error.message, { cause: error });
  }
  if (error instanceof ModelTimeout) return new ProviderError("timeout", error.message, { cause: error });
  if (error instanceof ModelConnectionError)
    return new ProviderError("network", `cannot connect to the model server (${causeChain(error.cause)})`, {
      cause: error,
    });
  if (error instanceof ModelStatusError)
    return new ProviderError(kindOfStatus(error.status), `the model server answered ${error.message}`, {
      status: error.status,
      cause: error,
    });
  if (error instanceof SyntaxError)
    return new ProviderError("bad-response", `the model server sent an unreadable answer (${error.message})`, {
      cause: error,
    });
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError("bad-response", `the model call failed: ${message}`, { cause: error });
}
function causeChain(error) {
  const parts = [];
  for (let current = error; current instanceof Error && parts.length < 4; current = current.cause) {
    const code = current.code;
    parts.push(code && !current.message.includes(code) ? `${current.message} (${code})` : current.message);
  }
  return parts.join(": ") || "connection error";
}
async function* sseEvents(body) {
  let decoder = new TextDecoder(),
    pending = "",
    searched = 0,
    event = null,
    data = [];
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: !0 });
    let start = 0,
      carriage = pending.indexOf("\r", searched);
    for (;;) {
      const from = Math.max(start, searched);
      carriage >= 0 && carriage < from && (carriage = pending.indexOf("\r", from));
      const end = lineEnd(pending, from, carriage);
      if (end < 0) break;
      const line = pending.slice(start, end);
      if (
        ((start = end + (pending.charCodeAt(end) === 13 && pending.charCodeAt(end + 1) === 10 ? 2 : 1)), line === "")
      ) {
        data.length > 0 &&
          (yield {
            event,
            data: data.join(`
`),
          }),
          (event = null),
          (data = []);
        continue;
      }
      const colon = line.indexOf(":");
      if (colon === 0) continue;
      let field = colon < 0 ? line : line.slice(0, colon),
        value = colon < 0 ? "" : line.slice(colon + 1);
      value.charCodeAt(0) === 32 && (value = value.slice(1)),
        field === "data" ? data.push(value) : field === "event" && (event = value);
    }
    start > 0 && (pending = pending.slice(start)), (searched = Math.max(0, pending.length - 1));
  }
}
function lineEnd(text, from, carriage) {
  const newline = text.indexOf(
    `
`,
    from,
  );
  return carriage < 0 || (newline >= 0 && newline < carriage) ? newline : carriage + 1 < text.length ? carriage : -1;
}
function deltasAcrossAttempts(onTextDelta) {
  let passedOn = 0;
  return () => {
    let seen = 0;
    return (text) => {
      const start = seen;
      if (((seen += text.length), seen <= passedOn)) return;
      const fresh = text.slice(Math.max(0, passedOn - start));
      (passedOn = seen), onTextDelta(fresh);
    };
  };
}
function openAIOptionsFrom(config, name = "openai") {
  return {
    name,
    headers: config.headers,
    apiKey: config.api_key,
    baseUrl: config.base_url,
    timeoutMs: config.timeout * 1e3,
    idleTimeoutMs: config.idle_timeout * 1e3,
    maxRetries: config.max_retries,
    stream: config.stream,
    cacheControl: config.cache_control,
  };
}
var OPENAI_BASE_URL = "https://api.openai.com/v1",
  OpenAIProvider = class {
    name;
    #url;
    #headers;
    #fetch;
    #timeoutMs;
    #idleTimeoutMs;
    #stream;
    #maxRetries;
    #retryDelayMs;
    #maxRetryAfterMs;
    #cacheControl;
    constructor(options = {}) {
      (this.name = options.name ?? "openai"),
        (this.#url = `${(options.baseUrl || OPENAI_BASE_URL).replace(/\/+$/, "")}/chat/completions`),
        (this.#headers = {
          accept: "application/json",
          "content-type": "application/json",
          "user-agent": "skein",
          authorization: `Bearer ${options.apiKey || "not-needed"}`,
          ...lowerCased(options.headers ?? {}),
        }),
        (this.#fetch = options.fetch ?? httpFetch),
        (this.#timeoutMs = options.timeoutMs ?? 12e4),
        (this.#idleTimeoutMs = Math.min(this.#timeoutMs, options.idleTimeoutMs ?? 6e4)),
        (this.#stream = options.stream ?? !1),
        (this.#maxRetries = options.maxRetries ?? 2),
        (this.#retryDelayMs = options.retryDelayMs ?? 500),
        (this.#maxRetryAfterMs = options.maxRetryAfterSeconds === void 0 ? void 0 : options.maxRetryAfterSeconds * 1e3),
        (this.#cacheControl = options.cacheControl ?? !1);
    }
    async chat(request, signal) {
      const stream = this.#stream || request.onTextDelta !== void 0,
        body = chatCompletionsBody(request, { stream, cacheControl: this.#cacheControl }),
        attemptDeltas = request.onTextDelta && deltasAcrossAttempts(request.onTextDelta);
      try {
        return await withRetry(() => this.#attempt(body, stream, signal, attemptDeltas?.()), {
          classify: (error) => (signal?.aborted ? { retryable: !1 } : classifyModelFailure(error)),
          attempts: this.#maxRetries + 1,
          baseDelayMs: this.#retryDelayMs,
          maxDelayMs: 8e3,
          ...(this.#maxRetryAfterMs === void 0 ? {} : { maxRetryAfterMs: this.#maxRetryAfterMs }),
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        throw toProviderError(error, signal);
      }
    }
    async #attempt(body, stream, signal, onTextDelta) {
      signal?.throwIfAborted();
      const startedAt = Date.now(),
        call = new AbortController(),
        forward = () => call.abort(signal?.reason);
      signal?.addEventListener("abort", forward, { once: !0 });
      try {
        const response = await this.#post(body, call);
        if (!response.ok) {
          const text = await response.text().catch(() => "");
          throw ModelStatusError.of(response.status, text, response.headers);
        }
        const guarded = response.body
          ? guardBody(response.body, {
              deadlineAt: startedAt + this.#timeoutMs,
              idleMs: stream ? this.#idleTimeoutMs : Number.POSITIVE_INFINITY,
            })
          : emptyBody();
        return stream
          ? await assembleStream(sseEvents(guarded), call.signal, onTextDelta)
          : completionOf(JSON.parse(await textOf(guarded)));
      } finally {
        signal?.removeEventListener("abort", forward);
      }
    }
    async #post(body, call) {
      let timedOut = !1,
        timer = setTimeout(() => {
          (timedOut = !0), call.abort(new ModelTimeout());
        }, this.#timeoutMs);
      try {
        return await this.#fetch(this.#url, { method: "POST", headers: this.#headers, body, signal: call.signal });
      } catch (error) {
        throw timedOut
          ? new ModelTimeout()
          : call.signal.aborted
            ? error
            : new ModelConnectionError("connection error", { cause: error });
      } finally {
        clearTimeout(timer);
      }
    }
  };
function completionOf(completion) {
  const choice = completion?.choices?.[0];
  if (!choice) throw new ProviderError("bad-response", "the model returned no choices");
  const message = choice.message ?? {};
  return {
    content: message.content ?? null,
    toolCalls: (message.tool_calls ?? []).flatMap((call) =>
      (call.type === "function" || call.type === void 0) && call.function
        ? [
            {
              id: call.id,
              type: "function",
              function: { name: call.function.name, arguments: call.function.arguments ?? "" },
            },
          ]
        : [],
    ),
    finishReason: choice.finish_reason ?? null,
    ...(completion?.usage ? { usage: usageOf(completion.usage) } : {}),
  };
}
async function textOf(body) {
  const chunks = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}
async function* emptyBody() {}
function lowerCased(headers) {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
export { OpenAIProvider, openAIOptionsFrom, toProviderError };
//# sourceMappingURL=openai-B7SKGSFA.js.map
