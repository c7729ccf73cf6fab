#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { startOfUtcDay } from "./chunk-4FPSGWRF.js";
import { approvePairing, listPairings, revokePairing } from "./chunk-KRMCE3D2.js";
import "./chunk-YOR6E77O.js";
import { userKeyOf } from "./chunk-3FEPCLF6.js";
import { apiError, ok } from "./chunk-MCKQ54WW.js";
import { sessionTranscript } from "./chunk-NSPUS42Y.js";
import "./chunk-ZHRPOCJR.js";
import { describeSchedule } from "./chunk-D7JGR63W.js";
import "./chunk-GMD2LKHM.js";
import { agentOfSessionKey, MAIN_AGENT, sessionKeyWithoutAgent } from "./chunk-6GFJEBQS.js";
import { levelNumber, parseLine } from "./chunk-CLSIRMIT.js";
import "./chunk-XSPF2MYQ.js";
import "./chunk-GZ7VATWC.js";
var choices = ["once", "conversation", "deny"];
function approvalRoutes(sources) {
  const { approvals } = sources;
  return [
    {
      method: "GET",
      path: "/api/approvals",
      handle: async () =>
        ok({
          pending: (await approvals.pendingRequests()).map(({ prompt, requester, expiresAt }) => ({
            id: prompt.id,
            tool: prompt.tool,
            arguments: prompt.summary,
            text: prompt.text,
            chat: `${prompt.channel}:${prompt.chatId}${prompt.threadId ? `:${prompt.threadId}` : ""}`,
            requested_by: requester,
            offers_conversation: prompt.offersConversation,
            expires_at: new Date(expiresAt).toISOString(),
          })),
          recent: approvals.decisions
            .recent()
            .map((record) => ({
              id: record.id,
              tool: record.tool,
              decision: record.decision,
              decided_by: record.decidedBy,
              where: record.where,
              time: new Date(record.time).toISOString(),
            })),
        }),
    },
    {
      method: "POST",
      path: "/api/approvals/:id",
      handle: async ({ params, json, session }) => {
        const decision = (await json()).decision;
        return choices.includes(decision)
          ? (await approvals.decideFor(params.id, decision, `dashboard:${session.id}`)) === "decided"
            ? ok()
            : apiError(409, "this request was decided already, or it expired")
          : apiError(400, '"decision" must be "once", "conversation" or "deny"');
      },
    },
  ];
}
var maskedSecret = "\u2022\u2022\u2022\u2022",
  secretKey = /(^|_)(key|token|secret|password|passwd|credential)s?$|^(env|headers)$/i;
