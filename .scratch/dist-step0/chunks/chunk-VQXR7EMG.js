#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { join } from "node:path";
import { implicitAgentId } from "./chunk-MSZBOYJI.js";
function mergeOverride(base, override) {
  if (!isPlainObject(base) || !isPlainObject(override)) return override === void 0 ? base : override;
  const merged = { ...base };
  for (const [key, value] of Object.entries(override))
    value !== void 0 && (merged[key] = mergeOverride(merged[key], value));
  return merged;
}
function isPlainObject(value) {
  return typeof value == "object" && value !== null && !Array.isArray(value);
}
function defaultAgentId(config) {
  return config.agents.default ?? config.agents.list?.[0]?.id ?? implicitAgentId;
}
function resolveAgents(config, where) {
  const list = config.agents.list;
  if (!list) {
    const workspace = config.agents.defaults.workspace ?? join(where.home, "workspace");
    return [specOf(implicitAgentId, { ...config.agents.defaults, workspace }, config.tools, {})];
  }
  return list.map((entry) => {
    const { id, name, name_prefix, skills, tools: toolsOverride, ...overrides } = entry,
      workspace = entry.workspace ?? join(where.home, "agents", id, "workspace"),
      defaults = { ...mergeOverride(config.agents.defaults, overrides), workspace },
      tools = effectiveTools(config.tools, toolsOverride);
    return specOf(id, defaults, tools, { name, namePrefix: name_prefix, skills });
  });
}
function specOf(id, defaults, tools, shown) {
  return {
    id,
    ...(shown.name !== void 0 && { name: shown.name }),
    ...(shown.namePrefix !== void 0 && { namePrefix: shown.namePrefix }),
    workspace: defaults.workspace,
    model: defaults.model,
    fallbacks: defaults.fallbacks,
    tools,
    ...(shown.skills !== void 0 && { skills: shown.skills }),
    maxToolIterations: defaults.max_tool_iterations,
    defaults,
  };
}
function effectiveTools(base, override) {
  if (!override) return base;
  const { mcp_servers, deny, ...rest } = override,
    merged = mergeOverride(base, rest);
  return (
    (merged.deny = [...new Set([...base.deny, ...(deny ?? [])])]),
    Array.isArray(mcp_servers)
      ? (merged.mcp_servers = Object.fromEntries(
          Object.entries(base.mcp_servers).filter(([serverName]) => mcp_servers.includes(serverName)),
        ))
      : mcp_servers && (merged.mcp_servers = { ...base.mcp_servers, ...mcp_servers }),
    merged
  );
}
export { defaultAgentId, resolveAgents };
//# sourceMappingURL=chunk-VQXR7EMG.js.map
