import type { Logger } from "pino";
import type { JournalEntry } from "../bus/journal.js";
import type { MessageBus } from "../bus/message-bus.js";
import type { InboundMessage } from "../bus/messages.js";
import type { WorkingIndicator } from "../channel-kit/channel.js";
import type { SkeinConfig } from "../config/schema.js";
import type { InboundGate } from "../gates/gate.js";
import { GateChain } from "../gates/gate-chain.js";
import type { LlmProvider } from "../providers/provider.js";
import type { Speech } from "../speech/index.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { BudgetGuard } from "../usage/budgets.js";
import type { UsageLedger } from "../usage/usage-ledger.js";
import { settleWithin } from "../util/settle-within.js";
import { type AgentParts, addressedTo, agentParts, type SharedTurnOptions } from "./agent-parts.js";
import { type AgentDirectory, type AgentRuntime, agentSessionKey, MAIN_AGENT } from "./agent-runtime.js";
import type { SkillCommandDeps } from "./commands/skill-commands.js";
import type { ContextBuilder } from "./context/context.js";
import { type AgentLoopStats, LoopCounters } from "./loop-counters.js";
import { type Admission, type AdmissionDeps, admitMessage } from "./message-admission.js";
import { sanitizeText } from "./sanitize.js";
import { SessionScheduler } from "./sessions/session-scheduler.js";
import { MemorySessionSettings, type SessionSettingsStore } from "./sessions/session-settings.js";
import type { SessionStore } from "./sessions/sessions.js";
import type { DelegationMessage } from "./subagents/delegation.js";
import { type RunningSubagent, Subagents } from "./subagents/subagents.js";
import { ShuttingDown } from "./turn/apology.js";
import { ChatReplies, errorText } from "./turn/chat-replies.js";
import { isJournaled } from "./turn/triggered-turn.js";
import type { TurnOutcome, TurnRunnerOptions } from "./turn/turn-contract.js";

export type { AgentLoopStats } from "./loop-counters.js";
/** What `onOutcome` listeners get; defined with the turn, which makes most of them. */
export type { TurnOutcome } from "./turn/turn-contract.js";

export interface AgentLoopOptions {
  bus: MessageBus;
  provider: LlmProvider;
  registry: ToolRegistry;
  sessions: SessionStore;
  context: ContextBuilder;
  /** Checks every platform message passes, in order (dedup, then access). */
  gates?: InboundGate[];
  /** `agents.defaults`. */
  agent: SkeinConfig["agents"]["defaults"];
  log: Logger;
  /** The channel's "working on it" indicator for a message, when it has one. */
  indicateWorking?: (message: InboundMessage) => WorkingIndicator | undefined;
  /** Each conversation's `/model` choice (default: kept in memory). */
  settings?: SessionSettingsStore;
  /** Whether a sender may switch a conversation's model (default: everyone the gates let in). */
  mayConfigure?: (message: InboundMessage) => boolean | Promise<boolean>;
  /** Where every model call's usage is recorded (default: not recorded). */
  ledger?: UsageLedger;
  /** Daily budgets checked before each turn (default: none). */
  budgets?: BudgetGuard;
  /** A reply that appears as it is written, when the chat's channel can stream (a channel's `openStream`). */
  openStream?: TurnRunnerOptions["openStream"];
  /** Epoch milliseconds now (injectable for tests). */
  now?: () => number;
  /** Called after `/new` started a fresh conversation in a session (approvals forget it). */
  onConversationReset?: (sessionKey: string) => void;
  /** Saves and describes each message's attachments (see attachments.ts). */
  attachments?: TurnRunnerOptions["attachments"];
  /** The agent's spoken replies (`tts`); absent, none is spoken and `/voice` says so. */
  speech?: Speech;
  /** Whether a channel sends voice notes (its `voiceNotes`): spoken replies go only there. */
  voiceNotes?: (channel: string) => boolean;
  /** The installed skills, for `/skills` and `/<skill-name> <request>` (default: none). */
  skills?: SkillCommandDeps;
  /** A model's context window in tokens, when configured (compaction's threshold is a share of it). */
  contextWindow?: TurnRunnerOptions["contextWindow"];
  /**
   * Several agents (`agents.list`): each message goes to its agent's runtime, in sessions keyed by
   * agent. Without it, the one agent `main` is made of the options above.
   */
  agents?: AgentDirectory;
}

