import type { InboundMessage } from "../../bus/messages.js";
import { chatKeyOf } from "../../bus/messages.js";
import type { SkeinConfig } from "../../config/schema.js";
import { type UsageLedger, userKeyOf } from "../../usage/usage-ledger.js";
import { describeTotals, startOfUtcDay, startOfUtcMonth, totalOf } from "../../usage/usage-summary.js";
import type { SessionSettingsStore } from "../sessions/session-settings.js";

type AgentDefaults = Pick<SkeinConfig["agents"]["defaults"], "model" | "fallbacks" | "models">;

/** What `/model` and `/usage` work with. */
export interface ModelCommandDeps {
  agent: AgentDefaults;
  settings: SessionSettingsStore;
  /** Whether this sender may change the conversation's settings (an allowed sender, not just anyone in a group). */
  mayConfigure: (message: InboundMessage) => boolean | Promise<boolean>;
  /** Absent when usage is not recorded. */
  ledger?: UsageLedger;
}

/** The models `/model` offers: `agents.defaults.models`, else the default model and its fallbacks. */
export function allowedModels(agent: AgentDefaults): string[] {
  return [...new Set(agent.models ?? [agent.model, ...agent.fallbacks])];
}

/** The model a conversation uses: its `/model` choice while the operator still allows it, else the default. */
export async function sessionModel(
  sessionKey: string,
  deps: Pick<ModelCommandDeps, "agent" | "settings">,
): Promise<string> {
  const chosen = (await deps.settings.get(sessionKey)).model;
  return chosen && allowedModels(deps.agent).includes(chosen) ? chosen : deps.agent.model;
}

/** `/model`: shows the current model and the choices; `/model <name>` switches; `/model default` resets. */
export async function modelCommand(
  argument: string,
  sessionKey: string,
  message: InboundMessage,
  deps: ModelCommandDeps,
): Promise<string> {
  const choices = allowedModels(deps.agent);
  const current = await sessionModel(sessionKey, deps);
  if (!argument) {
    return [
      `Model: ${current}${current === deps.agent.model ? " (the default)" : ""}`,
      `Available: ${choices.join(", ")}`,
      "Switch with /model <name>; /model default goes back to the default.",
    ].join("\n");
  }
  if (!(await deps.mayConfigure(message))) return "Sorry — only allowed senders can switch the model here.";
  if (argument === "default") {
    await deps.settings.set(sessionKey, { ...(await deps.settings.get(sessionKey)), model: undefined });
    return `This conversation uses the default model again (${deps.agent.model}).`;
  }
  if (!choices.includes(argument)) return `There is no model "${argument}" here. Choose one of: ${choices.join(", ")}.`;
  await deps.settings.set(sessionKey, { ...(await deps.settings.get(sessionKey)), model: argument });
  return `This conversation now uses ${argument}.`;
}

/** `/usage`: this chat's and this sender's tokens (and cost where priced), today and this month (UTC). */
export async function usageCommand(message: InboundMessage, deps: Pick<ModelCommandDeps, "ledger">): Promise<string> {
  const ledger = deps.ledger;
  if (!ledger) return "Usage is not recorded here.";
  const now = ledger.now();
  const today = startOfUtcDay(now);
  const records = await ledger.readSince(startOfUtcMonth(now));
  const chat = chatKeyOf(message);
  const sender = userKeyOf(message);
  const line = (who: string, matches: (key: { chat: string; user: string }) => boolean) => {
    const ofWho = records.filter((record) => matches({ chat: chatKeyOf(record), user: userKeyOf(record) }));
    const todays = totalOf(ofWho, (record) => Date.parse(record.at) >= today);
    const month = totalOf(ofWho, () => true);
    return `${who}: today ${describeTotals(todays)}, this month ${describeTotals(month)}`;
  };
  return [
    "Usage (UTC days):",
    line("This chat", (key) => key.chat === chat),
    line("You", (key) => key.user === sender),
  ].join("\n");
}
