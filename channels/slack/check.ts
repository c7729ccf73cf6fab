import { type CheckResult, fail, ok } from "../../src/checks/check-result.js";
import { type ProbeOptions, type ProbeOutcome, probe } from "../../src/checks/http-probe.js";
import { describeAnswer, jsonField as field, unreachable } from "../../src/checks/probe-answers.js";
import type { SlackSettings } from "./settings.js";

/** Slack: `auth.test` with the bot token, then the receiving mode (Socket Mode app token, or HTTP signing secret). */
export async function checkSlack(config: SlackSettings, options: ProbeOptions): Promise<CheckResult[]> {
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
