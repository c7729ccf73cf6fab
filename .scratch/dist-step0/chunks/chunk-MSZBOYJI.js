#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { external_exports } from "./chunk-BPOSQNOK.js";
var agentIdPattern = /^[a-z0-9_-]{1,32}$/,
  implicitAgentId = "main",
  agentId = external_exports
    .string()
    .regex(agentIdPattern, "an agent id is 1-32 lowercase letters, digits, - or _ (e.g. work, family_bot)");
function overrideOf(schema) {
  let inner = schema;
  for (;;) {
    const def = inner._zod.def;
    if (!["default", "prefault", "optional"].includes(def.type) || !def.innerType) break;
    inner = def.innerType;
  }
  if (!(inner instanceof external_exports.ZodObject)) return inner;
  const shape = {};
  for (const [key, child] of Object.entries(inner.shape)) shape[key] = overrideOf(child).optional();
  return external_exports.object(shape);
}
var matchValue = external_exports
    .union([external_exports.string().min(1), external_exports.number()])
    .transform(String),
  bindingMatch = external_exports.strictObject({
    channel: external_exports.string().min(1).optional(),
    chat_id: matchValue.optional(),
    sender: matchValue.optional(),
    team_id: matchValue.optional(),
    guild_id: matchValue.optional(),
    thread: matchValue.optional(),
  }),
  binding = external_exports.object({ agent: agentId, match: bindingMatch.prefault({}) });
function agentEntrySchema(agentDefaults, tools, mcpServer) {
  const toolsOverride = overrideOf(tools).extend({
    mcp_servers: external_exports
      .union([
        external_exports.array(external_exports.string().min(1)),
        external_exports.record(external_exports.string(), mcpServer),
      ])
      .optional(),
  });
  return overrideOf(agentDefaults).extend({
    id: agentId,
    name: external_exports.string().min(1).optional(),
    name_prefix: external_exports.string().min(1).optional(),
    skills: external_exports.array(external_exports.string().min(1)).optional(),
    tools: toolsOverride.optional(),
  });
}
function checkAgentReferences(config, context) {
  const ids = config.agents.list?.map((agent) => agent.id) ?? [implicitAgentId],
    issue = (path, message) => context.addIssue({ code: "custom", path, message });
  config.agents.list?.forEach((agent, index) => {
    const first = ids.indexOf(agent.id);
    first !== index &&
      issue(["agents", "list", index, "id"], `duplicate agent id "${agent.id}" (also agents.list[${first}])`);
    const servers = agent.tools?.mcp_servers;
    Array.isArray(servers) &&
      servers.forEach((server, at) => {
        server in config.tools.mcp_servers ||
          issue(
            ["agents", "list", index, "tools", "mcp_servers", at],
            `no MCP server "${server}" in tools.mcp_servers`,
          );
      });
  });
  const known = `known: ${[...new Set(ids)].join(", ")}`;
  config.agents.default !== void 0 &&
    !ids.includes(config.agents.default) &&
    issue(["agents", "default"], `no agent "${config.agents.default}" (${known})`),
    config.bindings.forEach((bound, index) => {
      ids.includes(bound.agent) || issue(["bindings", index, "agent"], `no agent "${bound.agent}" (${known})`);
    });
}
export { agentEntrySchema, agentId, binding, checkAgentReferences, implicitAgentId };
//# sourceMappingURL=chunk-MSZBOYJI.js.map
