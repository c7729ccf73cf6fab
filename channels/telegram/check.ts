import { type CheckResult, fail, ok } from "../../src/checks/check-result.js";
import { type ProbeOptions, probe } from "../../src/checks/http-probe.js";
import { describeAnswer, jsonField as field, unreachable } from "../../src/checks/probe-answers.js";
import type { TelegramSettings } from "./settings.js";

/** Telegram: `GET <api_root>/bot<token>/getMe`. */
export async function checkTelegram(config: TelegramSettings, options: ProbeOptions): Promise<CheckResult[]> {
  const root = (config.api_root ?? "https://api.telegram.org").replace(/\/+$/, "");
  const outcome = await probe(`${root}/bot${config.token}/getMe`, { method: "GET" }, options);
  if (outcome.kind === "unreachable")
    return [unreachable("telegram", root, outcome, "TELEGRAM_PROXY / channels.telegram.api_root")];
  const bot = field(outcome.body, "result");
  if (outcome.status === 200 && field(outcome.body, "ok") === true) {
    return [ok("telegram", `token accepted: @${String(field(bot, "username"))} (id ${String(field(bot, "id"))})`)];
  }
  const said = describeAnswer(outcome, field(outcome.body, "description"));
  if (outcome.status === 401 || outcome.status === 404) {
    return [
      fail(
        "telegram",
        `getMe rejected the token (${said})`,
        "check TELEGRAM_BOT_TOKEN (channels.telegram.token): copy it again from @BotFather",
      ),
    ];
  }
  return [
    fail("telegram", `getMe failed (${said})`, "try again later; if it persists, check channels.telegram.api_root"),
  ];
}
