#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { sessionKeyWithoutAgent } from "./chunk-6GFJEBQS.js";
import { describeMessages } from "./chunk-6KSNBT4H.js";
import "./chunk-XSPF2MYQ.js";
import { decodeSessionFileName } from "./chunk-BF4ACQ66.js";
import "./chunk-GZ7VATWC.js";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
var ConversationFiles = class {
  #dir;
  #sessions;
  constructor(options) {
    (this.#dir = options.dir), (this.#sessions = options.sessions);
  }
  async list({ channel, q }) {
    const dir = this.#dir,
      names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith(".jsonl")),
      recent = (
        await Promise.all(
          names.map(async (name) => ({ name, mtime: (await stat(join(dir, name)).catch(() => {}))?.mtimeMs })),
        )
      )
        .filter((entry) => entry.mtime !== void 0)
        .map((entry) => ({ ...entry, key: decodeSessionFileName(entry.name.slice(0, -6)) }))
        .filter((entry) => !channel || sessionKeyWithoutAgent(entry.key).startsWith(`${channel}:`))
        .sort((a, b) => b.mtime - a.mtime)
        .slice(0, 300);
    return (
      await Promise.all(
        recent.map(async (entry) => {
          const text = await readFile(join(dir, entry.name), "utf8").catch(() => {});
          if (text !== void 0)
            return { key: entry.key, lastActivity: entry.mtime, ...describeMessages(messagesOf(text), q) };
        }),
      )
    ).filter((entry) => entry !== void 0 && (!q || entry.match !== void 0));
  }
  read(key) {
    return this.#sessions.load(key);
  }
};
function* messagesOf(text) {
  for (const line of text.split(`
`)) {
    if (!line.startsWith("{")) continue;
    let record;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    Array.isArray(record.messages) ? yield* record.messages : yield record;
  }
}
export { ConversationFiles };
//# sourceMappingURL=conversation-files-HR2NEN6Z.js.map
