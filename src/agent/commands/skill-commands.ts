import { randomUUID } from "node:crypto";
import type { InboundMessage } from "../../bus/messages.js";
import type { ChatMenuCommand } from "../../channel-kit/channel.js";
import type { ChatMessage } from "../../providers/provider.js";
import type { SkillSnapshot } from "../../skills/skill-library.js";
import { describeStatus, type Skill } from "../../skills/skill-status.js";
import { skillHeader } from "../../skills/skill-tool.js";

/** What the agent loop needs of the skills: the current ones, and the environment a loaded one gives commands. */
export interface SkillCommandDeps {
  skills(): Promise<SkillSnapshot>;
  commandEnv(skill: Skill): Record<string, string>;
}

/** A skill a person called with `/<skill-name> <request>`: the turn starts with it loaded. */
export interface InvokedSkill {
  name: string;
  /** The `skill` tool call that loaded it and its result, placed after the user's message. */
  messages: ChatMessage[];
  /** Its environment, for the turn's commands. */
  env: Record<string, string>;
}

/** `/skills`, a ready skill called by name, or a skill that cannot be called now (with why). */
export type SkillCommand =
  | { type: "list" }
  | { type: "invoke"; invoked: InvokedSkill; request: string }
  | { type: "unavailable"; text: string };

/** Telegram's spelling of a skill's command: lowercase, digits and underscores (`my-skill` is `/my_skill`). */
export function telegramCommandName(skill: string): string {
  return skill.replaceAll("-", "_");
}

/** Telegram allows command names of 1-32 lowercase letters, digits and underscores. */
export function fitsTelegramMenu(skill: string): boolean {
  return /^[a-z0-9_]{1,32}$/.test(telegramCommandName(skill));
}

/**
 * Recognises `/skills` and `/<skill-name> <request>` (also `/<skill_name>`, and with an
 * `@botname` suffix) for a skill people may call; undefined for any other text.
 */
export function parseSkillCommand(
  text: string,
  snapshot: SkillSnapshot,
  commandEnv: SkillCommandDeps["commandEnv"] = () => ({}),
): SkillCommand | undefined {
  const match = /^\/([a-z0-9][a-z0-9_-]*)(?:@\S+)?(?:\s+([\s\S]*))?$/i.exec(text.trim());
  if (!match) return undefined;
  const called = match[1]!.toLowerCase();
  if (called === "skills") return { type: "list" };
  const skill = snapshot.get(called) ?? snapshot.get(called.replaceAll("_", "-"));
  if (!skill?.manifest?.userInvocable) return undefined;
  if (skill.status.type !== "ready")
    return { type: "unavailable", text: `The skill ${skill.name} is not available: ${describeStatus(skill.status)}.` };
  const request = match[2]?.trim() ?? "";
  return {
    type: "invoke",
    request,
    invoked: { name: skill.name, messages: loadingMessages(skill), env: commandEnv(skill) },
  };
}

/** The `skill` tool call and result that put a skill's instructions before the model. */
function loadingMessages(skill: Skill): ChatMessage[] {
  const id = `call_skill_${randomUUID().replaceAll("-", "")}`;
  return [
    {
      role: "assistant",
      content: null,
      tool_calls: [
        { id, type: "function", function: { name: "skill", arguments: JSON.stringify({ name: skill.name }) } },
      ],
    },
    { role: "tool", tool_call_id: id, content: `${skillHeader(skill)}\n\n${skill.body}` },
  ];
}

/** The answer to `/skills`: the skills people may call in this chat, with their spelling on its platform. */
export function skillListText(snapshot: SkillSnapshot, message: InboundMessage): string {
  const callable = snapshot.skills
    .filter((skill) => skill.status.type === "ready" && skill.manifest?.userInvocable)
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  if (callable.length === 0) return "No skills are installed that you can call here.";
  const spell = (name: string) => (message.channel === "telegram" ? telegramCommandName(name) : name);
  const lines = callable.map((skill) => `/${spell(skill.name)} — ${firstSentence(skill.manifest!.description)}`);
  return `Skills you can call here (write /<skill> and your request):\n${lines.join("\n")}`;
}

function firstSentence(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

/** The built-in commands in a platform's command menu. */
const BUILTIN_MENU: readonly ChatMenuCommand[] = [
  { command: "new", description: "Start a fresh conversation" },
  { command: "model", description: "Show or switch the model of this conversation" },
  { command: "usage", description: "Tokens used today and this month" },
  { command: "voice", description: "Spoken replies in this chat: /voice on or off" },
  { command: "skills", description: "List the skills you can call" },
  { command: "help", description: "What this bot can do" },
];

/**
 * A command menu (Telegram's rules: 1-32 lowercase letters, digits and underscores; at most
 * 100): the built-in commands, then each ready skill people may call, spelled with underscores.
 */
export function menuCommands(snapshot: SkillSnapshot): ChatMenuCommand[] {
  const taken = new Set(BUILTIN_MENU.map((entry) => entry.command).concat("start"));
  const skills = snapshot.skills
    .filter((skill) => skill.status.type === "ready" && skill.manifest?.userInvocable && fitsTelegramMenu(skill.name))
    .map((skill) => ({ command: telegramCommandName(skill.name), description: menuDescription(skill) }))
    .filter((entry) => !taken.has(entry.command))
    .sort((a, b) => (a.command < b.command ? -1 : 1));
  return [...BUILTIN_MENU, ...skills].slice(0, 100);
}

function menuDescription(skill: Skill): string {
  const text = firstSentence(skill.manifest!.description);
  return text.length > 256 ? `${text.slice(0, 255)}…` : text;
}
