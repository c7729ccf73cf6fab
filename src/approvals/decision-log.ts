import type { ApprovalChoice } from "../channel-kit/approval.js";

/** One decision on an approval request: what, who decided, where (a chat's `channel:chat`, or `dashboard:<session>`). */
export interface ApprovalDecisionRecord {
  id: string;
  tool: string;
  decision: ApprovalChoice;
  /** The presser's name or `channel:userId`, or `dashboard:<session>`. */
  decidedBy: string;
  where: string;
  /** Epoch milliseconds. */
  time: number;
}

/** The latest decisions (50), newest first, and who wants to hear of a change to the pending requests. */
export class DecisionLog {
  readonly #records: ApprovalDecisionRecord[] = [];
  readonly #listeners = new Set<() => void>();

  add(record: ApprovalDecisionRecord): void {
    this.#records.unshift(record);
    this.#records.length = Math.min(this.#records.length, 50);
    this.changed();
  }

  recent(): readonly ApprovalDecisionRecord[] {
    return this.#records;
  }

  /** Calls `listener` whenever a request is added, decided or ends; returns the function that stops it. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  changed(): void {
    for (const listener of this.#listeners) listener();
  }
}
