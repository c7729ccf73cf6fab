import type { ApprovalChoice, ApprovalPresser } from "../channel-kit/approval.js";

/** A pending request as every process of a cluster sees it: enough to judge a press and answer it. */
export interface SharedApprovalRequest {
  id: string;
  /** The channel the prompt was posted in (a press from another channel does not match). */
  channel: string;
  /** The chat it was posted in, and the Discord thread: a press from another chat does not match. */
  chatId: string;
  threadId?: string;
  /** Whether "Allow for this conversation" was offered (a press for it otherwise allows once). */
  offersConversation: boolean;
  /** `channel:userId` of the sender whose message started the turn. */
  requester: string;
  /** The prompt's text: the decided prompt reads it with the decision below. */
  text: string;
  /** The tool and its arguments as the prompt shows them (for the dashboard). */
  tool?: string;
  summary?: string;
}

/** A decision made in one process for a request that waits in another. */
export interface RelayedDecision {
  id: string;
  choice: ApprovalChoice;
  by: ApprovalPresser;
}

/**
 * What deciding a request of another process came to: handed to the waiting process,
 * `gone` (decided already, withdrawn or expired) or `orphaned` (the process that asked is no
 * longer there to run the call).
 */
export type RelayOutcome = "delivered" | "gone" | "orphaned";

/**
 * How the approval broker of a clustered daemon shares its pending requests and the "for this
 * conversation" grants: a button press may reach any process (the one holding the Telegram
 * polling lease or the Discord gateway, any Slack receiver), while the turn that asked waits
 * in one. A request is decided once cluster-wide: a claim removes it for everyone.
 */
export interface ApprovalRelay {
  /** Makes a request of this process known to every process for at most `ttlMs`. */
  publish(request: SharedApprovalRequest, ttlMs: number): Promise<void>;
  /** Forgets a request (decided here, timed out or cancelled): a later press anywhere finds it gone. */
  withdraw(id: string): Promise<void>;
  /** Takes this process's own request for a decision made here; false when it was decided elsewhere first. */
  claim(id: string): Promise<boolean>;
  /** Every process's pending requests, with when each expires (epoch ms): the dashboard's list. */
  list?(): Promise<Array<SharedApprovalRequest & { expiresAt: number }>>;
  /** The pending request `id` of any process, or undefined. */
  find(id: string): Promise<SharedApprovalRequest | undefined>;
  /** Claims a request of another process and hands it the decision. */
  decide(decision: RelayedDecision): Promise<RelayOutcome>;
  /** Decisions made elsewhere for this process's requests. */
  onDecision(listener: (decision: RelayedDecision) => void): void;
  /** Whether the call `key` was allowed for the rest of the conversation `sessionKey`, in any process. */
  isGranted(sessionKey: string, key: string): Promise<boolean>;
  grant(sessionKey: string, key: string): Promise<void>;
  /** Forgets a conversation's grants (`/new`). */
  forgetConversation(sessionKey: string): Promise<void>;
  /** Stops receiving decisions. */
  close(): Promise<void>;
}
