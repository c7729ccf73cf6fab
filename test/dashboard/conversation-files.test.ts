import { mkdtemp, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, describe } from "vitest";
import { encodeSessionKey } from "../../src/agent/sessions/session-id.js";
import { SessionFiles } from "../../src/agent/sessions/sessions.js";
import { ConversationFiles } from "../../src/dashboard/conversation-files.js";
import { conversationStoreContract } from "./conversation-store-contract.js";

describe("the dashboard's conversations from the session files of one machine", () => {
  const dirs: string[] = [];
  const stores: SessionFiles[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  conversationStoreContract(async () => {
    const dir = await mkdtemp(join(tmpdir(), "skein-conversations-"));
    dirs.push(dir);
    const sessions = new SessionFiles({ dir, log: pino({ level: "silent" }) });
    stores.push(sessions);
    return {
      sessions,
      conversations: new ConversationFiles({ dir, sessions }),
      touch: (key, time) => utimes(join(dir, `${encodeSessionKey(key)}.jsonl`), time / 1000, time / 1000),
    };
  });
});
