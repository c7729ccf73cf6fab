import type { Logger } from "pino";
import {
  type ApprovalChoice,
  type ApprovalDecisions,
  type ApprovalHandle,
  type ApprovalPress,
  type ApprovalPrompt,
  type PressAnswer,
  PromptTooLong,
} from "../channel-kit/approval.js";
import type { Channel } from "../channel-kit/channel.js";
import type { ApprovalGate, ApprovalRequest, ApprovalVerdict } from "../tools/approval-gate.js";
import { approvalPrompt, DENIAL, denied, timeoutLine, tooLongDenial } from "./approval-prompt.js";
import type { ApprovalRelay, RelayedDecision } from "./approval-relay.js";
import { callKey } from "./call-summary.js";
import { ConversationGrants } from "./conversation-grants.js";
import { DecisionLog } from "./decision-log.js";
import {
  ANSWER,
  choiceOf,
  decidedText,
  EndedRequests,
  gone,
  type PressedRequest,
  type PressJudge,
  refusalOf,
} from "./press-answers.js";
import { requestsElsewhere, shareRequest, type WaitingRequest } from "./shared-requests.js";

export { DENIAL } from "./approval-prompt.js";

export interface ApprovalBrokerOptions {
  /** The running channel of this name, where prompts are posted. */
  channel: (name: string) => Pick<Channel, "askApproval" | "settleApproval"> | undefined;
  /** `tools.approvers`: `channel:userId` of people who may decide for anyone. */
  approvers?: readonly string[];
  /** `tools.approval_timeout` in milliseconds: no answer by then is a denial. */
  timeoutMs: number;
  log: Logger;
  /** Removes the config's secrets from a prompt's text. */
  redact?: (text: string) => string;
  /**
   * Cluster mode: shares pending requests and "for this conversation" grants with the other
   * processes, so that a press reaching any of them decides (closed with the broker).
   * Default: everything stays in this process.
   */
  relay?: ApprovalRelay;
}

/** Why a request ended without an answer from a person. */
type Ending = { type: "timeout" } | { type: "cancelled"; reason: string };

interface Pending {
  prompt: ApprovalPrompt;
  /** The call's grant key for "for this conversation": its identity and the state it depends on. */
  key: string;
  sessionKey: string;
  /** `channel:userId` of the sender whose message started the turn. */
  requester: string;
  /** The posted prompt's message, once known: only its own buttons decide. */
  handle?: ApprovalHandle;
  /** Epoch ms when no answer becomes a denial. */
  expiresAt: number;
  settle(choice: ApprovalChoice): void;
}

/**
 * Pending approvals (`tools.approval: ask`). The registry asks through {@link approve}; the
 * prompt goes to the turn's chat; channels report button presses through {@link press},
 * outside any turn queue. A decision is bound to one call (tool name and a hash of its
 * arguments) in one chat, is decided only by the prompt's own buttons in that chat, and is
 * used once; "for this conversation" also approves the same call for the rest of the session
 * (until `/new`, see {@link forgetConversation}) while the state it depends on (the workspace
 * for a command) is as the last approved run left it, and is never offered nor applied in a
 * turn nobody is present for. Everything is kept in memory: at shutdown, pending requests are
 * denied and their prompts say so.
 */
export class ApprovalBroker implements ApprovalGate, ApprovalDecisions {
  readonly #options: ApprovalBrokerOptions;
  readonly #pending = new Map<string, Pending>();
  /** Calls approved for the rest of a conversation. */
  readonly #grants: ConversationGrants;
  readonly #closing = new AbortController();
  /** `approve` calls not finished yet (shutdown waits for their prompts to be updated). */
  readonly #asking = new Set<Promise<ApprovalVerdict>>();
  readonly #ended = new EndedRequests();
  readonly #judge: PressJudge;
  /** The latest decisions, and the listeners of changes (the dashboard). */
  readonly decisions = new DecisionLog();

