import { approvePairing, listPairings, revokePairing } from "../../access/pairing-operations.js";
import { type ApiRoute, apiError, ok } from "../dashboard-routes.js";
import type { DashboardSources } from "../dashboard-sources.js";

/** The pairing page: pending codes and approved senders; approve, deny, revoke (the operations `skein pairing` runs). */
export function pairingRoutes(sources: DashboardSources, changed: () => void): ApiRoute[] {
  const { pairings: store, pairingReplies } = sources;
  return [
    {
      method: "GET",
      path: "/api/pairing",
      handle: async () => {
        const listing = await listPairings(store);
        const now = Date.now();
        return ok({
          pending: Object.entries(listing).flatMap(([channel, entries]) =>
            entries.pending.map((entry) => ({
              channel,
              code: entry.code,
              sender: entry.senderUsername ? `@${entry.senderUsername}` : entry.senderId,
              sender_id: entry.senderId,
              ...(entry.senderName && { name: entry.senderName }),
              age_s: Math.max(0, Math.floor((now - entry.createdAt) / 1000)),
            })),
          ),
          approved: Object.entries(listing).flatMap(([channel, entries]) =>
            entries.approved.map((entry) => ({
              channel,
              sender: entry.senderId,
              ...(entry.senderUsername && { username: entry.senderUsername }),
              ...(entry.senderName && { name: entry.senderName }),
            })),
          ),
        });
      },
    },
    {
      method: "POST",
      path: "/api/pairing/approve",
      handle: async ({ json }) => {
        const { channel, code } = fields(await json(), "channel", "code");
        if (!channel || !code) return apiError(400, '"channel" and "code" are required');
        const result = await approvePairing(store, channel, code, pairingReplies);
        if (result.type === "unknown-code") return apiError(404, `no pending pairing code "${code}" on ${channel}`);
        changed();
        return ok({ ok: true, sender: result.sender.senderId });
      },
    },
    {
      method: "POST",
      path: "/api/pairing/deny",
      handle: async ({ json }) => {
        const { channel, code } = fields(await json(), "channel", "code");
        if (!channel || !code) return apiError(400, '"channel" and "code" are required');
        if (!(await store.deny(channel, code))) return apiError(404, `no pending pairing code "${code}" on ${channel}`);
        changed();
        return ok();
      },
    },
    {
      method: "POST",
      path: "/api/pairing/revoke",
      handle: async ({ json }) => {
        const { channel, sender } = fields(await json(), "channel", "sender");
        if (!channel || !sender) return apiError(400, '"channel" and "sender" are required');
        const result = await revokePairing(store, channel, sender, pairingReplies);
        if (result.type === "not-approved") return apiError(404, `${sender} is not an approved sender on ${channel}`);
        changed();
        return ok();
      },
    },
  ];
}

function fields(body: Record<string, unknown>, ...names: string[]): Record<string, string | undefined> {
  return Object.fromEntries(
    names.map((name) => [
      name,
      typeof body[name] === "string" && body[name] !== "" ? (body[name] as string) : undefined,
    ]),
  );
}
