import { normalizePairingCode } from "./pairing-code.js";
import { type PairingReplyLimit, replyLimitKey } from "./pairing-reply-limit.js";
import type { ApprovedSender, ChannelPairings, PairingStore } from "./pairing-store.js";

/**
 * What the operator's pairing commands do, the same whether the running daemon does it
 * (through its admin endpoint) or the command does it on the files (no daemon running).
 */

/** The result of approving a code. */
export type ApproveResult =
  | { type: "approved"; sender: ApprovedSender }
  | { type: "already-approved"; sender: ApprovedSender }
  | { type: "unknown-code" };

/** The result of revoking a sender. */
export type RevokeResult = { type: "revoked"; sender: ApprovedSender } | { type: "not-approved" };

/** Every channel's pending codes and approved senders, as JSON-friendly records. */
export type PairingListing = Record<string, ChannelPairings>;

/**
 * Approves `code` on `channel`; says so when the code was approved before. The sender's pairing
 * reply limit (`replies`, where one is kept) starts afresh.
 */
export async function approvePairing(
  store: PairingStore,
  channel: string,
  code: string,
  replies?: PairingReplyLimit,
): Promise<ApproveResult> {
  const sender = await store.approve(channel, code);
  if (sender) {
    await replies?.forget(replyLimitKey(channel, sender.senderId));
    return { type: "approved", sender };
  }
  const wanted = normalizePairingCode(code);
  const earlier = (await store.read(channel)).approved.find((entry) => entry.code === wanted);
  return earlier ? { type: "already-approved", sender: earlier } : { type: "unknown-code" };
}

/**
 * Removes an approved sender (id or @username) from `channel`, and forgets the pairing reply they
 * got before their approval (`replies`, where one is kept), so their next message is answered
 * with a new pairing code.
 */
export async function revokePairing(
  store: PairingStore,
  channel: string,
  sender: string,
  replies?: PairingReplyLimit,
): Promise<RevokeResult> {
  const revoked = await store.revoke(channel, sender);
  if (!revoked) return { type: "not-approved" };
  await replies?.forget(replyLimitKey(channel, revoked.senderId));
  return { type: "revoked", sender: revoked };
}

/** The pairings of every channel that has any. */
export async function listPairings(store: PairingStore): Promise<PairingListing> {
  return Object.fromEntries(await store.list());
}
