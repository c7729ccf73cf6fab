import type { DelegateRequest } from "../delegate-port.js";
import { type Tool, ToolError, toolResult } from "../tool.js";

export interface DelegateToolOptions {
  /** `agents.defaults.subagents.timeout` in seconds: a waited call may take that long. */
  timeoutSeconds: number;
}

/**
 * `delegate`: hands a task to a sub-agent, a conversation of its own that sees only the task
 * (with the agent's system prompt and tools). Without `wait` it returns at once with the child's
 * id; the child's result comes back to this chat later as a new turn. With `wait` the call returns
 * the child's final answer. The agent loop runs the children (`ctx.delegation`).
 */
export function delegateTool(options: DelegateToolOptions): Tool<DelegateRequest> {
  return {
    name: "delegate",
    description:
      "Hand a task to a sub-agent that works on it in a conversation of its own: it sees only the task (not this " +
      "chat), with your instructions and tools. It returns at once with the sub-agent's id; when the sub-agent " +
      "ends, its result comes back to you in this chat and you tell the user, so say you started on it and go on. " +
      "Use it for long work (research, going through a repository, watching a build). With wait: true you get its " +
      "final answer as this call's result instead. agent: the id of another configured agent to do it.",
    parameters: {
      type: "object",
      properties: {
        task: {
          type: "string",
          minLength: 1,
          description: "Everything the sub-agent needs to know: it sees nothing of this chat",
        },
        label: { type: "string", minLength: 1, maxLength: 80, description: "A short name for it, shown to people" },
        agent: { type: "string", minLength: 1, description: "Run it as this agent (default: you)" },
        wait: { type: "boolean", description: "Wait for its final answer (default false: it runs in the background)" },
      },
      required: ["task"],
      additionalProperties: false,
    },
    safety: "side-effecting",
    timeoutMs: (options.timeoutSeconds + 30) * 1000,
    async execute(args, ctx) {
      if (!ctx.delegation) throw new ToolError("PermissionDenied", "sub-agents cannot be started here");
      const result = await ctx.delegation.delegate(args, ctx.signal);
      if (result.type === "started")
        return toolResult({
          id: result.id,
          label: result.label,
          status: "running",
          note: "It works in the background; its result comes back to you in this chat when it ends.",
        });
      const { type: _type, ...ended } = result;
      return result.status === "finished" ? toolResult(ended) : toolResult(ended, { isError: true });
    },
  };
}
