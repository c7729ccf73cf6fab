import type { Logger } from "pino";
import { type ModelRef, resolveModel } from "../config/model-ref.js";
import { type ChatRequest, type ChatResponse, type LlmProvider, ProviderError } from "./provider.js";

/** One `providers.<name>` endpoint as the router sees it. */
export interface RoutedProvider {
  name: string;
  client: LlmProvider;
  /** Seconds this provider is skipped after it failed (default 60). */
  cooldownSeconds?: number;
  /** Known context windows in tokens, per model. */
  contextWindows?: Record<string, number>;
}

export interface ModelRouterOptions {
  /** In configuration order: a bare model name goes to the first. */
  providers: RoutedProvider[];
  /** `agents.defaults.fallbacks`: models tried in order when the requested one fails. */
  fallbacks: string[];
  log: Logger;
  /** Epoch milliseconds; injectable for tests. */
  now?: () => number;
}

/** What `/status` shows about the model layer. */
export interface ModelRouterStatus {
  providers: Array<{ name: string; coolingDownUntil?: number; lastError?: string }>;
  failovers: number;
  lastFailover?: { at: number; from: string; to: string; reason: string };
}

/** What the router does after a model call failed. */
type Verdict = "fail-over" | "larger-window" | "give-up";

/**
 * Routes each call to its provider and fails over along `agents.defaults.fallbacks` when
 * the model is unreachable, times out, is rate-limited or fails with a 5xx after its
 * retries. A provider that failed is skipped for its cooldown while another candidate is
 * left. A 400/401/403 does not fail over (a fallback would fail the same), except a
 * context-length error, which goes to a fallback with a larger known context window.
 * The answer is the fallback's, word for word; only the log and {@link status} tell.
 */
export class ModelRouter implements LlmProvider {
  readonly name = "router";
  readonly #providers: Map<string, RoutedProvider>;
  /** Provider names in configuration order (the first takes bare model names). */
  readonly #names: string[];
  readonly #fallbacks: string[];
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #coolingUntil = new Map<string, number>();
  readonly #lastError = new Map<string, string>();
  #failovers = 0;
  #lastFailover: ModelRouterStatus["lastFailover"];

  constructor(options: ModelRouterOptions) {
    const first = options.providers[0];
    if (!first) throw new Error("the model router needs at least one provider");
    this.#providers = new Map(options.providers.map((provider) => [provider.name, provider]));
    this.#names = options.providers.map((provider) => provider.name);
    this.#fallbacks = options.fallbacks;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
  }

