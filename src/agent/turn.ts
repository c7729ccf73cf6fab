import type { Logger } from "pino";
import { BusError } from "../bus/bus-error.js";
import type { JournalEntry, TurnProgress } from "../bus/journal.js";
import { chatKeyOf, type InboundMessage } from "../bus/messages.js";
import type { WorkingIndicator } from "../channel-kit/channel.js";
import type { ReplyStream, ReplyTarget, StreamDelivery, StreamResume } from "../channel-kit/reply-stream.js";
import type { SkeinConfig } from "../config/schema.js";
import type { ChatMessage, LlmProvider, UserContentPart } from "../providers/provider.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolContext } from "../tools/tool.js";
import { apologyFor, ShuttingDown, TurnTimeout } from "./apology.js";
import type { ResolvedAttachments } from "./attachments.js";
import { type ChatReplies, errorText, replyTargetOf, replyTo } from "./chat-replies.js";
import { type CompactionRequest, Compactor } from "./compaction/compactor.js";
import { type ContextBuilder, capMessageText } from "./context.js";
import type { SessionStore } from "./sessions.js";
import type { InvokedSkill } from "./skill-commands.js";
import { StreamedTurn } from "./streamed-turn.js";
import { buildToolContext, type ToolContextOptions } from "./tool-context.js";
import { runToolLoop, type TokenUsage } from "./tool-loop.js";
import { isJournaled, isQuietAnswer, isVerbatim, verbatimResult } from "./triggered-turn.js";
import { storedAfterFailure, userMessageOf, withImages } from "./user-message.js";

/** How one inbound message was handled (for the CLI and tests). */
export interface TurnOutcome {
  message: InboundMessage;
  sessionKey: string;
  /** `deferred`: left in the journal (stopped by a shutdown, or its channel not running), resumed after the next start. */
  status: "answered" | "failed" | "command" | "gated" | "deferred";
  /** The reply text sent (or suppressed because a tool already delivered to the chat). */
  reply?: string;
  /** Why the turn failed. */
  error?: string;
  /** Tool calls and tokens of an answered turn. */
  toolCalls?: number;
  usage?: TokenUsage;
}

export { ShuttingDown, TurnTimeout } from "./apology.js";
export { userMessageOf } from "./user-message.js";

export interface TurnRunnerOptions {
  provider: LlmProvider;
  registry: ToolRegistry;
  sessions: Pick<SessionStore, "context" | "append" | "recordedTurn" | "summarise">;
  context: Pick<ContextBuilder, "systemPrompt">;
  /** `agents.defaults`. */
  agent: SkeinConfig["agents"]["defaults"];
  /** Where replies go and turns are recorded. */
  replies: ChatReplies;
  /** What the tools' ports use. */
  bus: ToolContextOptions["bus"];
  log: Logger;
  /** The channel's "working on it" indicator for a message, when it has one. */
  indicateWorking?: (message: InboundMessage) => WorkingIndicator | undefined;
  /** The conversation's model and the provider to ask (default: `agent.model` on `provider`). */
  modelFor?: (sessionKey: string, message: InboundMessage) => Promise<{ model: string; provider: LlmProvider }>;
  /**
   * A reply that appears as it is written, when the chat's channel can stream and streaming is on;
   * with `resume`, written in the preview an earlier attempt of the turn showed.
   */
  openStream?: (target: ReplyTarget, resume?: StreamResume) => ReplyStream | undefined;
  /** Saves a message's attachments to the workspace and says what the model gets of them (see attachments.ts). */
  attachments?: (message: InboundMessage, signal: AbortSignal) => Promise<ResolvedAttachments>;
  /** Epoch milliseconds now (injectable for tests). */
  now?: () => number;
  /** A model's context window in tokens, when configured (`providers.<name>.context_windows`; default 128,000). */
  contextWindow?: (model: string) => number | undefined;
  /** Put before each answer (an agent's `name_prefix`), with a space; the session keeps the answer without it. */
  namePrefix?: string;
}

