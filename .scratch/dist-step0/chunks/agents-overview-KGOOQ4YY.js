#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { describeMatch } from "./chunk-6DZOSGLV.js";
import "./chunk-F3J2KTDO.js";
import { defaultAgentId, resolveAgents } from "./chunk-VQXR7EMG.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
function agentsOverview(config, where) {
  const defaultAgent = defaultAgentId(config);
  return resolveAgents(config, where).map((spec) => ({
    id: spec.id,
    ...(spec.name !== void 0 && { name: spec.name }),
    isDefault: spec.id === defaultAgent,
    workspace: spec.workspace,
    model: spec.model,
    fallbacks: spec.fallbacks,
    tools: { ...(spec.tools.allow !== void 0 && { allow: spec.tools.allow }), deny: spec.tools.deny },
    ...(spec.skills !== void 0 && { skills: spec.skills }),
    bindings: config.bindings
      .map((binding, index) => ({ index, agent: binding.agent, match: binding.match }))
      .filter((binding) => binding.agent === spec.id)
      .map(({ index, match }) => ({ index, match })),
  }));
}
function describeToolLists(tools) {
  return [
    tools.allow === void 0 ? "every tool" : `allow ${tools.allow.join(", ") || "nothing"}`,
    ...(tools.deny.length ? [`deny ${tools.deny.join(", ")}`] : []),
  ].join("; ");
}
function overviewLines(agent) {
  const title = `${agent.id}${agent.name ? ` (${agent.name})` : ""}${agent.isDefault ? ", the default" : ""}`,
    bindings = agent.bindings.map(({ index, match }) => `[${index}] ${describeMatch(match)}`);
  return [
    title,
    `  workspace: ${agent.workspace}`,
    `  model:     ${agent.model}${agent.fallbacks.length ? ` (fallbacks ${agent.fallbacks.join(", ")})` : ""}`,
    `  tools:     ${describeToolLists(agent.tools)}`,
    ...(agent.skills ? [`  skills:    ${agent.skills.join(", ") || "none"}`] : []),
    `  bindings:  ${bindings[0] ?? (agent.isDefault ? "none (answers every message no binding matches)" : "none")}`,
    ...bindings.slice(1).map((line) => `             ${line}`),
  ];
}
function sharedWorkspaceWarnings(agents) {
  const byWorkspace = new Map();
  for (const agent of agents) byWorkspace.set(agent.workspace, [...(byWorkspace.get(agent.workspace) ?? []), agent]);
  return [...byWorkspace]
    .filter(([, sharing]) => sharing.length > 1)
    .map(
      ([workspace, sharing]) =>
        `agents ${sharing.map((agent) => agent.id).join(", ")} share the workspace ${workspace}: each sees the others' files, notes and skills; give each its own workspace (or leave it unset)`,
    );
}
export { agentsOverview, describeToolLists, overviewLines, sharedWorkspaceWarnings };
//# sourceMappingURL=agents-overview-KGOOQ4YY.js.map
