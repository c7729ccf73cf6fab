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
}

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
    if (this.#grants.get(ctx.sessionKey)?.has(key)) return { type: "approved" };
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
    const timer = setTimeout(() => settle({ type: "timeout" }), this.#options.timeoutMs);
    timer.unref();
    const onAbort = () => settle({ type: "cancelled", reason: "the turn ended before an answer" });
    const onClosing = () => settle({ type: "cancelled", reason: DENIAL.restart });
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
      this.#pending.delete(prompt.id);
      ctx.signal.removeEventListener("abort", onAbort);
      this.#closing.signal.removeEventListener("abort", onClosing);
    }
  }

  /** A button press from a channel: decides the request when the presser may, at once and without queueing. */
  press(press: ApprovalPress): PressAnswer {
    const pending = this.#pending.get(press.id);
    if (!pending || pending.prompt.channel !== press.channel) return { type: "gone", text: GONE };
    const presser = `${press.channel}:${press.by.userId}`;
    if (presser !== pending.requester && !this.#approvers.has(presser)) {
      this.#options.log.info({ id: press.id, presser }, "approval press refused: not the requester nor an approver");
      return { type: "refused", text: NOT_YOURS };
    }
    this.#pending.delete(press.id);
    if (press.choice === "conversation") {
      const grants = this.#grants.get(pending.sessionKey) ?? new Set<string>();
      grants.add(pending.key);
      this.#grants.set(pending.sessionKey, grants);
    }
    pending.settle(press.choice);
    const who = press.by.name ?? press.by.userId;
    return { type: "decided", text: `${pending.prompt.text}\n\n${decisionLine(press.choice)} by ${who}` };
  }

  /** Forgets the "for this conversation" approvals of a session (`/new`). */
  forgetConversation(sessionKey: string): void {
    this.#grants.delete(sessionKey);
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

function decisionLine(choice: ApprovalChoice): string {
  if (choice === "once") return "✅ Allowed once";
  if (choice === "conversation") return "✅ Allowed for this conversation";
  return "🚫 Denied";
}

function timeoutLine(timeoutMs: number): string {
  return `⌛ No answer within ${Math.round(timeoutMs / 1000)} s: not run.`;
}