/** What a turn computed: the records to store in the session and the replies to send to its chat. */
interface Computed {
  outcome: TurnOutcome;
  records: ChatMessage[];
  replies: string[];
  /** For a streamed reply: ends the stream, which delivers the replies instead of a send (each chunk reported to `delivery`). */
  finish?: (delivery: StreamDelivery) => Promise<void>;
}

/** One turn about to run: the message, the session it belongs to and what the model is asked. */
interface TurnPlan {
  sessionKey: string;
  message: InboundMessage;
  /** The new user message, as stored in the session. */
  userMessage: ChatMessage;
  /** System prompt, history since the summary (or the fallback window) and the user message. */
  messages: ChatMessage[];
  model: string;
  provider: LlmProvider;
  /** The skill a person called (`/<skill>`): loaded before the model is first asked. */
  skill?: InvokedSkill;
  toolContext: ToolContext;
  /** The chats a tool of this turn already sent to. */
  deliveredTo: Set<string>;
}

/**
 * Runs one turn: the tool loop over the session's history, bounded by `turn_timeout` and
 * the shutdown signal. The turn is recorded in the session and its reply delivered; a
 * failed turn gets a short apology, recorded and delivered the same way. Never throws.
 */
export class TurnRunner {
  readonly #options: TurnRunnerOptions;
  /** Causes the operator was already told how to fix (once each, not once per message). */
  readonly #advised = new Set<string>();
  /** Keeps each conversation's context under the compaction threshold (see src/agent/compaction/). */
  readonly compactor: Compactor;

  constructor(options: TurnRunnerOptions) {
    this.#options = options;
    const { agent } = options;
    this.compactor = new Compactor({
      settings: agent.compaction ?? { threshold: 0.6, keep_recent: 10, memory_flush: true, timeout: 60 },
      sessions: options.sessions,
      ...(options.contextWindow && { contextWindow: options.contextWindow }),
      fallback: { messages: agent.memory_window, chars: agent.max_history_chars },
      registry: options.registry,
      log: options.log,
      ...(options.now && { now: options.now }),
    });
  }

