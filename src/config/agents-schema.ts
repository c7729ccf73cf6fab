import * as z from "zod";

/**
 * The schemas of several agents in one daemon: `agents.list` (each agent's overrides of
 * `agents.defaults` and of the top-level `tools`), `agents.default` and `bindings`. Built
 * from the schemas of `agents.defaults` and `tools` (src/config/schema.ts), so an agent takes
 * exactly their keys, with none of their defaults: a key an agent leaves out is inherited.
 */

/** An agent id: lowercase letters, digits, `-` and `_`, 1-32 characters. */
export const agentIdPattern = /^[a-z0-9_-]{1,32}$/;

/** The id of the one agent of a config without `agents.list`. */
export const implicitAgentId = "main";

export const agentId = z
  .string()
  .regex(agentIdPattern, "an agent id is 1-32 lowercase letters, digits, - or _ (e.g. work, family_bot)");

type AnySchema = z.ZodType;

/**
 * `schema` with every default removed and every key optional, down through nested objects:
 * what an override of it may say. Objects stay as lenient as the original (unknown keys are
 * reported as warnings by the loader, like everywhere else).
 */
export function overrideOf(schema: AnySchema): AnySchema {
  let inner = schema;
  for (;;) {
    const def = (inner as unknown as { _zod: { def: { type: string; innerType?: AnySchema } } })._zod.def;
    if (!["default", "prefault", "optional"].includes(def.type) || !def.innerType) break;
    inner = def.innerType;
  }
  if (!(inner instanceof z.ZodObject)) return inner;
  const shape: Record<string, AnySchema> = {};
  for (const [key, child] of Object.entries(inner.shape as Record<string, AnySchema>))
    shape[key] = overrideOf(child).optional();
  return z.object(shape);
}

/** A match value: platform ids are strings, but a Telegram chat id written as a JSON number is the same id. */
const matchValue = z.union([z.string().min(1), z.number()]).transform(String);

/**
 * `bindings[].match`: every key given must equal the message's. Strict, because a misspelt key
 * would otherwise vanish and leave a broader match than the operator wrote.
 */
export const bindingMatch = z.strictObject({
  channel: z.string().min(1).optional(),
  chat_id: matchValue.optional(),
  sender: matchValue.optional(),
  /** A Slack workspace (team) id. */
  team_id: matchValue.optional(),
  /** A Discord server (guild) id. */
  guild_id: matchValue.optional(),
  /** A Telegram forum topic, a Slack thread ts, or a Discord thread's channel id. */
  thread: matchValue.optional(),
});

/** `bindings[]`: the chats, senders, teams or channels that `agent` answers. */
export const binding = z.object({ agent: agentId, match: bindingMatch.prefault({}) });

/** What an override of a `T` may say: any key, down through nested objects (lists are replaced whole). */
export type Override<T> = T extends readonly unknown[]
  ? T
  : T extends Record<string, unknown>
    ? { [K in keyof T]?: Override<T[K]> }
    : T;

/** One `agents.list[]` entry as parsed: its own keys and its overrides, nothing inherited yet. */
export type AgentEntry<Defaults, Tools, McpServer, Tts> = Override<Defaults> & {
  id: string;
  name?: string;
  name_prefix?: string;
  skills?: string[];
  tools?: Override<Omit<Tools, "mcp_servers">> & { mcp_servers?: string[] | Record<string, McpServer> };
  tts?: Override<Tts>;
};

/**
 * `agents.list[]`: an id, how people see it, and any key of `agents.defaults`, of `tools` and of
 * the top-level `tts` as an override; `mcp_servers` also as a list of top-level server names.
 * `workspace` is never inherited (see src/routing/resolve-agents.ts).
 */
export function agentEntrySchema<
  Defaults extends AnySchema,
  Tools extends AnySchema,
  McpServer extends AnySchema,
  Tts extends AnySchema,
>(
  agentDefaults: Defaults,
  tools: Tools,
  mcpServer: McpServer,
  tts: Tts,
): z.ZodType<AgentEntry<z.output<Defaults>, z.output<Tools>, z.output<McpServer>, z.output<Tts>>> {
  const toolsOverride = (overrideOf(tools) as z.ZodObject).extend({
    mcp_servers: z.union([z.array(z.string().min(1)), z.record(z.string(), mcpServer)]).optional(),
  });
  return (overrideOf(agentDefaults) as z.ZodObject).extend({
    id: agentId,
    name: z.string().min(1).optional(),
    /** Put before every answer of this agent (e.g. `[work] `), so people see who answers. */
    name_prefix: z.string().min(1).optional(),
    /** The skills (by name) this agent is offered; all when absent. */
    skills: z.array(z.string().min(1)).optional(),
    tools: toolsOverride.optional(),
    /** Its spoken replies, key by key over the top-level `tts`. */
    tts: overrideOf(tts).optional(),
  }) as unknown as z.ZodType<AgentEntry<z.output<Defaults>, z.output<Tools>, z.output<McpServer>, z.output<Tts>>>;
}

/** The parts of a parsed config that name agents and MCP servers. */
interface AgentReferences {
  agents: { list?: Array<{ id: string; tools?: { mcp_servers?: unknown } }>; default?: string };
  bindings: Array<{ agent: string }>;
  tools: { mcp_servers: Record<string, unknown> };
}

/**
 * Refuses what names an agent or server that does not exist: a duplicate agent id, an
 * `agents.default` or a binding naming an unknown agent, an agent's MCP server name unknown
 * to `tools.mcp_servers`. Each issue has the path of the key (`bindings[2].agent`).
 */
export function checkAgentReferences(config: AgentReferences, context: z.RefinementCtx): void {
  const ids = config.agents.list?.map((agent) => agent.id) ?? [implicitAgentId];
  const issue = (path: PropertyKey[], message: string) => context.addIssue({ code: "custom", path, message });
  config.agents.list?.forEach((agent, index) => {
    const first = ids.indexOf(agent.id);
    if (first !== index)
      issue(["agents", "list", index, "id"], `duplicate agent id "${agent.id}" (also agents.list[${first}])`);
    const servers = agent.tools?.mcp_servers;
    if (Array.isArray(servers))
      servers.forEach((server, at) => {
        if (!(server in config.tools.mcp_servers))
          issue(
            ["agents", "list", index, "tools", "mcp_servers", at],
            `no MCP server "${server}" in tools.mcp_servers`,
          );
      });
  });
  const known = `known: ${[...new Set(ids)].join(", ")}`;
  if (config.agents.default !== undefined && !ids.includes(config.agents.default))
    issue(["agents", "default"], `no agent "${config.agents.default}" (${known})`);
  config.bindings.forEach((bound, index) => {
    if (!ids.includes(bound.agent)) issue(["bindings", index, "agent"], `no agent "${bound.agent}" (${known})`);
  });
}
