import type { Logger } from "pino";
import type { JournalEntry } from "../bus/journal.js";
import type { MessageBus } from "../bus/message-bus.js";
import type { InboundMessage } from "../bus/messages.js";
import type { WorkingIndicator } from "../channel-kit/channel.js";
import type { SkeinConfig } from "../config/schema.js";
import type { InboundGate } from "../gates/gate.js";
import { GateChain } from "../gates/gate-chain.js";
import type { LlmProvider } from "../providers/provider.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { BudgetGuard } from "../usage/budgets.js";
import { callerOf, type UsageLedger } from "../usage/usage-ledger.js";
import { settleWithin } from "../util/settle-within.js";
import { agentText } from "./agent-command.js";
import { type AgentParts, addressedTo, agentParts, type SharedTurnOptions } from "./agent-parts.js";
import { type AgentDirectory, type AgentRuntime, agentSessionKey, MAIN_AGENT } from "./agent-runtime.js";
import { ShuttingDown } from "./apology.js";
import { chatCommandOf, parseCommandLine, runChatCommand } from "./chat-commands.js";
import { ChatReplies, errorText } from "./chat-replies.js";
import type { ContextBuilder } from "./context.js";
import { conversationCommands } from "./conversation-commands.js";
import { sessionModel } from "./model-commands.js";
import { sanitizeText } from "./sanitize.js";
import { validateSessionKey } from "./session-id.js";
import { SessionScheduler } from "./session-scheduler.js";
import { MemorySessionSettings, type SessionSettingsStore } from "./session-settings.js";
import type { SessionStore } from "./sessions.js";
import { type InvokedSkill, parseSkillCommand, type SkillCommandDeps, skillListText } from "./skill-commands.js";
import { isJournaled } from "./triggered-turn.js";
import type { TurnOutcome, TurnRunnerOptions } from "./turn-contract.js";

