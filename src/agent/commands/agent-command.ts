import { basename } from "node:path";
import type { AgentRuntime } from "../agent-runtime.js";

/** `/agent`: who answers in this chat (id, name, the conversation's model, the workspace's folder name). */
export function agentText(agent: Pick<AgentRuntime, "id" | "name" | "workspace">, model: string): string {
  return [
    `Agent: ${agent.id}${agent.name ? ` (${agent.name})` : ""}`,
    `Model: ${model}`,
    ...(agent.workspace ? [`Workspace: ${basename(agent.workspace)}`] : []),
  ].join("\n");
}
