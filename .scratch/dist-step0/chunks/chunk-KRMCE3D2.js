#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { normalizePairingCode } from "./chunk-GMD2LKHM.js";
import { replyLimitKey } from "./chunk-YOR6E77O.js";
async function approvePairing(store, channel, code, replies) {
  const sender = await store.approve(channel, code);
  if (sender) return await replies?.forget(replyLimitKey(channel, sender.senderId)), { type: "approved", sender };
  const wanted = normalizePairingCode(code),
    earlier = (await store.read(channel)).approved.find((entry) => entry.code === wanted);
  return earlier ? { type: "already-approved", sender: earlier } : { type: "unknown-code" };
}
async function revokePairing(store, channel, sender, replies) {
  const revoked = await store.revoke(channel, sender);
  return revoked
    ? (await replies?.forget(replyLimitKey(channel, revoked.senderId)), { type: "revoked", sender: revoked })
    : { type: "not-approved" };
}
async function listPairings(store) {
  return Object.fromEntries(await store.list());
}
export { approvePairing, listPairings, revokePairing };
//# sourceMappingURL=chunk-KRMCE3D2.js.map