/** A journal entry queued for its session, with the agent that handles it. */
interface Routed {
  entry: JournalEntry;
  agent: string;
  /** A sub-agent's result, which the turn answering its journaled delegation gets as its message. */
  result?: string;
}

/**
 * Consumes the bus's journal entries and dispatches each: through the gates, to a chat
 * command or to a turn (see {@link TurnRunner}), strictly in order per session and
 * concurrently across sessions up to `max_concurrent_turns`. Every entry ends complete
 * (answered, ignored, refused) or, when a shutdown stops it, stays in the journal for the
 * next start.
 */
export class AgentLoop {
  readonly #options: AgentLoopOptions;
  readonly #log: Logger;
  readonly #gates: GateChain;
  readonly #replies: ChatReplies;
  readonly #shared: SharedTurnOptions;
  readonly #agents: AgentDirectory;
  readonly #parts = new Map<string, Promise<AgentParts>>();
  readonly #scheduler: SessionScheduler<Routed>;
  readonly #root = new AbortController();
  readonly #outcomeListeners = new Set<(outcome: TurnOutcome) => void>();
  #unsubscribe: (() => void) | undefined;
  readonly #counters = new LoopCounters();
  readonly #admission: AdmissionDeps;
  readonly #subagents: Subagents;
  #ready: Promise<void> = Promise.resolve();
  #stopping: Promise<void> | undefined;

