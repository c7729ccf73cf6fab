import type { JournalEntry } from "../../bus/journal.js";
import type { MessageBus } from "../../bus/message-bus.js";
import { chatKeyOf, type InboundMessage } from "../../bus/messages.js";
import type { SkeinConfig } from "../../config/schema.js";
import type { DelegatePort, DelegateRequest, DelegateResult } from "../../tools/delegate-port.js";
import { ToolError } from "../../tools/tool.js";
import { callerOf } from "../../usage/usage-ledger.js";
import { settleWithin } from "../../util/settle-within.js";
import type { AgentParts } from "../agent-parts.js";
import { agentSessionKey, MAIN_AGENT } from "../agent-runtime.js";
import { sessionModel } from "../commands/model-commands.js";
import { ShuttingDown } from "../turn/apology.js";
import { errorText } from "../turn/chat-replies.js";
import { type ChildRunDeps, runChild } from "./child-run.js";
import {
  type ChildOutcome,
  childSessionKey,
  type DelegationMessage,
  delegationMessage,
  delegationMessageId,
  labelOf,
  resultNote,
  SubagentStopped,
  SubagentTimeout,
  subagentIdOf,
} from "./delegation.js";

/**
 * Sub-agents (the `delegate` tool): children that work on a task in conversations of their own
 * while their chat goes on. A background delegation is journaled like a platform message, in the
 * chat it came from (in a cluster: under that chat's partition lease); the journal hands it to
 * {@link Subagents.accept}, which runs the child outside the chat's turn queue, and the child's
 * result comes back as the turn that answers the journaled message (the loop's `deliver`), so it
 * reaches the chat exactly once, across crashes. A waited delegation runs inside the calling
 * tool call and is not journaled. This class keeps the running children, their limits, and
 * `/subagents` (see subagents-command.ts).
 */

/** A running child as the status, the dashboard and `/subagents` show it. */
export interface RunningSubagent {
  id: string;
  label: string;
  /** The agent that runs it. */
  agent: string;
  /** The chat it works for (`channel:chatId`) and the session its result goes to. */
  chat: string;
  session: string;
  /** Epoch milliseconds. */
  startedAt: number;
  depth: number;
  /** Its delegating call waits for it (not journaled). */
  wait: boolean;
}

interface Child extends RunningSubagent {
  senderId: string;
  controller: AbortController;
  done: Promise<unknown>;
}

/** The turn a delegation comes from: a chat's (depth 0), or a child's. */
interface Origin {
  message: InboundMessage;
  sessionKey: string;
  /** The agent that delegates. */
  agent: string;
  depth: number;
  /** A child's own model, which its delegations to the same agent keep. */
  model?: string;
}

type Settings = SkeinConfig["agents"]["defaults"]["subagents"];

export interface SubagentsOptions extends ChildRunDeps {
  bus: ChildRunDeps["bus"] & Pick<MessageBus, "publishInbound">;
  /** `agents.defaults.subagents.max_concurrent` (the whole daemon's). */
  maxConcurrent: number;
  /** An agent's parts, built on first use. */
  partsOf(agent: string): Promise<AgentParts>;
  /** Every agent id. */
  agentIds(): readonly string[];
  /** Runs the result turn of a journaled delegation in the parent's session, with `note` as its message. */
  deliver(entry: JournalEntry, note: string): void;
  /** Settles once turns may run (tools connected, channels started). */
  ready(): Promise<void>;
  /** Whether a sender may change a conversation's settings (and stop anyone's sub-agents there). */
  mayConfigure(message: InboundMessage): boolean | Promise<boolean>;
  now?: () => number;
}

export class Subagents {
  readonly #options: SubagentsOptions;
  readonly #running = new Map<string, Child>();
  /** Delegations being prepared or recorded (each counts as running), with their chat. */
  readonly #reserved = new Map<string, string>();
  #holds = 0;
  #closed = false;

  constructor(options: SubagentsOptions) {
    this.#options = options;
  }

  /** The `delegate` port of a turn answering `message` in `sessionKey` (a chat's turn). */
  portFor(message: InboundMessage, sessionKey: string): DelegatePort {
    return this.#port({ message, sessionKey, agent: message.agentId ?? MAIN_AGENT, depth: 0 });
  }

  #port(origin: Origin): DelegatePort {
    let calls = 0;
    return { delegate: (request, signal) => this.#delegate(origin, ++calls, request, signal) };
  }

