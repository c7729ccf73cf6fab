import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { AgentOverview } from "../routing/agents-overview.js";
import type { GlobalOptions } from "./command-support.js";
import { reportFatal, writeOut } from "./command-support.js";

/** A chat an agent has served: `channel:chatId`, with its sessions (threads count apart) and when it last spoke. */
interface ServedChat {
  chat: string;
  sessions: number;
  lastActive: string;
}

/**
 * `skein agents list`: every agent (id, name, workspace, model, tools allowed and denied),
 * its bindings, and the chats it has served (from the sessions under `$SKEIN_HOME/sessions`).
 */
export async function run(options: GlobalOptions & { json?: boolean }): Promise<number> {
  const [{ loadConfig }, { agentsOverview, overviewLines }, { decodeSessionFileName }, sessionKeys] = await Promise.all(
    [
      import("../config/load.js"),
      import("../routing/agents-overview.js"),
      import("../agent/sessions/session-id.js"),
      import("../agent/agent-runtime.js"),
    ],
  );
  try {
    const loaded = await loadConfig({ configPath: options.config });
    const agents = agentsOverview(loaded.config, loaded);
    const served = await servedChats(join(loaded.home, "sessions"), decodeSessionFileName, sessionKeys);
    const listing = agents.map((agent) => ({ ...agent, chats: served.get(agent.id) ?? [] }));
    if (options.json) {
      await writeOut(`${JSON.stringify({ agents: listing, bindings: loaded.config.bindings }, null, 2)}\n`);
      return 0;
    }
    await writeOut(`${listing.flatMap((agent) => [...overviewLines(agent), servedLine(agent)]).join("\n")}\n`);
    return 0;
  } catch (error) {
    return reportFatal(error);
  }
}

function servedLine(agent: AgentOverview & { chats: ServedChat[] }): string {
  const chats = agent.chats.map((chat) => `${chat.chat} (${chat.lastActive.slice(0, 16).replace("T", " ")})`);
  return `  served:    ${chats.length ? chats.join(", ") : "no chat yet"}`;
}

/**
 * The chats each agent has sessions for, most recent first. A session key is `channel:chatId[:thread]`
 * for the agent `main` and `agent:<id>:channel:chatId[:thread]` for the others.
 */
async function servedChats(
  directory: string,
  decode: (stem: string) => string,
  keys: { agentOfSessionKey(key: string): string; sessionKeyWithoutAgent(key: string): string },
): Promise<Map<string, ServedChat[]>> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith(".jsonl"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
    throw error;
  }
  const byAgent = new Map<string, Map<string, ServedChat>>();
  for (const name of names) {
    let key: string;
    try {
      key = decode(name.slice(0, -".jsonl".length));
    } catch {
      continue; // not a session file skein wrote
    }
    const agent = keys.agentOfSessionKey(key);
    const [channel, chatId] = keys.sessionKeyWithoutAgent(key).split(":");
    if (!channel || !chatId) continue;
    const modified = await stat(join(directory, name)).then(
      (stats) => stats.mtime.toISOString(),
      () => undefined,
    );
    if (!modified) continue;
    const chats = byAgent.get(agent) ?? new Map<string, ServedChat>();
    byAgent.set(agent, chats);
    const chat = `${channel}:${chatId}`;
    const known = chats.get(chat);
    chats.set(chat, {
      chat,
      sessions: (known?.sessions ?? 0) + 1,
      lastActive: known && known.lastActive > modified ? known.lastActive : modified,
    });
  }
  return new Map(
    [...byAgent].map(([agent, chats]) => [
      agent,
      [...chats.values()].sort((a, b) => b.lastActive.localeCompare(a.lastActive)),
    ]),
  );
}
