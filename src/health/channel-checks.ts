import type { SkeinConfig } from "../config/schema.js";
import { type CheckResult, fail, ok } from "./check-result.js";
import { type ProbeOptions, type ProbeOutcome, probe } from "./http-probe.js";

/**
 * Channel credential checks with plain HTTP, without loading any SDK: Telegram
 * `getMe`, Slack `auth.test` (and `apps.connections.open` for Socket Mode), Discord
 * `users/@me`. Each is one request the platform answers for free.
 */

type Json = Record<string, unknown>;
const field = (body: unknown, key: string): unknown =>
  typeof body === "object" && body !== null ? (body as Json)[key] : undefined;

function unreachable(name: string, base: string, outcome: { reason: string }, setting: string): CheckResult {
  return fail(name, `${base} is unreachable (${outcome.reason})`, `check the network and ${setting}`);
}

/** Telegram: `GET <api_root>/bot<token>/getMe`. */
export async function checkTelegram(
  config: SkeinConfig["channels"]["telegram"],
  options: ProbeOptions,
): Promise<CheckResult> {
  const root = (config.api_root ?? "https://api.telegram.org").replace(/\/+$/, "");
  const outcome = await probe(`${root}/bot${config.token}/getMe`, { method: "GET" }, options);
  if (outcome.kind === "unreachable")
    return unreachable("telegram", root, outcome, "TELEGRAM_PROXY / channels.telegram.api_root");
  const bot = field(outcome.body, "result");
  if (outcome.status === 200 && field(outcome.body, "ok") === true) {
    return ok("telegram", `token accepted: @${String(field(bot, "username"))} (id ${String(field(bot, "id"))})`);
  }
  const said = describeAnswer(outcome, field(outcome.body, "description"));
  if (outcome.status === 401 || outcome.status === 404) {
    return fail(
      "telegram",
      `getMe rejected the token (${said})`,
      "check TELEGRAM_BOT_TOKEN (channels.telegram.token): copy it again from @BotFather",
    );
  }
  return fail(
    "telegram",
    `getMe failed (${said})`,
    "try again later; if it persists, check channels.telegram.api_root",
  );
}

/** Slack: `auth.test` with the bot token, then the receiving mode (Socket Mode app token, or HTTP signing secret). */
export async function checkSlack(
  config: SkeinConfig["channels"]["slack"],
  options: ProbeOptions,
): Promise<CheckResult[]> {
  const base = (config.api_url ?? "https://slack.com/api/").replace(/\/*$/, "/");
  const call = (method: string, token: string | undefined) =>
    probe(
      `${base}${method}`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
      },
      options,
    );

  const auth = await call("auth.test", config.bot_token);
  const results = [
    judgeSlack(
      "slack",
      "auth.test",
      auth,
      base,
      "check SLACK_BOT_TOKEN (channels.slack.bot_token): the Bot User OAuth Token (xoxb-...) from your app's OAuth & Permissions page",
    ),
  ];
  if (config.app_token) {
    const socket = await call("apps.connections.open", config.app_token);
    results.push(
      judgeSlack(
        "slack socket",
        "apps.connections.open",
        socket,
        base,
        "check SLACK_APP_TOKEN (channels.slack.app_token): an app-level token (xapp-...) with connections:write, and Socket Mode enabled for the app",
      ),
    );
  } else if (!config.signing_secret) {
    results.push(
      fail(
        "slack mode",
        "neither an app token (Socket Mode) nor a signing secret (HTTP events) is set",
        "set SLACK_APP_TOKEN for Socket Mode, or SLACK_SIGNING_SECRET to receive events over HTTP",
      ),
    );
  } else {
    results.push(ok("slack mode", `HTTP events on port ${config.port} (signing secret set)`));
  }
  return results;
}

function judgeSlack(name: string, method: string, outcome: ProbeOutcome, base: string, remedy: string): CheckResult {
  if (outcome.kind === "unreachable") return unreachable(name, base, outcome, "SLACK_API_URL / channels.slack.api_url");
  if (outcome.status === 200 && field(outcome.body, "ok") === true) {
    const user = field(outcome.body, "user");
    return ok(
      name,
      user ? `token accepted: @${String(user)} in ${String(field(outcome.body, "team"))}` : "token accepted",
    );
  }
  const error = field(outcome.body, "error");
  if (outcome.status === 200 || outcome.status === 401 || outcome.status === 403) {
    return fail(name, `${method} rejected the token (${describeAnswer(outcome, error)})`, remedy);
  }
  return fail(
    name,
    `${method} failed (${describeAnswer(outcome, error)})`,
    "try again later; if it persists, check channels.slack.api_url",
  );
}

/** Discord: `GET <api_url>/v10/users/@me` with `Bot <token>`. */
export async function checkDiscord(
  config: SkeinConfig["channels"]["discord"],
  options: ProbeOptions,
): Promise<CheckResult> {
  const base = (config.api_url ?? "https://discord.com/api").replace(/\/+$/, "").replace(/\/v\d+$/, "");
  const outcome = await probe(
    `${base}/v10/users/@me`,
    { method: "GET", headers: { authorization: `Bot ${config.token}` } },
    options,
  );
  if (outcome.kind === "unreachable")
    return unreachable("discord", base, outcome, "DISCORD_API_URL / channels.discord.api_url");
  if (outcome.status === 200) {
    return ok(
      "discord",
      `token accepted: @${String(field(outcome.body, "username"))} (id ${String(field(outcome.body, "id"))})`,
    );
  }
  const said = describeAnswer(outcome, field(outcome.body, "message"));
  if (outcome.status === 401 || outcome.status === 403) {
    return fail(
      "discord",
      `users/@me rejected the token (${said})`,
      "check DISCORD_BOT_TOKEN (channels.discord.token): Bot > Reset Token in the Discord developer portal",
    );
  }
  return fail(
    "discord",
    `users/@me failed (${said})`,
    "try again later; if it persists, check channels.discord.api_url",
  );
}

/** `HTTP 401: Unauthorized`, or `invalid_auth` for Slack's 200-with-error answers. */
export function describeAnswer(outcome: Extract<ProbeOutcome, { kind: "answer" }>, said: unknown): string {
  // Discord's messages repeat the status ("401: Unauthorized").
  const message = (typeof said === "string" && said ? said : outcome.statusText).replace(`${outcome.status}: `, "");
  if (outcome.status === 200) return message || "ok: false";
  return message ? `HTTP ${outcome.status}: ${message}` : `HTTP ${outcome.status}`;
}
