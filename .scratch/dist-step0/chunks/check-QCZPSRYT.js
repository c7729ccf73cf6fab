#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { describeAnswer, fail, jsonField, ok, probe, unreachable } from "./chunk-XR4YVOZP.js";
import "./chunk-GZ7VATWC.js";
async function checkTelegram(config, options) {
  const root = (config.api_root ?? "https://api.telegram.org").replace(/\/+$/, ""),
    outcome = await probe(`${root}/bot${config.token}/getMe`, { method: "GET" }, options);
  if (outcome.kind === "unreachable")
    return [unreachable("telegram", root, outcome, "TELEGRAM_PROXY / channels.telegram.api_root")];
  const bot = jsonField(outcome.body, "result");
  if (outcome.status === 200 && jsonField(outcome.body, "ok") === !0)
    return [
      ok("telegram", `token accepted: @${String(jsonField(bot, "username"))} (id ${String(jsonField(bot, "id"))})`),
    ];
  const said = describeAnswer(outcome, jsonField(outcome.body, "description"));
  return outcome.status === 401 || outcome.status === 404
    ? [
        fail(
          "telegram",
          `getMe rejected the token (${said})`,
          "check TELEGRAM_BOT_TOKEN (channels.telegram.token): copy it again from @BotFather",
        ),
      ]
    : [fail("telegram", `getMe failed (${said})`, "try again later; if it persists, check channels.telegram.api_root")];
}
export { checkTelegram };
//# sourceMappingURL=check-QCZPSRYT.js.map
