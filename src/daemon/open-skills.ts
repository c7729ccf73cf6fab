import type { Logger } from "pino";
import { menuCommands, type SkillCommandDeps } from "../agent/commands/skill-commands.js";
import type { Channel } from "../channel-kit/channel.js";
import type { SkeinConfig } from "../config/schema.js";
import type { SandboxDecision } from "../sandbox/index.js";
import { configuredSkills } from "../skills/configured-skills.js";
import type { SkillSnapshot } from "../skills/skill-library.js";
import { skillTool } from "../skills/skill-tool.js";
import type { ToolSink } from "../tools/tool-sink.js";
import type { Redactor } from "../util/redactor.js";

export interface OpenSkillsOptions {
  config: SkeinConfig;
  workspace: string;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Where commands run (default: as `tools.exec.sandbox` says, without waiting for the probe). */
  sandbox?: SandboxDecision;
  /** Where the `skill` tool is registered while a skill is installed. */
  registry: ToolSink;
  /** Only the skills of these names (an agent's `skills`); default all. */
  only?: readonly string[];
  log: Logger;
  /** Where the values of the variables a skill declares in `requires.env` go, to be redacted like every secret. */
  redactor?: Pick<Redactor, "add">;
  /** Watch the skill folders for changes (default true; `skein tools` reads once). */
  watch?: boolean;
}

/** A `requires.env` value this long is a secret for redaction (shorter ones would match ordinary text). */
const SKILL_SECRET_MIN_LENGTH = 8;

/** The skills as the daemon uses them: a section of the system prompt, chat commands, command menus. */
export interface DaemonSkills {
  /** The system prompt's skills catalog (see `ContextBuilderOptions.sections`); keeps the `skill` tool registered while a skill is ready. */
  section(): Promise<string>;
  /** For the agent loop's `/skills` and `/<skill>`. */
  commands: SkillCommandDeps;
  /** Keeps the command menu of each channel that has one (Telegram) in step with the skills; returns the unsubscribe function. */
  publishMenus(channels: () => Channel[]): Promise<() => void>;
  readablePaths(): string[];
  close(): void;
}

/**
 * Reads the skills of the configuration. Nothing is read before the first turn (or the first
 * menu), and without a skill the model gets no `skill` tool and no catalog.
 */
export function openSkills(options: OpenSkillsOptions): DaemonSkills {
  const { library, commandEnv } = configuredSkills(options);
  const tool = skillTool({ skills: () => library.current(), commandEnv });
  let registered = false;
  let redacted: SkillSnapshot | undefined;
  const current = async () => {
    const snapshot = await library.current();
    if (snapshot !== redacted) {
      redacted = snapshot;
      options.redactor?.add(requiredEnvValues(snapshot, options.env));
    }
    const wanted = snapshot.skills.some((skill) => skill.status.type === "ready");
    if (wanted !== registered) {
      if (wanted) options.registry.register(tool as never);
      else options.registry.unregister(tool.name);
      registered = wanted;
    }
    return snapshot;
  };
  return {
    section: async () => (await current()).catalog,
    commands: { skills: current, commandEnv },
    async publishMenus(channels) {
      let published = false;
      const publish = (snapshot: SkillSnapshot) => {
        const commands = menuCommands(snapshot);
        // Without a skill the platform's menu is left as it is, unless skein filled it before.
        if (!published && commands.every((command) => !isSkillCommand(command.command, snapshot))) return;
        published = true;
        for (const channel of channels())
          channel
            .setCommands?.(commands)
            .catch((error: unknown) =>
              options.log.warn({ err: error, channel: channel.name }, "cannot set the channel's command menu"),
            );
      };
      publish(await current());
      return library.onChange(publish);
    },
    readablePaths: () => library.readablePaths(),
    close: () => library.close(),
  };
}

/** The daemon's values of the variables any skill declares in `requires.env` (a secret's length at least). */
function requiredEnvValues(snapshot: SkillSnapshot, env: OpenSkillsOptions["env"]): string[] {
  const names = new Set(snapshot.skills.flatMap((skill) => skill.manifest?.requires.env ?? []));
  return [...names]
    .map((name) => env[name])
    .filter((value): value is string => value !== undefined && value.length >= SKILL_SECRET_MIN_LENGTH);
}

function isSkillCommand(command: string, snapshot: SkillSnapshot): boolean {
  return snapshot.get(command.replaceAll("_", "-")) !== undefined;
}