  constructor(options: ApprovalBrokerOptions) {
    this.#options = options;
    this.#grants = new ConversationGrants(options.relay, options.log);
    this.#judge = { approvers: new Set(options.approvers ?? []), ended: this.#ended, log: options.log };
    options.relay?.onDecision((decision) => void this.#onRelayedDecision(decision));
  }

  /** Asks the turn's chat whether the call may run; resolves with the answer, a timeout or a cancellation. */
  approve(request: ApprovalRequest): Promise<ApprovalVerdict> {
    const asking = this.#ask(request);
    this.#asking.add(asking);
    void asking.finally(() => this.#asking.delete(asking));
    return asking;
  }

  async #ask(request: ApprovalRequest): Promise<ApprovalVerdict> {
    const { ctx } = request;
    const call = callKey(request.tool, request.args);
    const grantKey = async () => (request.state ? `${call}@${await request.state()}` : call);
    const regrant = (previous: string) => async () => {
      const next = await grantKey();
      if (next !== previous) await this.#grants.regrant(ctx.sessionKey, previous, next);
    };
    const key = ctx.unattended ? call : await grantKey();
    if (!ctx.unattended && (await this.#grants.has(ctx.sessionKey, key)))
      return { type: "approved", ran: regrant(key) };
    if (this.#closing.signal.aborted) return denied(DENIAL.restart);
    const { relay } = this.#options;
    const channel = this.#options.channel(ctx.channel);
    if (!channel?.askApproval) return denied(DENIAL.noPrompt);

    const prompt = approvalPrompt(request, this.#options.redact);
    let settle!: (choice: ApprovalChoice | Ending) => void;
    const answer = new Promise<ApprovalChoice | Ending>((resolve) => {
      settle = resolve;
    });
    this.#pending.set(prompt.id, {
      prompt,
      key,
      sessionKey: ctx.sessionKey,
      requester: `${ctx.channel}:${ctx.senderId}`,
      settle,
      expiresAt: Date.now() + this.#options.timeoutMs,
    });
    this.decisions.changed();
    await shareRequest(relay, prompt, `${ctx.channel}:${ctx.senderId}`, this.#options.timeoutMs, this.#options.log);
    // Out of #pending at once, before the prompt is updated: a press from then on finds it gone.
    const end = (ending: Ending) => {
      if (!this.#withdraw(prompt.id)) return;
      this.#ended.add(prompt.id, "expired");
      settle(ending);
    };
    const timer = setTimeout(() => end({ type: "timeout" }), this.#options.timeoutMs);
    timer.unref();
    const onAbort = () => end({ type: "cancelled", reason: "the turn ended before an answer" });
    const onClosing = () => end({ type: "cancelled", reason: DENIAL.restart });
    ctx.signal.addEventListener("abort", onAbort, { once: true });
    this.#closing.signal.addEventListener("abort", onClosing, { once: true });
    if (ctx.signal.aborted) onAbort();
    let handle: ApprovalHandle;
    try {
      try {
        handle = await channel.askApproval(prompt, ctx.signal);
      } catch (error) {
        if (error instanceof PromptTooLong) {
          ctx.log.info({ tool: request.tool, length: error.length, limit: error.limit }, "approval prompt too long");
          return denied(tooLongDenial(error));
        }
        ctx.log.warn({ err: error, tool: request.tool }, "posting the approval prompt failed");
        return denied(DENIAL.promptFailed);
      }
      const waiting = this.#pending.get(prompt.id);
      if (waiting) waiting.handle = handle;
      this.#options.log.info({ id: prompt.id, tool: request.tool, session: ctx.sessionKey }, "waiting for approval");
      const outcome = await answer;
      if (typeof outcome === "string") {
        this.#options.log.info({ id: prompt.id, tool: request.tool, choice: outcome }, "approval decided");
        if (outcome === "deny") return denied(DENIAL.denied);
        return outcome === "conversation" ? { type: "approved", ran: regrant(key) } : { type: "approved" };
      }
      const text = outcome.type === "timeout" ? timeoutLine(this.#options.timeoutMs) : `⏹ Not run: ${outcome.reason}.`;
      this.#options.log.info({ id: prompt.id, tool: request.tool, ending: outcome.type }, "approval not given");
      await this.#settlePrompt(channel, prompt, handle, `${prompt.text}\n\n${text}`);
      return denied(outcome.type === "timeout" ? DENIAL.timeout : outcome.reason);
    } finally {
      clearTimeout(timer);
      this.#withdraw(prompt.id);
      ctx.signal.removeEventListener("abort", onAbort);
      this.#closing.signal.removeEventListener("abort", onClosing);
    }
  }

  /**
   * A button press from a channel: decides the request when the presser may, at once and
   * without queueing. In a cluster the request may wait in another process: the decision is
   * relayed there (asynchronously), and a press for a process that stopped is answered as expired.
   */
  press(press: ApprovalPress): PressAnswer | Promise<PressAnswer> {
    const pending = this.#pending.get(press.id);
    const { relay } = this.#options;
    if (relay) return pending ? this.#pressClaimed(press, pending, relay) : this.#pressElsewhere(press, relay);
    const refusal = refusalOf(this.#judge, press, pending && requestOf(pending));
    if (refusal || !pending) return refusal ?? this.#ended.answerFor(press.id);
    // Without a relay the grant is made before this returns.
    if (choiceOf(press, pending.prompt) === "conversation") void this.#grants.grant(pending.sessionKey, pending.key);
    return this.#decide(press, pending);
  }

  /** Forgets the "for this conversation" approvals of a session (`/new`). */
  forgetConversation(sessionKey: string): void {
    this.#grants.forget(sessionKey);
  }

  /** Takes a request of this process out of the pending ones (and the cluster's); false when it was no longer there. */
  #withdraw(id: string): boolean {
    if (!this.#pending.delete(id)) return false;
    this.decisions.changed();
    void this.#options.relay?.withdraw(id).catch(() => undefined);
    return true;
  }

  /** Settles a request of this process with the press's choice. */
  #decide(press: ApprovalPress, pending: Pending, where = `${press.channel}:${press.chatId}`): PressAnswer {
    const choice = choiceOf(press, pending.prompt);
    this.#pending.delete(press.id);
    this.#ended.add(press.id, "decided");
    this.#record(pending.prompt, choice, press.by.name ?? `${press.channel}:${press.by.userId}`, where);
    pending.settle(choice);
    return { type: "decided", text: decidedText(pending.prompt.text, press, choice) };
  }

  /** Cluster: a press for a request of this process, decided here once no other process decided it first. */
  async #pressClaimed(press: ApprovalPress, pending: Pending, relay: ApprovalRelay): Promise<PressAnswer> {
    const refusal = refusalOf(this.#judge, press, requestOf(pending));
    if (refusal) return refusal;
    // Redis out of reach: no other process can decide it either, so this one does.
    const claimed = await relay.claim(press.id).catch(() => true);
    if (!claimed || this.#pending.get(press.id) !== pending) return this.#ended.answerFor(press.id);
    if (choiceOf(press, pending.prompt) === "conversation") await this.#grants.grant(pending.sessionKey, pending.key);
    return this.#pending.get(press.id) === pending ? this.#decide(press, pending) : this.#ended.answerFor(press.id);
  }

  /** Cluster: a press for a request that waits in another process (or in none any more). */
  async #pressElsewhere(press: ApprovalPress, relay: ApprovalRelay): Promise<PressAnswer> {
    try {
      const request = await relay.find(press.id);
      const refusal = refusalOf(this.#judge, press, request);
      if (refusal || !request) return refusal ?? gone(ANSWER.unknown);
      const choice = choiceOf(press, request);
      const outcome = await relay.decide({ id: press.id, choice, by: press.by });
      this.#options.log.info({ id: press.id, choice, outcome }, "approval press relayed");
      if (outcome === "orphaned") return gone(ANSWER.orphaned);
      return outcome === "delivered"
        ? { type: "decided", text: decidedText(request.text, press, choice) }
        : gone(ANSWER.unknown);
    } catch (error) {
      this.#options.log.warn({ err: error, id: press.id }, "relaying an approval press failed");
      return gone(ANSWER.unknown);
    }
  }

  /** Cluster: a decision another process made for a request of this one. */
  async #onRelayedDecision(decision: RelayedDecision): Promise<void> {
    const pending = this.#pending.get(decision.id);
    if (!pending) return;
    const choice = decision.choice === "conversation" && !pending.prompt.offersConversation ? "once" : decision.choice;
    if (choice === "conversation") await this.#grants.grant(pending.sessionKey, pending.key);
    if (this.#pending.get(decision.id) !== pending) return;
    this.#pending.delete(decision.id);
    this.#ended.add(decision.id, "decided");
    this.#record(pending.prompt, choice, decision.by.name ?? decision.by.userId, relayedWhere(decision));
    pending.settle(choice);
  }

  /** The requests waiting for an answer now: this process's, and in a cluster every other process's too. */
  async pendingRequests(): Promise<WaitingRequest[]> {
    const here = [...this.#pending.values()].map(({ prompt, requester, expiresAt }) => ({
      prompt,
      requester,
      expiresAt,
    }));
    const elsewhere = await requestsElsewhere(this.#options.relay, (id) => this.#pending.has(id));
    return [...here, ...elsewhere];
  }

  /**
   * The operator's decision from outside the chat (the dashboard, as `dashboard:<session>`): the
   * same request binding and expiry as the prompt's buttons (a request decided, timed out or
   * cancelled is gone), and the prompt in the chat is updated to say who decided. In a cluster
   * a request waiting in another process is decided there.
   */
  async decideFor(id: string, choice: ApprovalChoice, by: string): Promise<"decided" | "gone"> {
    const pending = this.#pending.get(id);
    const press: ApprovalPress = { channel: "dashboard", chatId: by, id, choice, by: { userId: by, name: by } };
    const { relay } = this.#options;
    if (!pending) {
      if (!relay) return "gone";
      const request = await relay.find(id).catch(() => undefined);
      if (!request) return "gone";
      const outcome = await relay.decide({ id, choice: choiceOf(press, request), by: press.by });
      return outcome === "delivered" ? "decided" : "gone";
    }
    if (relay && !(await relay.claim(id).catch(() => true))) return "gone";
    if (this.#pending.get(id) !== pending) return "gone";
    const chosen = choiceOf(press, pending.prompt);
    if (chosen === "conversation") await this.#grants.grant(pending.sessionKey, pending.key);
    if (this.#pending.get(id) !== pending) return "gone";
    const { text } = this.#decide(press, pending, by);
    const channel = this.#options.channel(pending.prompt.channel);
    if (channel && pending.handle) void this.#settlePrompt(channel, pending.prompt, pending.handle, text);
    return "decided";
  }

  #record(prompt: ApprovalPrompt, decision: ApprovalChoice, decidedBy: string, where: string): void {
    this.decisions.add({ id: prompt.id, tool: prompt.tool, decision, decidedBy, where, time: Date.now() });
  }

  /** Requests waiting for an answer now. */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /**
   * Shutdown: every pending request is denied (the model is told the bot is restarting) and
   * its prompt edited to say so; later requests are denied at once. Resolves once the
   * prompts were edited (or failed to be).
   */
  async close(): Promise<void> {
    this.#closing.abort();
    await Promise.all(this.#asking);
    await this.#options.relay?.close().catch(() => undefined);
  }

  async #settlePrompt(
    channel: Pick<Channel, "settleApproval">,
    prompt: ApprovalPrompt,
    handle: ApprovalHandle,
    text: string,
  ): Promise<void> {
    await channel
      .settleApproval?.(prompt, handle, text)
      .catch((error: unknown) =>
        this.#options.log.warn({ err: error, id: prompt.id }, "updating the approval prompt failed"),
      );
  }
}

/** The request of a pending entry as a press is judged against it. */
function requestOf(pending: Pending): PressedRequest {
  const { channel, chatId, threadId } = pending.prompt;
  return {
    channel,
    chatId,
    ...(threadId ? { threadId } : {}),
    ...(pending.handle ? { messageId: pending.handle.messageId } : {}),
    requester: pending.requester,
  };
}

/** Where a decision relayed from another process was made: the dashboard session, or a chat there. */
function relayedWhere(decision: RelayedDecision): string {
  return decision.by.userId.startsWith("dashboard:") ? decision.by.userId : "a chat (through another process)";
}
