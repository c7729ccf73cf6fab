import { type CheckResult, fail, ok } from "../../src/checks/check-result.js";
import { type ProbeOptions, probe } from "../../src/checks/http-probe.js";
import { describeAnswer, jsonField as field, unreachable } from "../../src/checks/probe-answers.js";
import type { DiscordSettings } from "./settings.js";

/** Discord: `GET <api_url>/v10/users/@me` with `Bot <token>`. */
export async function checkDiscord(config: DiscordSettings, options: ProbeOptions): Promise<CheckResult[]> {
  const base = (config.api_url ?? "https://discord.com/api").replace(/\/+$/, "").replace(/\/v\d+$/, "");
  const outcome = await probe(
    `${base}/v10/users/@me`,
    { method: "GET", headers: { authorization: `Bot ${config.token}` } },
    options,
  );
  if (outcome.kind === "unreachable")
    return [unreachable("discord", base, outcome, "DISCORD_API_URL / channels.discord.api_url")];
  if (outcome.status === 200) {
    return [
      ok(
        "discord",
        `token accepted: @${String(field(outcome.body, "username"))} (id ${String(field(outcome.body, "id"))})`,
      ),
    ];
  }
  const said = describeAnswer(outcome, field(outcome.body, "message"));
  if (outcome.status === 401 || outcome.status === 403) {
    return [
      fail(
        "discord",
        `users/@me rejected the token (${said})`,
        "check DISCORD_BOT_TOKEN (channels.discord.token): Bot > Reset Token in the Discord developer portal",
      ),
    ];
  }
  return [
    fail("discord", `users/@me failed (${said})`, "try again later; if it persists, check channels.discord.api_url"),
  ];
}
