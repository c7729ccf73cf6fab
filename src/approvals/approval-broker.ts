import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type {
  ApprovalChoice,
  ApprovalDecisions,
  ApprovalHandle,
  ApprovalPress,
  ApprovalPrompt,
  PressAnswer,
} from "../channel-kit/approval.js";
import type { Channel } from "../channel-kit/channel.js";
import type { ApprovalGate, ApprovalRequest, ApprovalVerdict } from "../tools/approval-gate.js";
import type { ApprovalRelay, RelayedDecision } from "./approval-relay.js";
import { callKey, summarizeArguments } from "./call-summary.js";

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

/** How long a shared request outlives its timeout in Redis (a press then is answered as gone). */
const SHARED_REQUEST_MARGIN_MS = 5_000;

/** Why a request ended without an answer from a person. */
type Ending = { type: "timeout" } | { type: "cancelled"; reason: string };

interface Pending {
  prompt: ApprovalPrompt;
  key: string;
  sessionKey: string;
  /** `channel:userId` of the sender whose message started the turn. */
  requester: string;
  settle(choice: ApprovalChoice): void;
}

/** What the model is told for each way a request can end without running the call. */
export const DENIAL = {
  denied: "denied by the user",
  timeout: "approval timed out",
  noPrompt: "this chat cannot show approval prompts, so the call was not run",
  promptFailed: "the approval prompt could not be posted, so the call was not run",
  restart: "the bot is restarting; nothing was run (ask again after the restart)",
} as const;

const NOT_YOURS = "Not yours to approve.";
const GONE = "This request is no longer pending.";
const EXPIRED = "This request expired: the bot process that asked for it stopped, so nothing was run.";

/**
 * Pending approvals (`tools.approval: ask`). The registry asks through {@link approve}; the
 * prompt goes to the turn's chat; channels report button presses through {@link press},
 * outside any turn queue. A decision is bound to one call (tool name and a hash of its
 * arguments) and used once; "for this conversation" also approves the same call for the
 * rest of the session (until `/new`, see {@link forgetConversation}). Everything is kept in
 * memory: at shutdown, pending requests are denied and their prompts say so.
 */
export class ApprovalBroker implements ApprovalGate, ApprovalDecisions {
  readonly #options: ApprovalBrokerOptions;
  readonly #approvers: ReadonlySet<string>;
  readonly #pending = new Map<string, Pending>();
  /** Calls approved for the rest of a conversation, by session key. */
  readonly #grants = new Map<string, Set<string>>();
  readonly #closing = new AbortController();
  /** `approve` calls not finished yet (shutdown waits for their prompts to be updated). */
  readonly #asking = new Set<Promise<ApprovalVerdict>>();

  constructor(options: ApprovalBrokerOptions) {
    this.#options = options;
    this.#approvers = new Set(options.approvers ?? []);
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
    const key = callKey(request.tool, request.args);
    if (await this.#isGranted(ctx.sessionKey, key)) return { type: "approved" };
    if (this.#closing.signal.aborted) return denied(DENIAL.restart);
    const channel = this.#options.channel(ctx.channel);
    if (!channel?.askApproval) return denied(DENIAL.noPrompt);

    const prompt = this.#promptFor(request);
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
    });
    await this.#share(prompt, `${ctx.channel}:${ctx.senderId}`);
    // Out of #pending at once, before the prompt is updated: a press from then on finds it gone.
    const end = (ending: Ending) => {
      if (this.#withdraw(prompt.id)) settle(ending);
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
        ctx.log.warn({ err: error, tool: request.tool }, "posting the approval prompt failed");
        return denied(DENIAL.promptFailed);
      }
      this.#options.log.info({ id: prompt.id, tool: request.tool, session: ctx.sessionKey }, "waiting for approval");
      const outcome = await answer;
      if (typeof outcome === "string") {
        this.#options.log.info({ id: prompt.id, tool: request.tool, choice: outcome }, "approval decided");
        return outcome === "deny" ? denied(DENIAL.denied) : { type: "approved" };
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
    const refusal = this.#refusal(press, pending && requestOf(pending));
    if (refusal || !pending) return refusal ?? { type: "gone", text: GONE };
    if (press.choice === "conversation") {
      const grants = this.#grants.get(pending.sessionKey) ?? new Set<string>();
      grants.add(pending.key);
      this.#grants.set(pending.sessionKey, grants);
    }
    return this.#decide(press, pending);
  }

  /** Forgets the "for this conversation" approvals of a session (`/new`). */
  forgetConversation(sessionKey: string): void {
    this.#grants.delete(sessionKey);
    void this.#options.relay
      ?.forgetConversation(sessionKey)
      .catch((error: unknown) =>
        this.#options.log.warn({ err: error, session: sessionKey }, "forgetting shared approvals failed"),
      );
  }

  /** Why a press cannot decide `pending` (gone, or not the presser's to decide); undefined when it can. */
  #refusal(press: ApprovalPress, request: { channel: string; requester: string } | undefined): PressAnswer | undefined {
    if (!request || request.channel !== press.channel) return { type: "gone", text: GONE };
    const presser = `${press.channel}:${press.by.userId}`;
    if (presser === request.requester || this.#approvers.has(presser)) return undefined;
    this.#options.log.info({ id: press.id, presser }, "approval press refused: not the requester nor an approver");
    return { type: "refused", text: NOT_YOURS };
  }

  /** Takes a request of this process out of the pending ones (and the cluster's); false when it was no longer there. */
  #withdraw(id: string): boolean {
    if (!this.#pending.delete(id)) return false;
    void this.#options.relay?.withdraw(id).catch(() => undefined);
    return true;
  }

  /** Settles a request of this process with the press's choice. */
  #decide(press: ApprovalPress, pending: Pending): PressAnswer {
    this.#pending.delete(press.id);
    pending.settle(press.choice);
    return { type: "decided", text: decidedText(pending.prompt.text, press) };
  }

  /** Cluster: a press for a request of this process, decided here once no other process decided it first. */
  async #pressClaimed(press: ApprovalPress, pending: Pending, relay: ApprovalRelay): Promise<PressAnswer> {
    const refusal = this.#refusal(press, pending && requestOf(pending));
    if (refusal) return refusal;
    // Redis out of reach: no other process can decide it either, so this one does.
    const claimed = await relay.claim(press.id).catch(() => true);
    if (!claimed || this.#pending.get(press.id) !== pending) return { type: "gone", text: GONE };
    if (press.choice === "conversation") await this.#grant(pending);
    return this.#pending.get(press.id) === pending ? this.#decide(press, pending) : { type: "gone", text: GONE };
  }

  /** Cluster: a press for a request that waits in another process (or in none any more). */
  async #pressElsewhere(press: ApprovalPress, relay: ApprovalRelay): Promise<PressAnswer> {
    try {
      const request = await relay.find(press.id);
      const refusal = this.#refusal(press, request);
      if (refusal || !request) return refusal ?? { type: "gone", text: GONE };
      const outcome = await relay.decide({ id: press.id, choice: press.choice, by: press.by });
      this.#options.log.info({ id: press.id, choice: press.choice, outcome }, "approval press relayed");
      if (outcome === "orphaned") return { type: "gone", text: EXPIRED };
      return outcome === "delivered"
        ? { type: "decided", text: decidedText(request.text, press) }
        : { type: "gone", text: GONE };
    } catch (error) {
      this.#options.log.warn({ err: error, id: press.id }, "relaying an approval press failed");
      return { type: "gone", text: GONE };
    }
  }