  constructor(options: AgentLoopOptions) {
    this.#options = options;
    this.#log = options.log;
    this.#gates = new GateChain(options.gates ?? [], options.log);
    this.#replies = new ChatReplies({
      publish: (message, sendOptions) => options.bus.publishOutbound(message, sendOptions),
      sessions: options.sessions,
      log: options.log,
    });
    const { provider, registry, context, agent, attachments, contextWindow, agents, speech, ...shared } = options;
    const mayConfigure = options.mayConfigure ?? (() => true);
    this.#agents = agents ?? singleAgent(options);
    this.#subagents = new Subagents({
      sessions: options.sessions,
      bus: options.bus,
      ledger: options.ledger,
      log: options.log,
      maxConcurrent: options.agent.subagents.max_concurrent,
      partsOf: (id) => this.#partsOf(id),
      agentIds: () => this.#agents.ids(),
      deliver: (entry, result) => this.#deliverResult(entry, result),
      ready: () => this.#ready,
      mayConfigure,
      ...(options.now && { now: options.now }),
    });
    this.#shared = {
      ...shared,
      replies: this.#replies,
      settings: options.settings ?? new MemorySessionSettings(),
      mayConfigure,
      delegation: (message, sessionKey) => this.#subagents.portFor(message, sessionKey),
    };
    this.#admission = {
      log: options.log,
      gates: this.#gates,
      replies: this.#replies,
      sessions: options.sessions,
      maxMessageAge: options.agent.max_message_age,
      severalAgents: Boolean(agents),
      onConversationReset: options.onConversationReset,
      signal: this.#root.signal,
      count: (agent, key, turn) => this.#counters.count(agent, key, turn),
      subagents: this.#subagents,
    };
    this.#scheduler = new SessionScheduler(options.agent.max_concurrent_turns, (key, routed) =>
      this.#handle(key, routed),
    );
  }

  /** The parts of an agent, built on its first message. */
  #partsOf(id: string): Promise<AgentParts> {
    let parts = this.#parts.get(id);
    if (!parts) {
      parts = this.#agents.runtime(id).then((runtime) => agentParts(runtime, this.#shared));
      // A runtime that could not be built is tried again on the agent's next message.
      parts.catch(() => this.#parts.delete(id));
      this.#parts.set(id, parts);
    }
    return parts;
  }

  /**
   * Starts consuming the bus's entries (first those an earlier run left unfinished).
   * Entries that arrive before `ready` settles (while MCP servers connect and channels
   * start) are queued and handled after it.
   */
  start(ready?: Promise<unknown>): void {
    if (ready)
      this.#ready = ready.then(
        () => undefined,
        () => undefined,
      );
    this.#unsubscribe ??= this.#options.bus.consumeInbound((entry) => this.accept(entry));
  }

  /**
   * Queues an entry for its session (what the bus subscription does). While stopping, a
   * new entry runs no turn: it stays in the journal and is answered after the next start.
   */
  accept(entry: JournalEntry): void {
    const { message } = entry;
    if (this.#stopping || this.#root.signal.aborted) {
      if (!isJournaled(message)) {
        this.#log.warn(
          { channel: message.channel, chatId: message.chatId },
          "a background result arrived while shutting down and was not passed on",
        );
      } else {
        this.#log.info({ channel: message.channel, chatId: message.chatId }, "left for the next start: shutting down");
      }
      return;
    }
    // A delegation not answered yet runs its child outside the chat's queue; its result turn comes back to it.
    if (message.delegation && entry.progress.type === "received") {
      this.#subagents.accept(entry as JournalEntry & { message: DelegationMessage });
      return;
    }
    const agent = this.#agents.agentFor(message);
    this.#scheduler.enqueue(agentSessionKey(agent, message), { entry, agent });
  }

  /** Queues the turn that answers a journaled delegation with its sub-agent's result, in the parent's session. */
  #deliverResult(entry: JournalEntry, result: string): void {
    if (this.#stopping || this.#root.signal.aborted) return;
    const agent = this.#agents.agentFor(entry.message);
    this.#scheduler.enqueue(agentSessionKey(agent, entry.message), { entry, agent, result });
  }

  /** Stops taking new messages from the bus; queued and running turns go on. */
  #stopAccepting(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  /**
   * Lets queued and running turns finish for up to `graceMs`, then cancels the rest (they
   * stay in the journal and run again after the next start) and waits for them to wind
   * down; then stops consuming, and the sessions are flushed to disk. Idempotent.
   */
  stop(graceMs = 10_000): Promise<void> {
    this.#stopping ??= this.#stop(graceMs);
    return this.#stopping;
  }

  async #stop(graceMs: number): Promise<void> {
    // Sub-agents stop at once: journaled ones run again after the next start.
    const subagentsStopped = this.#subagents.close();
    if (!(await settleWithin(this.#scheduler.idle(), graceMs))) {
      this.#log.warn(
        { active: this.#scheduler.activeSessions },
        "turns still running after the grace period; cancelling them",
      );
      this.#root.abort(new ShuttingDown("shutting down"));
      // Cancelled turns end quickly; a channel whose delivery hangs must not hold shutdown forever.
      if (!(await settleWithin(this.#scheduler.idle(), graceMs)))
        this.#log.error("turns did not end after cancellation; giving up on them");
    }
    await settleWithin(subagentsStopped, graceMs);
    this.#stopAccepting();
    await this.#options.sessions.close();
  }

  /** Resolves once no turn is running or queued. */
  idle(): Promise<void> {
    return this.#scheduler.idle();
  }

  /** Calls `listener` after each inbound message has been handled. Returns the unsubscribe function. */
  onOutcome(listener: (outcome: TurnOutcome) => void): () => void {
    this.#outcomeListeners.add(listener);
    return () => this.#outcomeListeners.delete(listener);
  }

  /**
   * Counters for the daemon status: sessions seen since start, sessions busy now, turns run;
   * with several agents, also each agent's (those that served nothing since start show zeros).
   */
  get stats(): AgentLoopStats {
    const ids = this.#options.agents ? this.#agents.ids() : undefined;
    return this.#counters.stats(this.#scheduler.activeSessions, ids);
  }

  /** The sub-agents running now, oldest first (for the status and the dashboard). */
  get subagents(): RunningSubagent[] {
    return this.#subagents.list();
  }

  async #handle(key: string, { entry, agent, result }: Routed): Promise<void> {
    const inbound = entry.message;
    let outcome: TurnOutcome;
    try {
      await this.#ready;
      const parts = await this.#partsOf(agent);
      outcome = await this.#dispatch(key, entry, parts, result);
    } catch (error) {
      this.#log.error({ err: error, session: key }, "handling a message failed; giving up on it");
      outcome = { message: inbound, sessionKey: key, status: "failed", error: errorText(error) };
      await entry.complete().catch((cause: unknown) => this.#log.error({ err: cause }, "cannot complete the entry"));
    }
    if (outcome.status === "answered") this.#logAnswered(outcome, entry.recordedAt);
    for (const listener of this.#outcomeListeners) listener(outcome);
  }

  /**
   * One info line per answered message: where, how long, how much; never the content. The
   * latency counts from when skein recorded the message (a platform's send time has whole seconds).
   */
  #logAnswered({ message, toolCalls, usage }: TurnOutcome, recordedAt: number): void {
    this.#log.info(
      {
        channel: message.channel,
        chatId: message.chatId,
        latencyMs: Date.now() - recordedAt,
        toolCalls,
        promptTokens: usage?.promptTokens,
        completionTokens: usage?.completionTokens,
      },
      "answered",
    );
  }

  /**
   * An answered entry is only delivered. Otherwise: too old, then the gates, then the
   * session id check, then a chat command or a turn; every path but a turn (which does it
   * itself, after delivering) completes the entry.
   */
  async #dispatch(key: string, entry: JournalEntry, parts: AgentParts, result?: string): Promise<TurnOutcome> {
    const inbound = this.#addressed(entry.message, parts.runtime.id);
    if (entry.progress.type === "answered") {
      return await parts.turns.run(key, entry, inbound, sanitizeText(inbound.text), this.#root.signal);
    }
    if (this.#root.signal.aborted) return { message: inbound, sessionKey: key, status: "deferred" };
    // A sub-agent's result needs no admission: the delegation it answers was admitted.
    const admitted: Admission =
      result === undefined
        ? await admitMessage(this.#admission, key, entry, inbound, parts)
        : { type: "turn", message: inbound, text: result };
    if (admitted.type === "handled") {
      await entry.complete();
      return admitted.outcome;
    }
    this.#counters.count(parts.runtime.id, key, true);
    try {
      const { message, text, skill } = admitted;
      return await parts.turns.run(key, entry, message, text, this.#root.signal, skill);
    } finally {
      this.#counters.served();
    }
  }

  /** With several agents, the message names its agent (usage records and background results carry it). */
  #addressed(message: InboundMessage, agent: string): InboundMessage {
    return this.#options.agents ? addressedTo(message, agent) : message;
  }
}

/** The one agent `main` of a daemon without `agents.list`, made of the loop's options. */
function singleAgent(options: AgentLoopOptions): AgentDirectory {
  const runtime: AgentRuntime = {
    id: MAIN_AGENT,
    workspace: "",
    defaults: options.agent,
    provider: options.provider,
    registry: options.registry,
    context: options.context,
    ...(options.contextWindow && { contextWindow: options.contextWindow }),
    ...(options.skills && { skills: options.skills }),
    ...(options.budgets && { budgets: options.budgets }),
    ...(options.attachments && { attachments: options.attachments }),
    ...(options.speech && { speech: options.speech }),
  };
  return { agentFor: () => MAIN_AGENT, runtime: async () => runtime, ids: () => [MAIN_AGENT] };
}