  /** The children running now, oldest first; with `chat` (`channel:chatId`), that chat's. */
  list(chat?: string): RunningSubagent[] {
    return [...this.#running.values()]
      .filter((child) => chat === undefined || child.chat === chat)
      .map(({ id, label, agent, chat, session, startedAt, depth, wait }) => ({
        id,
        label,
        agent,
        chat,
        session,
        startedAt,
        depth,
        wait,
      }));
  }

  /**
   * A journaled delegation handed out by the journal (just recorded, or left unfinished by an
   * earlier run): its child runs now, then its result turn is delivered.
   */
  accept(entry: JournalEntry & { message: DelegationMessage }): void {
    const { message } = entry;
    this.#reserved.delete(message.id);
    if (this.#closed || this.#running.has(message.delegation.id)) return;
    const child = this.#register(message, false);
    child.done = this.#runInBackground(entry, child);
  }

  /**
   * `/subagents stop <id>` from `message`'s chat: the child's model request and commands are aborted,
   * a journaled one completed (no result, not run again). Resolves with what the chat is told.
   */
  async stop(id: string, message: InboundMessage): Promise<string> {
    const child = this.#running.get(id);
    if (!child || child.chat !== chatKeyOf(message))
      return `No sub-agent ${id} is running for this chat (see /subagents).`;
    if (child.senderId !== message.senderId && !(await this.#options.mayConfigure(message)))
      return "Sorry — only the person who started it or an allowed sender can stop it.";
    child.controller.abort(new SubagentStopped());
    await settleWithin(child.done, 10_000);
    return `Stopped the sub-agent "${child.label}" (${child.id}): it does nothing more and will not report back.`;
  }

  /** Shutdown: every child is aborted; journaled ones run again after the next start. */
  close(): Promise<unknown> {
    this.#closed = true;
    for (const child of this.#running.values()) child.controller.abort(new ShuttingDown("shutting down"));
    return Promise.allSettled([...this.#running.values()].map((child) => child.done));
  }

  async #delegate(
    origin: Origin,
    call: number,
    request: DelegateRequest,
    signal: AbortSignal,
  ): Promise<DelegateResult> {
    if (this.#closed) throw new ToolError("ExecutionFailed", "the bot is restarting; delegate again after the restart");
    const { partsOf, agentIds } = this.#options;
    const parent = await partsOf(origin.agent);
    const settings = parent.runtime.defaults.subagents;
    const depth = origin.depth + 1;
    if (depth > settings.max_depth)
      throw new ToolError(
        "PermissionDenied",
        `a sub-agent at depth ${origin.depth} may not delegate (agents.defaults.subagents.max_depth is ${settings.max_depth})`,
      );
    const agent = request.agent ?? origin.agent;
    if (!agentIds().includes(agent))
      throw new ToolError("InvalidArgs", `there is no agent "${agent}"; the agents are: ${agentIds().join(", ")}`);
    const chat = chatKeyOf(origin.message);
    // Counted from now on, so that delegations prepared at the same time cannot pass a limit together.
    const hold = this.#hold(chat, settings);
    try {
      const budget = await parent.runtime.budgets?.check(callerOf(origin.message));
      if (budget?.type === "reached") throw new ToolError("PermissionDenied", budget.text);
      const child = agent === origin.agent ? parent : await partsOf(agent);
      const model =
        settings.model ??
        (agent !== origin.agent
          ? child.runtime.defaults.model
          : (origin.model ?? (await sessionModel(origin.sessionKey, parent.models))));
      const id = delegationMessageId(origin.message.id, call, agent, request.task);
      const label = labelOf(request.label, request.task);
      const delegation = { id: subagentIdOf(id), label, task: request.task, agent, model, depth };
      const message = delegationMessage(origin.message, id, delegation, this.#now());
      // A child's own delegations wait: nothing could take a result back into its finished conversation.
      if (request.wait || origin.depth > 0) return await this.#runWaited(message, signal, hold);
      return await this.#startInBackground(message, chat, hold);
    } finally {
      this.#reserved.delete(hold);
    }
  }

  /** Counts a delegation being prepared for `chat` (returns its key), or refuses it over a limit, naming it. */
  #hold(chat: string, settings: Settings): string {
    this.#checkLimits(chat, settings);
    const hold = `hold:${++this.#holds}`;
    this.#reserved.set(hold, chat);
    return hold;
  }

  #checkLimits(chat: string, settings: Settings): void {
    const inChat = (key: string) => key === chat;
    const all = [...[...this.#running.values()].map((child) => child.chat), ...this.#reserved.values()];
    if (all.length >= this.#options.maxConcurrent)
      throw new ToolError(
        "ExecutionFailed",
        `sub-agent limit reached: agents.defaults.subagents.max_concurrent is ${this.#options.maxConcurrent} ` +
          "running at once; wait for one to end",
      );
    if (all.filter(inChat).length >= settings.max_per_chat)
      throw new ToolError(
        "ExecutionFailed",
        `sub-agent limit reached: agents.defaults.subagents.max_per_chat is ${settings.max_per_chat} running ` +
          "for one chat; wait for one to end (see /subagents)",
      );
  }

  /** Journals the delegation (the journal hands it to {@link accept}); resolves once it is durable. */
  async #startInBackground(message: DelegationMessage, chat: string, hold: string): Promise<DelegateResult> {
    const { delegation } = message;
    this.#reserved.set(message.id, chat);
    this.#reserved.delete(hold);
    try {
      const recorded = await this.#options.bus.publishInbound(message);
      if (recorded.type === "duplicate") {
        this.#reserved.delete(message.id);
        this.#options.log.info({ subagent: delegation.id }, "delegated already by an earlier attempt of this turn");
      }
    } catch (error) {
      this.#reserved.delete(message.id);
      throw new ToolError("ExecutionFailed", `the sub-agent could not be started: ${errorText(error)}`);
    }
    // Clustered, the journal hands it out a moment later (or another process does, after a takeover).
    if (this.#reserved.has(message.id)) setTimeout(() => this.#reserved.delete(message.id), 60_000).unref();
    this.#options.log.info(
      { subagent: delegation.id, agent: delegation.agent, chat, depth: delegation.depth },
      "sub-agent started",
    );
    return { type: "started", id: delegation.id, label: delegation.label };
  }

  /** Runs a child inside the delegating call: its outcome is the call's result. */
  async #runWaited(message: DelegationMessage, signal: AbortSignal, hold: string): Promise<DelegateResult> {
    const child = this.#register(message, true);
    this.#reserved.delete(hold);
    const run = this.#run(child, message, AbortSignal.any([child.controller.signal, signal]));
    child.done = run;
    let outcome: ChildOutcome;
    try {
      outcome = await run;
    } finally {
      this.#end(child);
    }
    const { id, label } = message.delegation;
    switch (outcome.status) {
      case "finished":
        return { type: "ended", id, label, status: "finished", answer: outcome.answer };
      case "stopped":
        return { type: "ended", id, label, status: "stopped", error: "stopped by a person in the chat" };
      case "interrupted":
        throw new ToolError("ExecutionFailed", "the bot is restarting; the sub-agent was stopped");
      default:
        return { type: "ended", id, label, status: outcome.status, error: outcome.error };
    }
  }

  #register(message: DelegationMessage, wait: boolean): Child {
    const { delegation } = message;
    const child: Child = {
      id: delegation.id,
      label: delegation.label,
      agent: delegation.agent,
      chat: chatKeyOf(message),
      session: agentSessionKey(message.agentId ?? MAIN_AGENT, message),
      startedAt: this.#now(),
      depth: delegation.depth,
      wait,
      senderId: message.senderId,
      controller: new AbortController(),
      done: Promise.resolve(),
    };
    this.#running.set(child.id, child);
    return child;
  }

  #end(child: Child): void {
    if (this.#running.get(child.id) === child) this.#running.delete(child.id);
  }

  /**
   * A journaled child: runs once turns may, then its result turn is delivered; a stopped child's entry
   * is completed; one cut short by a shutdown stays in the journal.
   */
  async #runInBackground(entry: JournalEntry & { message: DelegationMessage }, child: Child): Promise<void> {
    const { message } = entry;
    try {
      await this.#options.ready();
      const outcome = await this.#run(child, message, child.controller.signal);
      if (outcome.status === "interrupted") return;
      if (outcome.status === "stopped") {
        await entry.complete();
        this.#options.log.info({ subagent: child.id }, "sub-agent stopped");
        return;
      }
      this.#options.log.info({ subagent: child.id, status: outcome.status }, "sub-agent ended");
      // Stopping: the result turn runs after the next start, from the outcome stored in the child's session.
      if (!this.#closed) this.#options.deliver(entry, resultNote(message.delegation, outcome));
    } catch (error) {
      this.#options.log.error({ err: error, subagent: child.id }, "running a sub-agent failed");
    } finally {
      this.#end(child);
    }
  }

  /** Runs the child as its agent, within the time limit; never throws. */
  async #run(child: Child, message: DelegationMessage, signal: AbortSignal): Promise<ChildOutcome> {
    const { delegation } = message;
    let parts: AgentParts;
    try {
      parts = await this.#options.partsOf(delegation.agent);
    } catch (error) {
      return { status: "failed", error: `its agent "${delegation.agent}" could not be started (${errorText(error)})` };
    }
    const settings = parts.runtime.defaults.subagents;
    const timer = setTimeout(
      () => child.controller.abort(new SubagentTimeout(settings.timeout)),
      settings.timeout * 1000,
    );
    timer.unref();
    try {
      const mayDelegate = delegation.depth < settings.max_depth;
      return await runChild(this.#options, {
        message,
        runtime: parts.runtime,
        signal,
        ...(mayDelegate && {
          delegate: this.#port({
            message,
            sessionKey: childSessionKey(message),
            agent: delegation.agent,
            depth: delegation.depth,
            model: delegation.model,
          }),
        }),
      });
    } finally {
      clearTimeout(timer);
    }
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }
}
