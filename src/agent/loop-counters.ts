/** What the daemon status counts of the agent loop. */
export interface AgentLoopStats {
  sessions: number;
  activeSessions: number;
  turnsServed: number;
  /** With `agents.list`: each agent's sessions and turns since start. */
  agents?: Record<string, { sessions: number; turnsServed: number }>;
}

/** The agent loop's counters since start: each agent's sessions seen and turns run, and the turns run in all. */
export class LoopCounters {
  readonly #counters = new Map<string, { sessions: Set<string>; turnsServed: number }>();
  #turnsServed = 0;

  /** Counts session `key` as seen by `agent`, and with `turn` a turn it runs. */
  count(agent: string, key: string, turn: boolean): void {
    let counters = this.#counters.get(agent);
    if (!counters) {
      counters = { sessions: new Set(), turnsServed: 0 };
      this.#counters.set(agent, counters);
    }
    counters.sessions.add(key);
    if (turn) counters.turnsServed++;
  }

  /** Counts a turn that ended (in all, whichever agent ran it). */
  served(): void {
    this.#turnsServed++;
  }

  /** The counters as the status shows them; with `agentIds` (several agents), also each agent's, zeros included. */
  stats(activeSessions: number, agentIds?: readonly string[]): AgentLoopStats {
    const sessions = new Set<string>();
    const agents: Record<string, { sessions: number; turnsServed: number }> = {};
    for (const id of agentIds ?? []) agents[id] = { sessions: 0, turnsServed: 0 };
    for (const [id, counters] of this.#counters) {
      for (const key of counters.sessions) sessions.add(key);
      agents[id] = { sessions: counters.sessions.size, turnsServed: counters.turnsServed };
    }
    return {
      sessions: sessions.size,
      activeSessions,
      turnsServed: this.#turnsServed,
      ...(agentIds && { agents }),
    };
  }
}