  /** What a model name resolves to here (see {@link resolveModel}). */
  resolve(name: string): ModelRef {
    return resolveModel(name, this.#names);
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const chain = this.#chain(request.model);
    const requested = chain[0]!;
    const skipped: ModelRef[] = [];
    let failure: { ref: ModelRef; error: ProviderError; verdict: Verdict } | undefined;
    const attempt = async (ref: ModelRef): Promise<ChatResponse | undefined> => {
      try {
        const response = await this.#providers.get(ref.provider)!.client.chat({ ...request, model: ref.model }, signal);
        if (ref !== requested) this.#noteFailover(requested, ref, failure?.error);
        return { ...response, servedBy: ref };
      } catch (error) {
        if (!(error instanceof ProviderError) || error.kind === "aborted" || signal?.aborted) throw error;
        const verdict = verdictOn(error);
        this.#lastError.set(ref.provider, error.message);
        if (verdict === "fail-over") this.#coolDown(ref.provider);
        failure = { ref, error, verdict };
        this.#log.warn(
          { provider: ref.provider, model: ref.model, kind: error.kind, status: error.status, error: error.message },
          verdict === "give-up" ? "model call failed" : "model call failed; trying the next fallback",
        );
        return undefined;
      }
    };

    for (const ref of chain) {
      if (failure?.verdict === "give-up") break;
      if (failure?.verdict === "larger-window" && !this.#hasLargerWindow(ref, failure.ref)) continue;
      if (this.#isCooling(ref.provider)) {
        skipped.push(ref);
        continue;
      }
      const response = await attempt(ref);
      if (response) return response;
    }
    // Every candidate left was cooling down: better to try one again than to give up unasked.
    if (failure?.verdict !== "give-up") {
      for (const ref of skipped) {
        if (failure?.verdict === "larger-window" && !this.#hasLargerWindow(ref, failure.ref)) continue;
        this.#log.info({ provider: ref.provider, model: ref.model }, "trying a provider that is cooling down");
        const response = await attempt(ref);
        if (response) return response;
      }
    }
    if (!failure) throw new ProviderError("bad-request", `no provider can serve the model ${request.model}`);
    failure.error.provider ??= failure.ref.provider;
    throw failure.error;
  }

  /** Cooldowns, last errors and failovers, for `/status`. */
  status(): ModelRouterStatus {
    const now = this.#now();
    return {
      providers: [...this.#providers.keys()].map((name) => {
        const until = this.#coolingUntil.get(name);
        const lastError = this.#lastError.get(name);
        return {
          name,
          ...(until !== undefined && until > now ? { coolingDownUntil: until } : {}),
          ...(lastError ? { lastError } : {}),
        };
      }),
      failovers: this.#failovers,
      ...(this.#lastFailover ? { lastFailover: this.#lastFailover } : {}),
    };
  }

  /** The requested model, then each fallback not already in the chain. */
  #chain(model: string): ModelRef[] {
    const seen = new Set<string>();
    const chain: ModelRef[] = [];
    for (const name of [model, ...this.#fallbacks]) {
      const ref = this.resolve(name);
      const key = `${ref.provider}/${ref.model}`;
      if (seen.has(key)) continue;
      seen.add(key);
      chain.push(ref);
    }
    return chain;
  }

  #isCooling(provider: string): boolean {
    return (this.#coolingUntil.get(provider) ?? 0) > this.#now();
  }

  #coolDown(provider: string): void {
    const seconds = this.#providers.get(provider)?.cooldownSeconds ?? 60;
    if (seconds > 0) this.#coolingUntil.set(provider, this.#now() + seconds * 1000);
  }

  /** The context window `providers.<name>.context_windows` gives the model `name` resolves to, if any. */
  contextWindow(name: string): number | undefined {
    return this.#windowOf(this.resolve(name));
  }

  #windowOf(ref: ModelRef): number | undefined {
    return this.#providers.get(ref.provider)?.contextWindows?.[ref.model];
  }

  #hasLargerWindow(candidate: ModelRef, failed: ModelRef): boolean {
    const window = this.#windowOf(candidate);
    if (window === undefined) return false;
    const failedWindow = this.#windowOf(failed);
    return failedWindow === undefined || window > failedWindow;
  }

  #noteFailover(from: ModelRef, to: ModelRef, error: ProviderError | undefined): void {
    this.#failovers++;
    const reason = error ? `${error.kind}: ${error.message}` : "cooling down";
    this.#lastFailover = { at: this.#now(), from: nameOf(from), to: nameOf(to), reason };
    this.#log.warn({ from: nameOf(from), to: nameOf(to), reason }, "answered by a fallback model");
  }
}

const nameOf = (ref: ModelRef) => `${ref.provider}/${ref.model}`;

/** Whether a failed call goes to the next fallback, only to a larger window, or nowhere. */
function verdictOn(error: ProviderError): Verdict {
  if (error.retryable) return "fail-over";
  if (isContextLengthError(error)) return "larger-window";
  return "give-up";
}

/** A 400 saying the conversation does not fit the model's context window. */
export function isContextLengthError(error: ProviderError): boolean {
  if (error.kind !== "bad-request") return false;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  if (code === "context_length_exceeded") return true;
  const text = `${error.message} ${(error.cause as Error | undefined)?.message ?? ""}`;
  return /context[ _-]?(length|window)|maximum context|too many tokens|prompt is too long/i.test(text);
}