  /**
   * What the conversation's next turn would send, without a new message: for `/compact` and
   * `/usage`. The memory flush of a `/compact` runs in the context of `message`.
   */
  async conversationRequest(
    sessionKey: string,
    message: InboundMessage,
    signal: AbortSignal,
  ): Promise<CompactionRequest> {
    const { sessions, context, registry, log, bus } = this.#options;
    const [stored, system, choice] = await Promise.all([
      sessions.context(sessionKey),
      context.systemPrompt(message),
      this.#options.modelFor?.(sessionKey, message),
    ]);
    const { model, provider } = choice ?? { model: this.#options.agent.model, provider: this.#options.provider };
    const toolContext = buildToolContext({ sessionKey, message, signal, log, bus, deliveredTo: new Set() });
    return { sessionKey, system, tools: registry.schemas(), context: stored, model, provider, signal, toolContext };
  }

  /**
   * Answers the journal entry's message (as the gates admitted it, its text already sanitised) in session `sessionKey`;
   * `shutdown` cancels it. The turn's records are stored in the session before the journal
   * learns the replies, and the entry completes once they are delivered. An entry already
   * answered by an earlier run only gets what was not delivered; one whose turn is in the
   * session already (a crash between the two writes) is not run again. With `skill`, the
   * turn starts with that skill loaded.
   */
  async run(
    sessionKey: string,
    entry: JournalEntry,
    message: InboundMessage,
    text: string,
    shutdown: AbortSignal,
    skill?: InvokedSkill,
  ): Promise<TurnOutcome> {
    if (entry.progress.type === "answered") {
      const reply = entry.progress.replies[0]?.text;
      return this.#deliver(sessionKey, entry, entry.progress, { message, sessionKey, status: "answered", reply });
    }
    const recorded = await this.#recordedTurn(sessionKey, message.id);
    let replies: string[];
    let outcome: TurnOutcome;
    let finish: Computed["finish"];
    if (recorded) {
      replies = recorded;
      outcome = { message, sessionKey, status: "answered", reply: recorded[0] };
    } else {
      const computed = await this.#compute(sessionKey, entry, message, text, shutdown, skill);
      if (computed.outcome.status === "deferred") return computed.outcome;
      await this.#store(sessionKey, message, computed);
      ({ replies, outcome, finish } = computed);
    }
    const outbound = replies.map((reply) => replyTo(message, reply));
    await entry.answered(outbound);
    if (finish) {
      await finish({ onChunkDelivered: (chunk) => entry.delivered(0, chunk) });
      await entry.complete();
      return outcome;
    }
    const { preview } = entry.progress;
    const delivered = outbound.map(() => 0);
    const progress: TurnProgress = { type: "answered", replies: outbound, delivered, ...(preview && { preview }) };
    return this.#deliver(sessionKey, entry, progress, outcome);
  }

  /** Runs the turn (or makes the apology for a failed one); a journaled turn stopped by a shutdown is deferred. */
  async #compute(
    sessionKey: string,
    entry: JournalEntry,
    message: InboundMessage,
    text: string,
    shutdown: AbortSignal,
    skill: InvokedSkill | undefined,
  ): Promise<Computed> {
    const { agent, log } = this.#options;
    const indicator = this.#startIndicator(message);
    // A triggered turn's answer may turn out to be NOTHING_TO_REPORT: never shown while written.
    const streamed = message.trigger ? undefined : this.#openStream(message, entry.progress.preview);
    void streamed?.stream.shown.then(() => {
      // The typing indicator has done its job once text is visible.
      this.#endIndicator(indicator);
      // A crash from now on resumes in this preview rather than in a second message.
      const previewId = streamed.stream.previewId;
      if (previewId)
        entry.previewed(previewId).catch((error: unknown) => log.warn({ err: error }, "cannot journal the preview"));
    });
    const controller = new AbortController();
    const onShutdown = () => controller.abort(shutdown.reason);
    if (shutdown.aborted) onShutdown();
    else shutdown.addEventListener("abort", onShutdown, { once: true });
    const timer = setTimeout(() => controller.abort(new TurnTimeout()), agent.turn_timeout * 1000);
    const capped = capMessageText(text, agent.max_message_chars);
    let userMessage = userMessageOf(message, capped, this.#now());
    try {
      const attached = await this.#resolveAttachments(message, controller.signal);
      if (attached.text.length > 0) {
        userMessage = userMessageOf(message, [capped, ...attached.text].filter(Boolean).join("\n\n"), this.#now());
      }
      const plan = await this.#plan(sessionKey, message, userMessage, attached.images, controller.signal, skill);
      return await this.#answer(plan, controller.signal, streamed);
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof ShuttingDown && isJournaled(message)) {
        log.info({ session: sessionKey }, "turn stopped by the shutdown; it runs again after the next start");
        await streamed?.stream.fail("").catch(() => undefined);
        return {
          outcome: { message, sessionKey, status: "deferred", error: errorText(reason) },
          records: [],
          replies: [],
        };
      }
      log.warn(
        { session: sessionKey, error: errorText(reason), kind: (reason as { kind?: string }).kind },
        "turn failed",
      );
      const { text: reply, advice } = apologyFor(reason, agent.turn_timeout);
      if (advice && !this.#advised.has(advice.cause)) {
        this.#advised.add(advice.cause);
        log.error({ setting: advice.setting, error: errorText(reason) }, `the bot is misconfigured: ${advice.message}`);
      }
      const { replies } = this.#options;
      return {
        outcome: { message, sessionKey, status: "failed", reply, error: errorText(reason) },
        records: [storedAfterFailure(userMessage, reason), { role: "assistant", content: reply }],
        replies: [reply],
        // A preview already showing keeps its text and gets the apology below it: never a second copy.
        ...(streamed && {
          finish: async () => {
            if (!(await streamed.stream.fail(reply))) await replies.send(message, reply, sessionKey);
          },
        }),
      };
    } finally {
      clearTimeout(timer);
      shutdown.removeEventListener("abort", onShutdown);
      this.#endIndicator(indicator);
    }
  }

  /**
   * The replies of this message's turn when the session holds them already. A store that
   * cannot be read (Redis down) is logged and taken as "not yet": the turn then fails to
   * load its history and answers with the usual apology.
   */
  async #recordedTurn(sessionKey: string, id: string): Promise<string[] | undefined> {
    try {
      return await this.#options.sessions.recordedTurn(sessionKey, id);
    } catch (error) {
      this.#options.log.warn({ session: sessionKey, err: error }, "cannot read the session's turn records");
      return undefined;
    }
  }

