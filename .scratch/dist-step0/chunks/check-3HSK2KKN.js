#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { describeAnswer, fail, jsonField, ok, probe, unreachable } from "./chunk-XR4YVOZP.js";
import "./chunk-GZ7VATWC.js";
async function checkDiscord(config, options) {
  const base = (config.api_url ?? "https://discord.com/api").replace(/\/+$/, "").replace(/\/v\d+$/, ""),
    outcome = await probe(
      `${base}/v10/users/@me`,
      { method: "GET", headers: { authorization: `Bot ${config.token}` } },
      options,
    );
  if (outcome.kind === "unreachable")
    return [unreachable("discord", base, outcome, "DISCORD_API_URL / channels.discord.api_url")];
  if (outcome.status === 200)
    return [
      ok(
        "discord",
        `token accepted: @${String(jsonField(outcome.body, "username"))} (id ${String(jsonField(outcome.body, "id"))})`,
      ),
    ];
  const said = describeAnswer(outcome, jsonField(outcome.body, "message"));
  return outcome.status === 401 || outcome.status === 403
    ? [
        fail(
          "discord",
          `users/@me rejected the token (${said})`,
          "check DISCORD_BOT_TOKEN (channels.discord.token): Bot > Reset Token in the Discord developer portal",
        ),
      ]
    : [
        fail(
          "discord",
          `users/@me failed (${said})`,
          "try again later; if it persists, check channels.discord.api_url",
        ),
      ];
}
export { checkDiscord };
//# sourceMappingURL=check-3HSK2KKN.js.map
