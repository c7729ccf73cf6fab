import { normalizePairingCode } from "./pairing-code.js";
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

/** Approves `code` on `channel`; says so when the code was approved before. */
export async function approvePairing(store: PairingStore, channel: string, code: string): Promise<ApproveResult> {
  const sender = await store.approve(channel, code);
  if (sender) return { type: "approved", sender };
  const wanted = normalizePairingCode(code);
  const earlier = (await store.read(channel)).approved.find((entry) => entry.code === wanted);
  return earlier ? { type: "already-approved", sender: earlier } : { type: "unknown-code" };
}

/** Removes an approved sender (id or @username) from `channel`. */
export async function revokePairing(store: PairingStore, channel: string, sender: string): Promise<RevokeResult> {
  const revoked = await store.revoke(channel, sender);
  return revoked ? { type: "revoked", sender: revoked } : { type: "not-approved" };
}

/** The pairings of every channel that has any. */
export async function listPairings(store: PairingStore): Promise<PairingListing> {
  return Object.fromEntries(await store.list());
}
