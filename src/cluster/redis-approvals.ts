import type { Redis } from "ioredis";
import type {
  ApprovalRelay,
  RelayedDecision,
  RelayOutcome,
  SharedApprovalRequest,
} from "../approvals/approval-relay.js";
import { SubscribedChannel } from "../bus/subscribed-channel.js";
import { scanKeys } from "./scan-keys.js";

/**
 * Claims a request and hands the decision to the process that waits for it, in one step.
 * KEYS: request. ARGV: decision channel prefix, decision JSON.
 * Returns -1 when the request is gone, else how many processes received the decision (0: its owner is gone).
 */
const decideScript = `
local value = redis.call('GET', KEYS[1])
if not value then return -1 end
redis.call('DEL', KEYS[1])
return redis.call('PUBLISH', ARGV[1] .. cjson.decode(value).owner, ARGV[2])`;

/** How long a conversation's "allow for this conversation" grants are kept after the last one. */
const GRANT_TTL_SECONDS = 30 * 86_400;

export interface RedisApprovalsOptions {
  /** The cluster's command connection. */
  redis: Redis;
  /** A connection of its own for SUBSCRIBE (a subscribed connection takes no other command); closed with the relay. */
  subscriber: Redis;
  /** Key prefix (`skein:`). */
  prefix: string;
  /** This process's member name: decisions for its requests are published on its channel. */
  member: string;
}

/**
 * Tool approvals across the processes of a cluster. A pending request is a key
 * (`skein:approval:<id>`, JSON with its owner, expiring shortly after the approval timeout);
 * a process that receives a press for a request it does not hold claims the key and publishes
 * the decision on the owner's channel (`skein:approvals:<member>`) in one script, so a request
 * is decided once, and a press for a process that died (nobody subscribed) is answered as
 * expired. "For this conversation" grants are a set per session (`skein:approval-grants:<key>`).
 */
export class RedisApprovals implements ApprovalRelay {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #member: string;
  readonly #channel: SubscribedChannel;
  readonly #listeners = new Set<(decision: RelayedDecision) => void>();

  constructor(options: RedisApprovalsOptions) {
    this.#redis = options.redis;
    this.#prefix = options.prefix;
    this.#member = options.member;
    this.#channel = new SubscribedChannel(
      options.subscriber,
      `${options.prefix}approvals:${options.member}`,
      (text) => {
        const decision = parseDecision(text);
        if (decision) for (const listener of this.#listeners) listener(decision);
      },
    );
  }

  /** Resolves once decisions for this process's requests can arrive (for tests and start-up). */
  async subscribed(): Promise<void> {
    await this.#channel.subscribed();
  }

  async publish(request: SharedApprovalRequest, ttlMs: number): Promise<void> {
    const value = JSON.stringify({ ...request, owner: this.#member });
    await this.#redis.set(this.#requestKey(request.id), value, "PX", Math.max(1, Math.ceil(ttlMs)));
  }

  async withdraw(id: string): Promise<void> {
    await this.#redis.del(this.#requestKey(id));
  }

  async claim(id: string): Promise<boolean> {
    return (await this.#redis.del(this.#requestKey(id))) === 1;
  }

  async find(id: string): Promise<SharedApprovalRequest | undefined> {
    const text = await this.#redis.get(this.#requestKey(id));
    if (!text) return undefined;
    const { owner: _owner, ...request } = JSON.parse(text) as SharedApprovalRequest & { owner: string };
    return request;
  }

  async list(): Promise<Array<SharedApprovalRequest & { expiresAt: number }>> {
    const keys = await scanKeys(this.#redis, this.#requestKey("*"));
    const now = Date.now();
    const listed = await Promise.all(
      keys.map(async (key) => {
        const [text, ttl] = await Promise.all([this.#redis.get(key), this.#redis.pttl(key)]);
        if (!text || ttl <= 0) return undefined;
        const { owner: _owner, ...request } = JSON.parse(text) as SharedApprovalRequest & { owner: string };
        return { ...request, expiresAt: now + ttl };
      }),
    );
    return listed.filter((request) => request !== undefined);
  }

  async decide(decision: RelayedDecision): Promise<RelayOutcome> {
    const receivers = Number(
      await this.#redis.eval(
        decideScript,
        1,
        this.#requestKey(decision.id),
        `${this.#prefix}approvals:`,
        JSON.stringify(decision),
      ),
    );
    if (receivers < 0) return "gone";
    return receivers === 0 ? "orphaned" : "delivered";
  }

  onDecision(listener: (decision: RelayedDecision) => void): void {
    this.#listeners.add(listener);
  }

  async isGranted(sessionKey: string, key: string): Promise<boolean> {
    return (await this.#redis.sismember(this.#grantsKey(sessionKey), key)) === 1;
  }

  async grant(sessionKey: string, key: string): Promise<void> {
    const grants = this.#grantsKey(sessionKey);
    await this.#redis.multi().sadd(grants, key).expire(grants, GRANT_TTL_SECONDS).exec();
  }

  async forgetConversation(sessionKey: string): Promise<void> {
    await this.#redis.del(this.#grantsKey(sessionKey));
  }

  async close(): Promise<void> {
    await this.#channel.close();
  }

  #requestKey(id: string): string {
    return `${this.#prefix}approval:${id}`;
  }

  #grantsKey(sessionKey: string): string {
    return `${this.#prefix}approval-grants:${sessionKey}`;
  }
}

function parseDecision(text: string): RelayedDecision | undefined {
  try {
    const decision = JSON.parse(text) as RelayedDecision;
    const choices = ["once", "conversation", "deny"];
    return typeof decision.id === "string" && choices.includes(decision.choice) && decision.by ? decision : undefined;
  } catch {
    return undefined;
  }
}
