import type { InboundMessage } from "../../bus/messages.js";
import { chatKeyOf } from "../../bus/messages.js";
import type { RunningSubagent, Subagents } from "./subagents.js";

/**
 * `/subagents`, answered by the daemon: the chat's running sub-agents (id, label, time running);
 * `/subagents stop <id>` stops one.
 */
export async function subagentsCommand(
  argument: string,
  message: InboundMessage,
  subagents: Pick<Subagents, "list" | "stop">,
  now = Date.now(),
): Promise<string> {
  const [verb, id, ...rest] = argument.split(/\s+/).filter(Boolean);
  if (verb === "stop" && id && rest.length === 0) return subagents.stop(id, message);
  if (verb !== undefined)
    return "Usage: /subagents lists the sub-agents working for this chat; /subagents stop <id> stops one.";
  const running = subagents.list(chatKeyOf(message));
  if (running.length === 0) return "No sub-agent is working for this chat.";
  return [
    `Sub-agents working for this chat (${running.length}):`,
    ...running.map(
      (child) => `${child.id}  "${child.label}"  running ${elapsed(child, now)}${agentOf(child, message)}`,
    ),
    "Stop one with /subagents stop <id>.",
  ].join("\n");
}

function agentOf(child: RunningSubagent, message: InboundMessage): string {
  return child.agent !== (message.agentId ?? "main") ? ` (agent ${child.agent})` : "";
}

/** `45s`, `2m 5s`, `1h 3m`: how long a child has been running. */
function elapsed(child: RunningSubagent, now: number): string {
  const seconds = Math.max(0, Math.floor((now - child.startedAt) / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
  return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
}
