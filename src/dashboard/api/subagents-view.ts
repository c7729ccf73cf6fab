import type { DashboardSources } from "../dashboard-sources.js";

/** The running sub-agents as the API answers them (snake_case; labels redacted); with `session`, those working for it. */
export function subagentsView(sources: DashboardSources, session?: string) {
  const running = sources.subagents?.() ?? [];
  return running
    .filter((child) => session === undefined || child.session === session)
    .map((child) => ({
      id: child.id,
      label: sources.redact(child.label),
      agent: child.agent,
      chat: child.chat,
      session: child.session,
      started_at: new Date(child.startedAt).toISOString(),
      depth: child.depth,
      wait: child.wait,
    }));
}
