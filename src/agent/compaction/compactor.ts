import type { Logger } from "pino";
import type { ChatMessage, LlmProvider } from "../../providers/provider.js";
import type { ToolContext, ToolSchema } from "../../tools/tool.js";
import { historyWindow } from "../context/context.js";
import type { SessionContext, SessionSummary } from "../sessions/session-summary.js";
import type { HistoryView } from "../sessions/stored-history.js";
import type { ToolCatalog } from "../turn/tool-loop.js";
import { flushMemory } from "./memory-flush.js";
import { splitIndex } from "./split.js";
import { summarise } from "./summariser.js";
import { summaryMessages } from "./summary-prompt.js";
import { TokenMeter } from "./token-count.js";

/** `agents.defaults.compaction`. */
export interface CompactionSettings {
  /** Share of the model's context window a turn's context may fill before it is compacted. */
  threshold: number;
  /** Turns kept verbatim after the summary. */
  keep_recent: number;
  /** The model that writes summaries (default: the chat's). */
  model?: string | undefined;
  /** Let the model store durable facts with the memory tools before a compaction. */
  memory_flush: boolean;
  /** Seconds a turn waits at most for a compaction (memory flush and summary together). */
  timeout: number;
}

/**
 * Summary requests one compaction makes at most (each carries up to half the window of transcript).
 * A conversation compacted as it grows needs one or two; more means a history stored before
 * compaction, whose oldest parts are skipped rather than making every turn wait for the timeout.
 */
const MAX_SUMMARY_PARTS = 4;

/** The context window assumed for a model without a `providers.<name>.context_windows` entry. */
export const DEFAULT_CONTEXT_WINDOW = 128_000;

export interface CompactorOptions {
  settings: CompactionSettings;
  /** Where summaries are stored. */
  sessions: { summarise(key: string, summary: SessionSummary): Promise<void> };
  /** The model's context window in tokens, when configured. */
  contextWindow?: (model: string) => number | undefined;
  /** The window a turn falls back to when a summary cannot be made (`memory_window`, `max_history_chars`). */
  fallback: { messages: number; chars: number };
  /** The tools, for the memory flush (only the memory tools are offered). */
  registry?: ToolCatalog;
  log: Logger;
  now?: () => number;
}

/** What a turn is about to send, for a compaction to judge and shorten. */
export interface CompactionRequest {
  sessionKey: string;
  /** The system prompt (the same for every turn). */
  system: string;
  tools: readonly ToolSchema[];
  /** The session's newest summary and the messages after it. */
  context: SessionContext;
  /** The turn's new user message (not stored yet). */
  incoming?: ChatMessage;
  /** The chat's model and provider. */
  model: string;
  provider: LlmProvider;
  /** The turn's signal (a shutdown, the turn's time limit). */
  signal: AbortSignal;
  /** Where the memory flush's tool calls run; without it there is no memory flush. */
  toolContext?: ToolContext;
}

/** The history a turn sends after its system prompt. */
export interface PreparedHistory {
  /** The summary's messages (if any) and the messages after it: what goes between the system prompt and the new message. */
  history: HistoryView;
  /** The context's size in tokens (an upper bound when it is far below the threshold). */
  tokens: number;
  /** What a compaction made of this turn, when one ran. */
  compaction?: CompactionResult;
}

/** How a compaction went. */
export type CompactionResult =
  | { type: "compacted"; summary: SessionSummary }
  | { type: "nothing-to-compact" }
  | { type: "failed"; error: string };

/**
 * Keeps a conversation's context under `threshold` of the model's context window: when the
 * context a turn would send passes it, the older part of the history is summarised (after a
 * silent memory flush) and the summary stored in the session; the newest `keep_recent` turns
 * stay verbatim. A failed or timed-out summary falls back to the last `memory_window`
 * messages for that turn; the next turn tries again.
 */
export class Compactor {
  readonly #options: CompactorOptions;
  readonly #meter = new TokenMeter();

  constructor(options: CompactorOptions) {
    this.#options = options;
  }

  /** The context window of `model` in tokens. */
  windowOf(model: string): number {
    return this.#options.contextWindow?.(model) ?? DEFAULT_CONTEXT_WINDOW;
  }