  /** Stores the turn in the session, durably, before the journal hears of its replies. */
  async #store(sessionKey: string, message: InboundMessage, computed: Computed): Promise<void> {
    try {
      await this.#options.sessions.append(sessionKey, computed.records, { id: message.id, replies: computed.replies });
    } catch (error) {
      // The reply still goes out; only the history misses this turn.
      this.#options.log.error({ session: sessionKey, err: error }, "cannot store the session");
    }
  }

  /** Delivers what of `progress` is not delivered yet, then completes the entry (unless its channel is not running). */
  async #deliver(
    sessionKey: string,
    entry: JournalEntry,
    progress: Extract<TurnProgress, { type: "answered" }>,
    outcome: TurnOutcome,
  ): Promise<TurnOutcome> {
    for (const [index, reply] of progress.replies.entries()) {
      const fromChunk = progress.delivered[index] ?? 0;
      const onChunkDelivered = (chunk: number) => entry.delivered(index, chunk);
      // The first reply of a turn whose preview an earlier attempt showed is finished in that preview.
      const resumed =
        index === 0 && fromChunk === 0 && progress.preview
          ? this.#openStream(entry.message, progress.preview)
          : undefined;
      if (resumed) {
        const { message } = entry;
        await this.#options.replies.finishStream(resumed.stream, message, reply.text, sessionKey, { onChunkDelivered });
        continue;
      }
      const delivery = await this.#options.replies.deliver(reply, sessionKey, { fromChunk, onChunkDelivered });
      if (delivery.type === "failed" && delivery.error instanceof BusError && isJournaled(entry.message)) {
        return { ...outcome, status: "deferred", error: errorText(delivery.error) };
      }
    }
    await entry.complete();
    return outcome;
  }

  /** The message's attachments, saved and described; the user is told about any that cannot be used. */
  async #resolveAttachments(message: InboundMessage, signal: AbortSignal): Promise<ResolvedAttachments> {
    const none: ResolvedAttachments = { text: [], images: [], notices: [] };
    if (!message.media?.length || !this.#options.attachments) return none;
    const resolved = await this.#options.attachments(message, signal);
    for (const notice of resolved.notices) await this.#options.replies.send(message, notice);
    return resolved;
  }

  /** The request of the turn: the system prompt, the history (compacted first when it grew too long), the new message. */
  async #plan(
    sessionKey: string,
    message: InboundMessage,
    userMessage: ChatMessage,
    images: UserContentPart[],
    signal: AbortSignal,
    skill?: InvokedSkill,
  ): Promise<TurnPlan> {
    const { agent, sessions, context, registry, log, bus } = this.#options;
    const [stored, system, choice] = await Promise.all([
      sessions.context(sessionKey),
      context.systemPrompt(message),
      this.#options.modelFor?.(sessionKey, message),
    ]);
    const { model, provider } = choice ?? { model: agent.model, provider: this.#options.provider };
    const deliveredTo = new Set<string>();
    const toolContext = buildToolContext({
      sessionKey,
      message,
      signal,
      log,
      bus,
      deliveredTo,
      turn: { skills: new Set(skill ? [skill.name] : []), commandEnv: { ...skill?.env } },
    });
    const tools = registry.schemas();
    const { history } = await this.compactor.prepare({
      sessionKey,
      system,
      tools,
      context: stored,
      incoming: userMessage,
      model,
      provider,
      signal,
      toolContext,
    });
    const messages = [
      { role: "system", content: system } as const,
      ...history,
      withImages(userMessage, images),
      ...(skill?.messages ?? []),
    ];
    const plan = { sessionKey, message, userMessage, messages, model, provider, toolContext, deliveredTo };
    return skill ? { ...plan, skill } : plan;
  }

  /** Runs the tool loop; the reply goes to the chat unless a tool already sent there. */
  async #answer(plan: TurnPlan, signal: AbortSignal, streamed: StreamedTurn | undefined): Promise<Computed> {
    const { agent, replies, log } = this.#options;
    const { sessionKey, message, deliveredTo } = plan;
    const result = isVerbatim(message)
      ? verbatimResult(message.text)
      : await runToolLoop(
          {
            provider: plan.provider,
            registry: this.#options.registry,
            model: plan.model,
            maxIterations: agent.max_tool_iterations,
            maxTokens: agent.max_tokens,
            temperature: agent.temperature,
            log,
          },
          {
            messages: plan.messages,
            toolContext: plan.toolContext,
            signal,
            showToUser: (forUser) => replies.send(message, forUser).then(() => undefined),
            ...streamed?.hooks(),
          },
        );
    const answer = result.text.trim() ? result.text : "(The model sent an empty answer.)";
    const { namePrefix } = this.#options;
    const reply = namePrefix ? `${namePrefix}${/\s$/.test(namePrefix) ? "" : " "}${answer}` : answer;
    const suppressed = deliveredTo.has(chatKeyOf(message)) || isQuietAnswer(message, result.text);
    const outcome: TurnOutcome = {
      message,
      sessionKey,
      status: "answered",
      reply,
      toolCalls: result.toolCalls,
      usage: result.usage,
    };
    const records = [plan.userMessage, ...(plan.skill?.messages ?? []), ...result.added];
    if (streamed && (!suppressed || streamed.fed)) {
      const finish = async (delivery: StreamDelivery) =>
        void (await replies.finishStream(streamed.stream, message, reply, sessionKey, delivery));
      return { outcome, records, replies: [reply], finish };
    }
    if (streamed)
      return { outcome, records, replies: [], finish: () => streamed.stream.fail("").then(() => undefined) };
    return { outcome, records, replies: suppressed ? [] : [reply] };
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }

  /** A stream for the answer to `message`; in preview `previewId` when given (and only then, when resuming). */
  #openStream(message: InboundMessage, previewId?: string): StreamedTurn | undefined {
    try {
      const stream = this.#options.openStream?.(replyTargetOf(message), previewId ? { previewId } : undefined);
      return stream && new StreamedTurn(stream);
    } catch (error) {
      this.#options.log.debug({ err: error, channel: message.channel }, "could not open a streamed reply");
      return undefined;
    }
  }

  #startIndicator(message: InboundMessage): WorkingIndicator | undefined {
    try {
      return this.#options.indicateWorking?.(message);
    } catch (error) {
      this.#options.log.debug({ err: error, channel: message.channel }, "the working indicator failed");
      return undefined;
    }
  }

  #endIndicator(indicator: WorkingIndicator | undefined): void {
    try {
      indicator?.end();
    } catch (error) {
      this.#options.log.debug({ err: error }, "ending the working indicator failed");
    }
  }
}
