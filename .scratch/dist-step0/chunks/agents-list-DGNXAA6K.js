#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { reportFatal, writeOut } from "./chunk-GOYGBFST.js";
import "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-GZ7VATWC.js";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
async function run(options) {
  const [{ loadConfig }, { agentsOverview, overviewLines }, { decodeSessionFileName }, sessionKeys] = await Promise.all(
    [
      import("./load-FF7I6U4A.js"),
      import("./agents-overview-KGOOQ4YY.js"),
      import("./session-id-QWZTQ4EO.js"),
      import("./agent-runtime-BF2BWBY4.js"),
    ],
  );
  try {
    const loaded = await loadConfig({ configPath: options.config }),
      agents = agentsOverview(loaded.config, loaded),
      served = await servedChats(join(loaded.home, "sessions"), decodeSessionFileName, sessionKeys),
      listing = agents.map((agent) => ({ ...agent, chats: served.get(agent.id) ?? [] }));
    return options.json
      ? (await writeOut(`${JSON.stringify({ agents: listing, bindings: loaded.config.bindings }, null, 2)}
`),
        0)
      : (await writeOut(`${listing
          .flatMap((agent) => [...overviewLines(agent), servedLine(agent)])
          .join(`
`)}
`),
        0);
  } catch (error) {
    return reportFatal(error);
  }
}
function servedLine(agent) {
  const chats = agent.chats.map((chat) => `${chat.chat} (${chat.lastActive.slice(0, 16).replace("T", " ")})`);
  return `  served:    ${chats.length ? chats.join(", ") : "no chat yet"}`;
}
async function servedChats(directory, decode, keys) {
  let names;
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith(".jsonl"));
  } catch (error) {
    if (error.code === "ENOENT") return new Map();
    throw error;
  }
  const byAgent = new Map();
  for (const name of names) {
    let key;
    try {
      key = decode(name.slice(0, -6));
    } catch {
      continue;
    }
    const agent = keys.agentOfSessionKey(key),
      [channel, chatId] = keys.sessionKeyWithoutAgent(key).split(":");
    if (!channel || !chatId) continue;
    const modified = await stat(join(directory, name)).then(
      (stats) => stats.mtime.toISOString(),
      () => {},
    );
    if (!modified) continue;
    const chats = byAgent.get(agent) ?? new Map();
    byAgent.set(agent, chats);
    const chat = `${channel}:${chatId}`,
      known = chats.get(chat);
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
export { run };
//# sourceMappingURL=agents-list-DGNXAA6K.js.map