function configRoute(sources) {
  return {
    method: "GET",
    path: "/api/config",
    handle: async () => {
      const { config, origins, warnings } = sources.loaded,
        entries = [],
        visit = (value, path, underSecret) => {
          const key = path.join("."),
            secret = underSecret || secretKey.test(path.at(-1) ?? "");
          if (isObject(value) && Object.keys(value).length > 0) {
            for (const [name, child] of Object.entries(value)) visit(child, [...path, name], secret);
            return;
          }
          const holdsSecret = secret || holdsAny(value, sources.secrets);
          entries.push({
            key,
            value: holdsSecret && value !== void 0 && value !== "" ? maskedSecret : value,
            source: sourceOf(path, origins),
            secret: holdsSecret,
          });
        };
      for (const [name, value] of Object.entries(config)) visit(value, [name], !1);
      return ok({ entries, warnings: warnings.map((warning) => sources.redact(warning)) });
    },
  };
}
function sourceOf(path, origins) {
  if (!origins) return "default";
  for (let length = path.length; length > 0; length--) {
    const set = origins.env[path.slice(0, length).join(".")];
    if (set) return set.dotEnv ? ".env" : "env";
  }
  let node = origins.file;
  for (const segment of path) {
    if (!isObject(node) || !(segment in node)) return "default";
    node = node[segment];
  }
  return "file";
}
function holdsAny(value, secrets) {
  const text = typeof value == "string" ? value : JSON.stringify(value ?? "");
  return secrets.some((secret) => secret.length >= 4 && text.includes(secret));
}
function isObject(value) {
  return typeof value == "object" && value !== null && !Array.isArray(value);
}
function conversationRoutes(sources, conversations) {
  return [
    {
      method: "GET",
      path: "/api/conversations",
      handle: async ({ url }) => {
        const q = url.searchParams.get("q")?.trim().toLowerCase() || void 0,
          channel = url.searchParams.get("channel") || void 0,
          agent = url.searchParams.get("agent") || void 0,
          listed = await conversations.list({ ...(channel && { channel }), ...(q && { q }) });
        return ok({
          conversations: listed
            .filter((entry) => !agent || agentOfSessionKey(entry.key) === agent)
            .map((entry) => shown(entry, q !== void 0, sources.redact)),
        });
      },
    },
    {
      method: "GET",
      path: "/api/conversations/:key",
      handle: async ({ params }) => {
        let key = params.key,
          messages;
        try {
          messages = await conversations.read(key);
        } catch {
          return apiError(404, "no such conversation");
        }
        return ok({ key, messages: sessionTranscript(messages, sources.redact) });
      },
    },
  ];
}
function shown(entry, searched, redact) {
  const [channel = "", ...rest] = sessionKeyWithoutAgent(entry.key).split(":");
  return {
    key: entry.key,
    channel,
    chat_id: rest.join(":"),
    agent: agentOfSessionKey(entry.key),
    ...(entry.title && { title: redact(entry.title) }),
    last_activity: new Date(entry.lastActivity).toISOString(),
    message_count: entry.messageCount,
    ...(searched && entry.match !== void 0 && { match: redact(entry.match) }),
  };
}
function logRoute(sources) {
  return {
    method: "GET",
    path: "/api/logs",
    handle: async ({ url }) => {
      const minimum = levelNumber(url.searchParams.get("level") ?? "") ?? 0,
        channel = url.searchParams.get("channel") || void 0,
        limit = Math.min(1e3, Math.max(1, Number(url.searchParams.get("limit")) || 200));
      return ok({
        lines: sources.logs.read(
          (line) => (levelNumber(line.level) ?? 0) >= minimum && (!channel || line.channel === channel),
          limit,
        ),
      });
    },
  };
}
function overviewRoute(sources) {
  const warn = levelNumber("warn");
  return {
    method: "GET",
    path: "/api/overview",
    handle: async () => {
      const status = sources.status(),
        { config } = sources.loaded,
        members = status.cluster?.view?.members;
      return ok({
        version: status.version,
        started_at: new Date(status.startedAt).toISOString(),
        uptime_s: Math.max(0, Math.floor((Date.now() - status.startedAt) / 1e3)),
        channels: Object.entries(status.channels).map(([name, channel]) => ({
          name,
          state: channel.state,
          ...(channel.detail && { detail: sources.redact(channel.detail) }),
        })),
        sandbox: { mode: config.tools.exec.sandbox, network: config.tools.exec.network },
        cluster: status.cluster
          ? {
              members: (members ?? [{ name: status.cluster.member, heartbeatAt: Date.now() }]).map((member) => ({
                id: member.name,
                last_seen: new Date(member.heartbeatAt).toISOString(),
              })),
            }
          : null,
        agents: config.agents.list?.map((agent) => ({ id: agent.id, ...(agent.name && { name: agent.name }) })) ?? [
          { id: MAIN_AGENT },
        ],
        warnings: sources.logs
          .read((line) => (levelNumber(line.level) ?? 0) >= warn, 50)
          .map(({ time, level, msg }) => ({ time, level, msg })),
        series: sources.metrics.series(),
      });
    },
  };
}
function pairingRoutes(sources, changed) {
  const { pairings: store, pairingReplies } = sources;
  return [
    {
      method: "GET",
      path: "/api/pairing",
      handle: async () => {
        const listing = await listPairings(store),
          now = Date.now();
        return ok({
          pending: Object.entries(listing).flatMap(([channel, entries]) =>
            entries.pending.map((entry) => ({
              channel,
              code: entry.code,
              sender: entry.senderUsername ? `@${entry.senderUsername}` : entry.senderId,
              sender_id: entry.senderId,
              ...(entry.senderName && { name: entry.senderName }),
              age_s: Math.max(0, Math.floor((now - entry.createdAt) / 1e3)),
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
        return result.type === "unknown-code"
          ? apiError(404, `no pending pairing code "${code}" on ${channel}`)
          : (changed(), ok({ ok: !0, sender: result.sender.senderId }));
      },
    },
    {
      method: "POST",
      path: "/api/pairing/deny",
      handle: async ({ json }) => {
        const { channel, code } = fields(await json(), "channel", "code");
        return !channel || !code
          ? apiError(400, '"channel" and "code" are required')
          : (await store.deny(channel, code))
            ? (changed(), ok())
            : apiError(404, `no pending pairing code "${code}" on ${channel}`);
      },
    },
    {
      method: "POST",
      path: "/api/pairing/revoke",
      handle: async ({ json }) => {
        const { channel, sender } = fields(await json(), "channel", "sender");
        return !channel || !sender
          ? apiError(400, '"channel" and "sender" are required')
          : (await revokePairing(store, channel, sender, pairingReplies)).type === "not-approved"
            ? apiError(404, `${sender} is not an approved sender on ${channel}`)
            : (changed(), ok());
      },
    },
  ];
}
function fields(body, ...names) {
  return Object.fromEntries(
    names.map((name) => [name, typeof body[name] == "string" && body[name] !== "" ? body[name] : void 0]),
  );
}
function scheduleRoutes(sources) {
  const { scheduler } = sources;
  return [
    {
      method: "GET",
      path: "/api/schedules",
      handle: async () =>
        ok({
          jobs: (await scheduler.list()).map((job) => ({
            id: job.id,
            kind: job.kind,
            ...(job.name && { name: sources.redact(job.name) }),
            text: sources.redact(job.text),
            schedule: describeSchedule(job.schedule, job.tz),
            ...(job.nextRun !== void 0 && { next_run: new Date(job.nextRun).toISOString() }),
            target: `${job.target.channel}:${job.target.chatId}${job.target.threadId ? `:${job.target.threadId}` : ""}`,
            created_by: job.createdBy,
            agent: job.agent ?? MAIN_AGENT,
          })),
        }),
    },
    {
      method: "DELETE",
      path: "/api/schedules/:id",
      handle: async ({ params }) =>
        (await scheduler.remove(params.id)) ? ok() : apiError(404, `no scheduled job ${params.id}`),
    },
    {
      method: "POST",
      path: "/api/schedules/:id/run",
      handle: async ({ params }) =>
        (await scheduler.runNow(params.id)) ? ok() : apiError(404, `no scheduled job ${params.id}`),
    },
  ];
}
function usageRoute(sources) {
  return {
    method: "GET",
    path: "/api/usage",
    handle: async ({ url }) => {
      const days = Math.min(366, Math.max(1, Number(url.searchParams.get("days")) || 30)),
        since = startOfUtcDay(Date.now()) - (days - 1) * 864e5,
        records = await sources.ledger.readSince(since),
        byDay = group(records, (record) => `${record.at.slice(0, 10)}\0${record.model}`),
        byChat = group(records, (record) => `${record.channel}:${record.chatId}`),
        byUser = group(records, (record) => userKeyOf(record));
      return ok({
        days: [...byDay].map(([key, sum]) => {
          const [date, model] = key.split("\0");
          return { date, model, ...sum };
        }),
        by_chat: [...byChat].map(([chat, sum]) => ({ chat, ...sum })),
        by_user: [...byUser].map(([user, sum]) => ({ user, ...sum })),
        budgets: await budgets(sources),
      });
    },
  };
}
function group(records, keyOf) {
  const sums = new Map();
  for (const record of records) {
    const key = keyOf(record),
      sum = sums.get(key) ?? { input_tokens: 0, output_tokens: 0, cached_tokens: 0, cost: 0 };
    (sum.input_tokens += record.promptTokens),
      (sum.output_tokens += record.completionTokens),
      (sum.cached_tokens += record.cachedTokens ?? 0),
      (sum.cost += record.cost ?? 0),
      sums.set(key, sum);
  }
  return sums;
}
async function budgets(sources) {
  const limits = sources.loaded.config.agents.defaults.budgets,
    today = await sources.ledger.today(),
    most = (totals) => Math.max(0, ...[...totals].map((total) => total.promptTokens + total.completionTokens));
  return [
    ...(limits.per_user_daily_tokens !== void 0
      ? [
          {
            name: "per_user_daily_tokens",
            limit: limits.per_user_daily_tokens,
            used: most(today.byUser.values()),
            unit: "tokens",
          },
        ]
      : []),
    ...(limits.per_chat_daily_tokens !== void 0
      ? [
          {
            name: "per_chat_daily_tokens",
            limit: limits.per_chat_daily_tokens,
            used: most(today.byChat.values()),
            unit: "tokens",
          },
        ]
      : []),
    ...(limits.daily_cost !== void 0
      ? [{ name: "daily_cost", limit: limits.daily_cost, used: today.all.cost, unit: "cost" }]
      : []),
  ];
}
function dashboardApi(sources, events, conversations) {
  const stops = [
    sources.approvals.decisions.onChange(() => events.publish("approvals")),
    sources.scheduler.onChange(() => events.publish("schedules")),
    sources.ledger.onRecord(() => events.publish("usage")),
    sources.logs.onLine((line) => {
      if (!events.listening) return;
      const parsed = parseLine(line);
      parsed && events.publish("log", parsed), parsed?.msg.startsWith("pairing") && events.publish("pairing");
    }),
  ];
  return {
    routes: [
      overviewRoute(sources),
      ...conversationRoutes(sources, conversations),
      ...approvalRoutes(sources),
      ...pairingRoutes(sources, () => events.publish("pairing")),
      ...scheduleRoutes(sources),
      usageRoute(sources),
      logRoute(sources),
      configRoute(sources),
    ],
    stop: () => {
      for (const stop of stops) stop();
    },
  };
}
export { dashboardApi };
//# sourceMappingURL=dashboard-api-NH2HHZDZ.js.map
