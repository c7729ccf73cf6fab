#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { describeAnswer, fail, jsonField, ok, probe, unreachable } from "./chunk-XR4YVOZP.js";
import "./chunk-GZ7VATWC.js";
async function checkSlack(config, options) {
  const base = (config.api_url ?? "https://slack.com/api/").replace(/\/*$/, "/"),
    call = (method, token) =>
      probe(
        `${base}${method}`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
        },
        options,
      ),
    auth = await call("auth.test", config.bot_token),
    results = [
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
  } else
    config.signing_secret
      ? results.push(ok("slack mode", `HTTP events on port ${config.port} (signing secret set)`))
      : results.push(
          fail(
            "slack mode",
            "neither an app token (Socket Mode) nor a signing secret (HTTP events) is set",
            "set SLACK_APP_TOKEN for Socket Mode, or SLACK_SIGNING_SECRET to receive events over HTTP",
          ),
        );
  return results;
}
function judgeSlack(name, method, outcome, base, remedy) {
  if (outcome.kind === "unreachable") return unreachable(name, base, outcome, "SLACK_API_URL / channels.slack.api_url");
  if (outcome.status === 200 && jsonField(outcome.body, "ok") === !0) {
    const user = jsonField(outcome.body, "user");
    return ok(
      name,
      user ? `token accepted: @${String(user)} in ${String(jsonField(outcome.body, "team"))}` : "token accepted",
    );
  }
  const error = jsonField(outcome.body, "error");
  return outcome.status === 200 || outcome.status === 401 || outcome.status === 403
    ? fail(name, `${method} rejected the token (${describeAnswer(outcome, error)})`, remedy)
    : fail(
        name,
        `${method} failed (${describeAnswer(outcome, error)})`,
        "try again later; if it persists, check channels.slack.api_url",
      );
}
export { checkSlack };
//# sourceMappingURL=check-PH6625WL.js.map
