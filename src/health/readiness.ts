import type { ChannelStatus } from "../channel-kit/channel.js";
import type { DaemonStatus } from "./daemon-status.js";

/**
 * When is the daemon ready? Every configured channel must be receiving:
 *
 * - `connected` is ready;
 * - `starting` and `disconnected` are ready for a grace period of `unreadyAfterSeconds`
 *   after their last state change, so a start-up or a brief reconnect blip does not flap
 *   the probe; past it the channel is deaf and the daemon unready;
 * - `failed` and `stopped` are unready at once: neither will come back by itself.
 *
 * In cluster mode a channel whose connection is leased (Telegram long polling, the Discord
 * gateway) is `connected` in every process once it can send: the process that holds the
 * lease receives, the others only send, and all of them are ready.
 *
 * With no channel configured there is nothing to be deaf to, and the daemon is ready.
 *
 * While a store cannot write to disk (see `WriteHealth`) the daemon still answers, from
 * memory, but is unready: what it holds is not durable, and a probe should say so.
 */

/** One channel's status plus the verdict on it. */
export interface ChannelReadiness extends ChannelStatus {
  ready: boolean;
  /** Why the channel is not ready (or is ready only within its grace period). */
  reason?: string;
}

export interface Readiness {
  ready: boolean;
  channels: Record<string, ChannelReadiness>;
  /** In cluster mode: why the daemon is not ready although its channels may be (Redis is unreachable). */
  cluster?: { ready: boolean; reason?: string };
  /** While writes fail: which stores, where, why (`journal cannot write /…/journal.jsonl (ENOSPC)`). */
  storage?: { ready: false; durable: false; reason: string };
}

export interface ReadinessOptions {
  /** Epoch milliseconds. */
  now: number;
  unreadyAfterSeconds: number;
}

/**
 * Judges each channel's status against the readiness rules above; clustered, the daemon is
 * also unready while Redis is unreachable (it cannot record messages then).
 */
export function assessReadiness(
  status: Pick<DaemonStatus, "channels" | "cluster" | "storage">,
  options: ReadinessOptions,
): Readiness {
  const { channels, cluster, storage } = status;
  const judged: Record<string, ChannelReadiness> = {};
  for (const [name, channel] of Object.entries(channels)) judged[name] = judgeChannel(channel, options);
  const channelsReady = Object.values(judged).every((channel) => channel.ready);
  const clusterReady = !cluster || cluster.redis === "connected";
  return {
    ready: channelsReady && clusterReady && !storage,
    channels: judged,
    ...(cluster && { cluster: clusterReady ? { ready: true } : { ready: false, reason: "Redis is unreachable" } }),
    ...(storage && { storage: { ready: false, durable: false, reason: storageReason(storage) } }),
  };
}

/** `not durable: journal cannot write /home/state/journal.jsonl (ENOSPC); ...`. */
export function storageReason(storage: NonNullable<DaemonStatus["storage"]>): string {
  const failing = storage.failing.map((failure) => `${failure.store} cannot write ${failure.path} (${failure.cause})`);
  return `not durable: ${failing.join("; ")}`;
}

function judgeChannel(status: ChannelStatus, { now, unreadyAfterSeconds }: ReadinessOptions): ChannelReadiness {
  const seconds = Math.max(0, Math.floor((now - status.since) / 1000));
  switch (status.state) {
    case "connected":
      return { ...status, ready: true };
    case "failed":
    case "stopped":
      return { ...status, ready: false, reason: `${status.state}` };
    case "starting":
    case "disconnected": {
      const ready = now - status.since <= unreadyAfterSeconds * 1000;
      const within = ready ? "within" : "beyond";
      return {
        ...status,
        ready,
        reason: `${status.state} for ${seconds} s (${within} the ${unreadyAfterSeconds} s grace)`,
      };
    }
  }
}