  /** The history a turn sends, compacted first when the context would pass the threshold. */
  async prepare(request: CompactionRequest): Promise<PreparedHistory> {
    const history = historyOf(request.context);
    const limit = Math.floor(this.#options.settings.threshold * this.windowOf(request.model));
    const { tokens } = await this.#meter.measure(this.#parts(request, history), limit);
    if (tokens < limit) return { history, tokens };
    const compaction = await this.compact(request, { reason: "auto", tokensBefore: tokens });
    if (compaction.type === "compacted") {
      const kept = request.context.history.last(compaction.summary.kept);
      const compacted = historyOf({ summary: compaction.summary, history: kept });
      return { history: compacted, tokens: compaction.summary.tokensAfter ?? tokens, compaction };
    }
    const { messages, chars } = this.#options.fallback;
    const window = historyWindow(request.context.history.messages(), messages, chars);
    const fallback = historyOf({ ...request.context, history: request.context.history.last(window.length) });
    return { history: fallback, tokens, compaction };
  }

  /** The context's size in tokens, counted exactly (for `/usage`). */
  async measure(request: Pick<CompactionRequest, "system" | "tools" | "context">): Promise<number> {
    return this.#meter.count({
      system: request.system,
      tools: request.tools,
      history: historyOf(request.context),
      messages: [],
    });
  }

  /**
   * Summarises the history but its newest `keep_recent` turns, now (`/compact`, or a turn over
   * the threshold), and stores the summary. Never throws: a failure is logged and returned.
   */
  async compact(
    request: CompactionRequest,
    options: { reason: "auto" | "command"; focus?: string; tokensBefore?: number },
  ): Promise<CompactionResult> {
    const { settings, log } = this.#options;
    const { context, sessionKey } = request;
    const started = this.#now();
    const split = this.#split(request);
    if (split === 0) return { type: "nothing-to-compact" };
    const deadline = deadlineOf(request.signal, settings.timeout * 1000);
    const model = settings.model ?? request.model;
    try {
      if (settings.memory_flush && request.toolContext && this.#options.registry)
        await this.#flush(request, deadline.signal);
      const window = this.windowOf(model);
      const text = await summarise({
        provider: request.provider,
        model,
        ...(context.summary && { previous: context.summary.text }),
        messages: context.history.messages().slice(0, split),
        ...(options.focus && { focus: options.focus }),
        maxTranscriptChars: Math.max(4000, Math.floor(window * 0.5) * 3),
        maxSummaryChars: Math.max(2000, Math.min(32_000, Math.floor(window * settings.threshold * 0.25) * 3)),
        maxParts: MAX_SUMMARY_PARTS,
        onSkipped: (parts) =>
          log.warn(
            { session: sessionKey, skippedParts: parts, keptParts: MAX_SUMMARY_PARTS },
            "the history to summarise is very long: its oldest parts are left out of the summary",
          ),
        signal: deadline.signal,
      });
      const kept = context.history.length - split;
      const summary: SessionSummary = {
        type: "summary",
        text,
        at: new Date(this.#now()).toISOString(),
        kept,
        covered: (context.summary?.covered ?? 0) + split,
        model,
        reason: options.reason,
        ...(options.focus && { focus: options.focus }),
        ...(options.tokensBefore !== undefined && { tokensBefore: options.tokensBefore }),
      };
      summary.tokensAfter = await this.#meter.count(
        this.#parts(request, historyOf({ summary, history: context.history.last(kept) })),
      );
      await this.#options.sessions.summarise(sessionKey, summary);
      log.info(
        {
          session: sessionKey,
          reason: options.reason,
          summarised: split,
          kept,
          tokensBefore: options.tokensBefore,
          tokensAfter: summary.tokensAfter,
          ms: this.#now() - started,
        },
        "conversation compacted",
      );
      return { type: "compacted", summary };
    } catch (error) {
      const reason = deadline.signal.aborted && !request.signal.aborted ? "timed out" : (error as Error).message;
      if (request.signal.aborted) throw request.signal.reason;
      log.warn(
        { session: sessionKey, error: reason, kind: (error as { kind?: string }).kind },
        "compaction failed; this turn sends the recent window, the next turn tries again",
      );
      return { type: "failed", error: reason };
    } finally {
      deadline.clear();
    }
  }

  /** The split point: `keep_recent` turns kept, fewer when those alone would still fill the threshold. */
  #split(request: CompactionRequest): number {
    const messages = request.context.history.messages();
    const limit = this.#options.settings.threshold * this.windowOf(request.model);
    for (let keep = this.#options.settings.keep_recent; keep >= 0; keep--) {
      const split = splitIndex(messages, keep);
      const kept = messages.slice(split);
      if (keep === 0 || this.#meter.bound({ system: request.system, tools: request.tools, messages: kept }) < limit / 2)
        return split;
    }
    return messages.length;
  }

  async #flush(request: CompactionRequest, deadline: AbortSignal): Promise<void> {
    const { log, registry, settings } = this.#options;
    const flushDeadline = deadlineOf(deadline, (settings.timeout * 1000) / 3);
    const signal = flushDeadline.signal;
    try {
      const calls = await flushMemory({
        provider: request.provider,
        model: request.model,
        registry: registry!,
        messages: [{ role: "system", content: request.system }, ...historyOf(request.context).messages()],
        toolContext: request.toolContext!,
        log,
        signal,
      });
      log.debug({ session: request.sessionKey, toolCalls: calls }, "memory flush before compaction done");
    } catch (error) {
      if (request.signal.aborted) throw request.signal.reason;
      log.warn(
        { session: request.sessionKey, error: (error as Error).message },
        "memory flush before compaction failed",
      );
    } finally {
      flushDeadline.clear();
    }
  }

  #parts(request: CompactionRequest, history: HistoryView) {
    return {
      system: request.system,
      tools: request.tools,
      history,
      messages: request.incoming ? [request.incoming] : [],
    };
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }
}

/** A signal aborted with `parent` or after `ms`; `clear` stops its timer and lets go of `parent`. */
function deadlineOf(parent: AbortSignal, ms: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else parent.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new Error("compaction timed out")), ms);
  timer.unref();
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      parent.removeEventListener("abort", onAbort);
    },
  };
}

/** The summary messages of the newest summaries, by text: the same objects every turn, so their token counts are kept. */
const summaryCache = new Map<string, ChatMessage[]>();

/** The summary's messages (when there is one) and the messages after it. */
export function historyOf(context: SessionContext): HistoryView {
  if (!context.summary) return context.history;
  const { text } = context.summary;
  let messages = summaryCache.get(text);
  if (!messages) {
    messages = summaryMessages(text);
    if (summaryCache.size >= 64) summaryCache.delete(summaryCache.keys().next().value!);
    summaryCache.set(text, messages);
  }
  return context.history.withLead(messages);
}