  /** Cluster: a decision another process made for a request of this one. */
  async #onRelayedDecision(decision: RelayedDecision): Promise<void> {
    const pending = this.#pending.get(decision.id);
    if (!pending) return;
    if (decision.choice === "conversation") await this.#grant(pending);
    if (this.#pending.get(decision.id) !== pending) return;
    this.#pending.delete(decision.id);
    pending.settle(decision.choice);
  }

  /** Cluster: posts the request where every process finds it (a failure leaves it to this process's presses). */
  async #share(prompt: ApprovalPrompt, requester: string): Promise<void> {
    const request = { id: prompt.id, channel: prompt.channel, requester, text: prompt.text };
    await this.#options.relay
      ?.publish(request, this.#options.timeoutMs + SHARED_REQUEST_MARGIN_MS)
      .catch((error: unknown) =>
        this.#options.log.warn(
          { err: error, id: prompt.id },
          "sharing the approval request failed: only presses reaching this process decide it",
        ),
      );
  }

  async #isGranted(sessionKey: string, key: string): Promise<boolean> {
    const { relay } = this.#options;
    if (!relay) return this.#grants.get(sessionKey)?.has(key) ?? false;
    return relay.isGranted(sessionKey, key).catch((error: unknown) => {
      this.#options.log.warn({ err: error, session: sessionKey }, "reading shared approvals failed: asking again");
      return false;
    });
  }

  async #grant(pending: Pending): Promise<void> {
    await this.#options.relay
      ?.grant(pending.sessionKey, pending.key)
      .catch((error: unknown) =>
        this.#options.log.warn(
          { err: error, session: pending.sessionKey },
          "sharing an approval for the conversation failed",
        ),
      );
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

  #promptFor(request: ApprovalRequest): ApprovalPrompt {
    const { ctx } = request;
    const summary = summarizeArguments(request.args, this.#options.redact);
    return {
      id: randomBytes(8).toString("hex"),
      channel: ctx.channel,
      chatId: ctx.chatId,
      ...(ctx.threadId ? { threadId: ctx.threadId } : {}),
      tool: request.tool,
      summary,
      text: `🔐 Approval needed: the agent wants to run ${request.tool}\n${summary}`,
    };
  }
}

function denied(message: string): ApprovalVerdict {
  return { type: "denied", message };
}

function requestOf(pending: Pending): { channel: string; requester: string } {
  return { channel: pending.prompt.channel, requester: pending.requester };
}

/** The prompt's text once decided: the decision and who made it below. */
function decidedText(promptText: string, press: ApprovalPress): string {
  return `${promptText}\n\n${decisionLine(press.choice)} by ${press.by.name ?? press.by.userId}`;
}

function decisionLine(choice: ApprovalChoice): string {
  if (choice === "once") return "✅ Allowed once";
  if (choice === "conversation") return "✅ Allowed for this conversation";
  return "🚫 Denied";
}

function timeoutLine(timeoutMs: number): string {
  return `⌛ No answer within ${Math.round(timeoutMs / 1000)} s: not run.`;
}
