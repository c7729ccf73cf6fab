import type { Logger } from "pino";
import type { ApprovalRelay } from "./approval-relay.js";

/**
 * The calls approved "for this conversation", by session key: kept in this process, or in a cluster
 * in the relay (shared by every process). A relay out of reach means "not granted" (the person is
 * asked again) and a grant that could not be shared is logged.
 */
export class ConversationGrants {
  readonly #local = new Map<string, Set<string>>();
  readonly #relay: ApprovalRelay | undefined;
  readonly #log: Logger;

  constructor(relay: ApprovalRelay | undefined, log: Logger) {
    this.#relay = relay;
    this.#log = log;
  }

  /** Whether the call's grant key was approved for the rest of the session. */
  async has(sessionKey: string, key: string): Promise<boolean> {
    if (!this.#relay) return this.#local.get(sessionKey)?.has(key) ?? false;
    return this.#relay.isGranted(sessionKey, key).catch((error: unknown) => {
      this.#log.warn({ err: error, session: sessionKey }, "reading shared approvals failed: asking again");
      return false;
    });
  }

  /** Approves the call's grant key for the rest of the session (without a relay, at once: before this returns a promise). */
  async grant(sessionKey: string, key: string): Promise<void> {
    if (!this.#relay) {
      const grants = this.#local.get(sessionKey) ?? new Set<string>();
      grants.add(key);
      this.#local.set(sessionKey, grants);
      return;
    }
    await this.#relay
      .grant(sessionKey, key)
      .catch((error: unknown) =>
        this.#log.warn({ err: error, session: sessionKey }, "sharing an approval for the conversation failed"),
      );
  }

  /** After an approved run: the conversation's approval follows the state the run left (a command's own writes). */
  async regrant(sessionKey: string, previous: string, next: string): Promise<void> {
    if (this.#relay) return this.grant(sessionKey, next);
    const grants = this.#local.get(sessionKey);
    if (!grants?.delete(previous)) return;
    grants.add(next);
  }

  /** Forgets the session's approvals (`/new`). */
  forget(sessionKey: string): void {
    this.#local.delete(sessionKey);
    void this.#relay
      ?.forgetConversation(sessionKey)
      .catch((error: unknown) =>
        this.#log.warn({ err: error, session: sessionKey }, "forgetting shared approvals failed"),
      );
  }
}
