import type { JournalEntry, TurnProgress } from "../../bus/journal.js";
import type { InboundMessage } from "../../bus/messages.js";
import type { InvokedSkill } from "../commands/skill-commands.js";
import { type CompactionRequest, Compactor } from "../compaction/compactor.js";
import type { ResolvedAttachments } from "../context/attachments.js";
import { capMessageText } from "../context/context.js";
import { TurnTimeout } from "./apology.js";
import { replyTo } from "./chat-replies.js";
import { deliverSpoken, spokenReplyOf } from "./spoken-reply.js";
import { openStreamedTurn } from "./streamed-turn.js";
import { answerTurn } from "./turn-answer.js";
import type { ComputedTurn, TurnOutcome, TurnRunnerOptions } from "./turn-contract.js";
import { chunkRecorder, deliverAnswered } from "./turn-delivery.js";
import { failedTurn } from "./turn-failure.js";
import { conversationRequest, planTurn } from "./turn-plan.js";
import { userMessageOf } from "./user-message.js";
import { endIndicator, startIndicator } from "./working-indicator.js";

export { ShuttingDown, TurnTimeout } from "./apology.js";
export { userMessageOf } from "./user-message.js";

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
  conversationRequest(sessionKey: string, message: InboundMessage, signal: AbortSignal): Promise<CompactionRequest> {
    return conversationRequest(this.#options, sessionKey, message, signal);
  }

  /**
   * Answers the journal entry's message (as the gates admitted it, its text already sanitised) in session `sessionKey`;
   * `shutdown` cancels it. The turn's records are stored in the session before the journal
   * learns the replies, and the entry completes once they are delivered. An entry already
   * answered by an earlier run only gets what was not delivered; one whose turn is in the
   * session already (a crash between the two writes) is not run again. With `skill`, the
   * turn starts with that skill loaded. A spoken answer (`tts`) is one more reply, after its text.
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
      const outcome: TurnOutcome = { message, sessionKey, status: "answered", reply };
      return deliverAnswered(this.#options, sessionKey, entry, entry.progress, outcome, shutdown);
    }
    const recorded = await this.#recordedTurn(sessionKey, message.id);
    let replies: string[];
    let outcome: TurnOutcome;
    let finish: ComputedTurn["finish"];
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
    const answer = outcome.status === "answered" ? replies[0] : undefined;
    const spoken = answer === undefined ? undefined : await spokenReplyOf(this.#options, sessionKey, message, answer);
    if (spoken) outbound.push(spoken);
    await entry.answered(outbound);
    if (finish) {
      const recorder = chunkRecorder(entry, 0, !spoken);
      await finish({ onChunkDelivered: recorder.onChunkDelivered });
      const voice =
        spoken && (await deliverSpoken(this.#options, entry, message, outbound.length - 1, spoken, shutdown));
      if (voice === "stopped") return { ...outcome, status: "deferred" };
      if (!recorder.completed) await entry.complete();
      return outcome;
    }
    const { preview } = entry.progress;
    const delivered = outbound.map(() => 0);
    const progress: TurnProgress = { type: "answered", replies: outbound, delivered, ...(preview && { preview }) };
    return deliverAnswered(this.#options, sessionKey, entry, progress, outcome, shutdown);
  }

  /** Runs the turn (or makes the apology for a failed one); a journaled turn stopped by a shutdown is deferred. */
  async #compute(
    sessionKey: string,
    entry: JournalEntry,
    message: InboundMessage,
    text: string,
    shutdown: AbortSignal,
    skill: InvokedSkill | undefined,
  ): Promise<ComputedTurn> {
    const { agent, log } = this.#options;
    const indicator = startIndicator(this.#options, message);
    // A triggered turn's answer may turn out to be NOTHING_TO_REPORT: never shown while written.
    const streamed = message.trigger ? undefined : openStreamedTurn(this.#options, message, entry.progress.preview);
    void streamed?.stream.shown.then(() => {
      // The typing indicator has done its job once text is visible.
      endIndicator(log, indicator);
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
      const { signal } = controller;
      const attached = await this.#resolveAttachments(message, signal);
      if (attached.text.length > 0) {
        userMessage = userMessageOf(message, [capped, ...attached.text].filter(Boolean).join("\n\n"), this.#now());
      }
      const { images } = attached;
      const plan = await planTurn(this.#options, this.compactor, {
        sessionKey,
        message,
        userMessage,
        images,
        signal,
        skill,
      });
      return await answerTurn(this.#options, plan, signal, streamed);
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      return await failedTurn(this.#options, this.#advised, { reason, sessionKey, message, userMessage, streamed });
    } finally {
      clearTimeout(timer);
      shutdown.removeEventListener("abort", onShutdown);
      endIndicator(log, indicator);
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
  async #store(sessionKey: string, message: InboundMessage, computed: ComputedTurn): Promise<void> {
    try {
      await this.#options.sessions.append(sessionKey, computed.records, { id: message.id, replies: computed.replies });
    } catch (error) {
      // The reply still goes out; only the history misses this turn.
      this.#options.log.error({ session: sessionKey, err: error }, "cannot store the session");
    }
  }

  /** The message's attachments, saved and described; the user is told about any that cannot be used. */
  async #resolveAttachments(message: InboundMessage, signal: AbortSignal): Promise<ResolvedAttachments> {
    const none: ResolvedAttachments = { text: [], images: [], notices: [] };
    if (!message.media?.length || !this.#options.attachments) return none;
    const resolved = await this.#options.attachments(message, signal);
    for (const notice of resolved.notices) await this.#options.replies.send(message, notice);
    return resolved;
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }
}