/** What `onOutcome` listeners get; defined with the turn, which makes most of them. */
export type { TurnOutcome } from "./turn-contract.js";

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
  #turnsServed = 0;
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
    const { provider, registry, context, agent, attachments, contextWindow, agents, ...shared } = options;
    this.#shared = {
      ...shared,
      replies: this.#replies,
      settings: options.settings ?? new MemorySessionSettings(),
      mayConfigure: options.mayConfigure ?? (() => true),
    };
    this.#agents = agents ?? singleAgent(options);
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
    const agent = this.#agents.agentFor(message);
    this.#scheduler.enqueue(agentSessionKey(agent, message), { entry, agent });
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
    const sessions = new Set<string>();
    const agents: Record<string, { sessions: number; turnsServed: number }> = {};
    for (const id of this.#agents.ids()) agents[id] = { sessions: 0, turnsServed: 0 };
    for (const [id, counters] of this.#counters) {
      for (const key of counters.sessions) sessions.add(key);
      agents[id] = { sessions: counters.sessions.size, turnsServed: counters.turnsServed };
    }
    return {
      sessions: sessions.size,
      activeSessions: this.#scheduler.activeSessions,
      turnsServed: this.#turnsServed,
      ...(this.#options.agents && { agents }),
    };
  }

  /** Each agent's sessions and turns since start. */
  readonly #counters = new Map<string, { sessions: Set<string>; turnsServed: number }>();

  #count(agent: string, key: string, turn: boolean): void {
    let counters = this.#counters.get(agent);
    if (!counters) {
      counters = { sessions: new Set(), turnsServed: 0 };
      this.#counters.set(agent, counters);
    }
    counters.sessions.add(key);
    if (turn) counters.turnsServed++;
  }

  async #handle(key: string, { entry, agent }: Routed): Promise<void> {
    const inbound = entry.message;
    let outcome: TurnOutcome;
    try {
      await this.#ready;
      const parts = await this.#partsOf(agent);
      outcome = await this.#dispatch(key, entry, parts);
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
  async #dispatch(key: string, entry: JournalEntry, parts: AgentParts): Promise<TurnOutcome> {
    const inbound = this.#addressed(entry.message, parts.runtime.id);
    if (entry.progress.type === "answered") {
      return await parts.turns.run(key, entry, inbound, sanitizeText(inbound.text), this.#root.signal);
    }
    if (this.#root.signal.aborted) return { message: inbound, sessionKey: key, status: "deferred" };
    const admitted = await this.#admit(key, entry, inbound, parts);
    if (admitted.type === "handled") {
      await entry.complete();
      return admitted.outcome;
    }
    this.#count(parts.runtime.id, key, true);
    try {
      const { message, text, skill } = admitted;
      return await parts.turns.run(key, entry, message, text, this.#root.signal, skill);
    } finally {
      this.#turnsServed++;
    }
  }

  /** With several agents, the message names its agent (usage records and background results carry it). */
  #addressed(message: InboundMessage, agent: string): InboundMessage {
    return this.#options.agents ? addressedTo(message, agent) : message;
  }

  /** Decides whether the entry's message gets a turn; answers it here when not. */
  async #admit(
    key: string,
    entry: JournalEntry,
    inbound: InboundMessage,
    parts: AgentParts,
  ): Promise<
    | { type: "handled"; outcome: TurnOutcome }
    | { type: "turn"; message: InboundMessage; text: string; skill?: InvokedSkill }
  > {
    const handled = (outcome: Omit<TurnOutcome, "sessionKey">) =>
      ({ type: "handled", outcome: { ...outcome, sessionKey: key } }) as const;
    if (isTooOld(entry, this.#options.agent.max_message_age)) {
      this.#log.info(
        { channel: inbound.channel, chatId: inbound.chatId, sentAt: new Date(inbound.receivedAt).toISOString() },
        "not answering a message that was older than max_message_age when it arrived",
      );
      return handled({ message: inbound, status: "gated" });
    }
    const admission = await this.#gates.admit(inbound);
    if (admission.type === "reply") {
      await this.#replies.send(inbound, admission.text);
      return handled({ message: inbound, status: "gated", reply: admission.text });
    }
    if (admission.type === "ignore") return handled({ message: inbound, status: "gated" });
    const message = admission.message;
    try {
      validateSessionKey(key);
    } catch (error) {
      this.#log.warn({ session: key, error: errorText(error) }, "message refused: invalid session id");
      await this.#replies.send(message, "Sorry — I can't keep a conversation for this chat (its id is not usable).");
      return handled({ message, status: "failed", error: errorText(error) });
    }
    const text = sanitizeText(message.text);
    const line = message.internal ? undefined : parseCommandLine(text);
    const { runtime, turns } = parts;
    if (line?.name === "agent") {
      this.#count(runtime.id, key, false);
      const reply = agentText(runtime, await sessionModelOf(key, parts));
      await this.#replies.send(message, reply);
      return handled({ message, status: "command", reply });
    }
    const command = line && chatCommandOf(line);
    if (command) {
      this.#count(runtime.id, key, false);
      const settings = runtime.defaults.compaction;
      const reply = await runChatCommand(command, key, message, {
        sessions: this.#options.sessions,
        replies: this.#replies,
        models: parts.models,
        ...(this.#options.agents && { agent: runtime }),
        conversation: conversationCommands(
          turns.compactor,
          () => turns.conversationRequest(key, message, this.#root.signal),
          settings ?? { threshold: 0.6, keep_recent: 10 },
        ),
      });
      if (command.name === "new") this.#options.onConversationReset?.(key);
      return handled({ message, status: "command", reply });
    }
    const skills = runtime.skills;
    const snapshot = skills && !message.internal && text.startsWith("/") ? await skills.skills() : undefined;
    const skillCommand = snapshot && parseSkillCommand(text, snapshot, skills!.commandEnv);
    if (skillCommand && skillCommand.type !== "invoke") {
      this.#count(runtime.id, key, false);
      const reply = skillCommand.type === "list" ? skillListText(snapshot!, message) : skillCommand.text;
      await this.#replies.send(message, reply);
      return handled({ message, status: "command", reply });
    }
    const budget = await runtime.budgets?.check(callerOf(message));
    if (budget?.type === "reached") {
      await this.#replies.send(message, budget.text);
      return handled({ message, status: "gated", reply: budget.text });
    }
    if (skillCommand?.type === "invoke") {
      const request = skillCommand.request || `Use the ${skillCommand.invoked.name} skill.`;
      return { type: "turn", message, text: request, skill: skillCommand.invoked };
    }
    return { type: "turn", message, text };
  }
}

/** A platform message that was older than `max_message_age` seconds when it was first recorded. */
function isTooOld(entry: JournalEntry, maxAgeSeconds: number): boolean {
  return !entry.message.internal && entry.recordedAt - entry.message.receivedAt > maxAgeSeconds * 1000;
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
  };
  return { agentFor: () => MAIN_AGENT, runtime: async () => runtime, ids: () => [MAIN_AGENT] };
}

/** The model a conversation of this agent uses now. */
function sessionModelOf(key: string, parts: AgentParts): Promise<string> {
  return sessionModel(key, parts.models);
}

/** What the daemon status counts of the agent loop. */
export interface AgentLoopStats {
  sessions: number;
  activeSessions: number;
  turnsServed: number;
  /** With `agents.list`: each agent's sessions and turns since start. */
  agents?: Record<string, { sessions: number; turnsServed: number }>;
}
