import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SessionIdError } from "../../src/agent/sessions/session-id.js";
import { SessionSettingsFile, type SessionSettingsStore } from "../../src/agent/sessions/session-settings.js";
import {
  type SessionContext,
  SessionFiles,
  type SessionStore,
  type SessionSummary,
} from "../../src/agent/sessions/sessions.js";
import { connectRedis } from "../../src/bus/redis-connection.js";
import { RedisSessionSettings } from "../../src/cluster/redis-session-settings.js";
import { RedisSessions } from "../../src/cluster/redis-sessions.js";
import type { ChatMessage } from "../../src/providers/provider.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";
import { recordingLogger } from "../support/tool-context.js";

/** A context as plain data: its summary and its history's messages, decoded. */
function plain(context: SessionContext): { summary?: SessionSummary; messages: ChatMessage[] } {
  return { ...(context.summary && { summary: context.summary }), messages: [...context.history.messages()] };
}

interface StoreOptions {
  retain?: number;
  now?: () => Date;
}

/** Where sessions are kept; `open` gives a store as a process starting now would have it. */
interface Medium {
  name: string;
  skip: string | undefined;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  open(options?: StoreOptions): SessionStore;
  openSettings(): SessionSettingsStore;
}

const { log } = recordingLogger();

function filesMedium(): Medium {
  let dir = "";
  const opened: SessionFiles[] = [];
  return {
    name: "files",
    skip: undefined,
    async setUp() {
      dir = await mkdtemp(join(tmpdir(), "skein-session-contract-"));
    },
    async tearDown() {
      for (const store of opened.splice(0)) await store.close();
      await rm(dir, { recursive: true, force: true });
    },
    open: (options = {}) => {
      const store = new SessionFiles({ dir, log, ...options });
      opened.push(store);
      return store;
    },
    openSettings: () => new SessionSettingsFile({ path: join(dir, "session-settings.json"), log }),
  };
}

let server: RedisServer | undefined;
let redis: Redis | undefined;
let tests = 0;

function redisMedium(): Medium {
  let prefix = "";
  return {
    name: "Redis",
    skip: redisSkipReason,
    async setUp() {
      prefix = `test${++tests}:`;
    },
    async tearDown() {},
    open: (options = {}) => new RedisSessions({ redis: redis!, prefix, log, ...options }),
    openSettings: () => new RedisSessionSettings({ redis: redis!, prefix }),
  };
}

beforeAll(async () => {
  if (redisSkipReason) return;
  server = await startRedisServer();
  redis = await connectRedis({ url: server.url });
});
afterAll(async () => {
  redis?.disconnect();
  await server?.stop();
});

const turn: ChatMessage[] = [
  { role: "user", content: "read a.txt" },
  {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "c1", type: "function", function: { name: "read_file", arguments: '{"path":"a.txt"}' } }],
  },
  { role: "tool", tool_call_id: "c1", content: '{"content":"hi"}' },
  { role: "assistant", content: "It says hi." },
];

const said = (text: string): ChatMessage => ({ role: "user", content: text });

describe.each([filesMedium(), redisMedium()])("sessions kept in $name", (medium) => {
  beforeEach(() => medium.setUp());
  afterEach(() => medium.tearDown());

  describe.skipIf(medium.skip)("the session store contract", () => {
    it("keeps a session's messages, in order, for the next process", async () => {
      await medium.open().append("slack:C1:1712.5", turn);
      expect(await medium.open().load("slack:C1:1712.5")).toEqual(turn);
    });

    it("keeps call order when turns complete together, and later turns follow them", async () => {
      const store = medium.open();
      await Promise.all(turn.map((message) => store.append("cli:local", [message])));
      await store.append("cli:local", [said("and then?")]);
      expect(await medium.open().load("cli:local")).toEqual([...turn, said("and then?")]);
      expect(await store.load("cli:local")).toEqual([...turn, said("and then?")]);
    });

    it("continues from the newest summary and the messages after its boundary, in this process and the next", async () => {
      const store = medium.open();
      await store.append("telegram:5", [said("one"), said("two")]);
      await store.append("telegram:5", turn);
      const summary = {
        type: "summary",
        text: "- one and two were said",
        at: "2026-11-26T10:00:00.000Z",
        kept: 4,
        covered: 2,
      } as const;
      await store.summarise("telegram:5", summary);
      await store.append("telegram:5", [said("three")]);
      for (const opened of [store, medium.open()]) {
        expect(plain(await opened.context("telegram:5"))).toEqual({ summary, messages: [...turn, said("three")] });
        expect(await opened.load("telegram:5")).toEqual([said("one"), said("two"), ...turn, said("three")]);
      }
      const newer = { ...summary, text: "- everything so far", kept: 1, covered: 7 };
      await medium.open().summarise("telegram:5", newer);
      expect(plain(await medium.open().context("telegram:5"))).toEqual({ summary: newer, messages: [said("three")] });
    });

    it("archives the summary with the session on /new, and starts without one", async () => {
      const store = medium.open();
      await store.append("telegram:6", [said("one"), said("two")]);
      await store.summarise("telegram:6", {
        type: "summary",
        text: "s",
        at: "2026-11-26T10:00:00.000Z",
        kept: 0,
        covered: 2,
      });
      expect(await store.archive("telegram:6")).toBeDefined();
      await store.append("telegram:6", [said("fresh")]);
      for (const opened of [store, medium.open()])
        expect(plain(await opened.context("telegram:6"))).toEqual({ messages: [said("fresh")] });
    });

    it("starts empty for a session never written", async () => {
      expect(await medium.open().load("telegram:404")).toEqual([]);
    });

    it("loads the newest `retain` messages of a long history, oldest first", async () => {
      const store = medium.open({ retain: 10 });
      for (let index = 0; index < 100; index++) await store.append("telegram:1", [said(`${index}`)]);
      for (const loaded of [await store.load("telegram:1"), await medium.open({ retain: 10 }).load("telegram:1")]) {
        expect(loaded.length).toBeLessThanOrEqual(20);
        expect(loaded.slice(-10)).toEqual(Array.from({ length: 10 }, (_, index) => said(`${90 + index}`)));
      }
    });

    it("tells the next process the replies of a stored turn, so that a resumed turn is not run or stored again", async () => {
      const store = medium.open();
      await store.append("telegram:1", turn, { id: "telegram:1:7", replies: ["It says hi."] });
      await store.append("telegram:1", [said("quiet")], { id: "telegram:1:8", replies: [] });
      const next = medium.open();
      expect(await next.recordedTurn("telegram:1", "telegram:1:7")).toEqual(["It says hi."]);
      expect(await next.recordedTurn("telegram:1", "telegram:1:8")).toEqual([]);
      expect(await next.recordedTurn("telegram:1", "telegram:1:9")).toBeUndefined();
      expect(await next.recordedTurn("telegram:2", "telegram:1:7")).toBeUndefined();
    });

    it("remembers the newest 20 turns of a session", async () => {
      const store = medium.open();
      for (let index = 0; index < 25; index++)
        await store.append("telegram:1", [said(`${index}`)], { id: `m${index}`, replies: [`r${index}`] });
      const next = medium.open();
      expect(await next.recordedTurn("telegram:1", "m24")).toEqual(["r24"]);
      expect(await next.recordedTurn("telegram:1", "m5")).toEqual(["r5"]);
      expect(await next.recordedTurn("telegram:1", "m4")).toBeUndefined();
    });

    it("knows the chats it holds a conversation with, their threads included", async () => {
      await medium.open().append("slack:C1:1712.5", turn);
      await medium.open().append("telegram:42", turn);
      const next = medium.open();
      expect(await next.hasChat("slack", "C1")).toBe(true);
      expect(await next.hasChat("slack", "C1:1712.5")).toBe(true);
      expect(await next.hasChat("telegram", "42")).toBe(true);
      expect(await next.hasChat("slack", "C")).toBe(false);
      expect(await next.hasChat("telegram", "4")).toBe(false);
      expect(await next.hasChat("discord", "42")).toBe(false);
    });

    it("archives a session on /new: it starts empty, forgets its turns, and later turns start a new history", async () => {
      const store = medium.open({ now: () => new Date("2026-11-22T07:00:00.000Z") });
      await store.append("telegram:1", turn, { id: "m1", replies: ["It says hi."] });
      expect(await store.archive("telegram:1")).toEqual(expect.stringContaining("2026-11-22T07-00-00-000Z"));
      expect(await store.load("telegram:1")).toEqual([]);
      expect(await medium.open().load("telegram:1")).toEqual([]);
      expect(await medium.open().recordedTurn("telegram:1", "m1")).toBeUndefined();
      expect(await medium.open().hasChat("telegram", "1")).toBe(false);
      await store.append("telegram:1", [said("hello again")]);
      expect(await medium.open().load("telegram:1")).toEqual([said("hello again")]);
      expect(await medium.open().hasChat("telegram", "1")).toBe(true);
    });

    it("has nothing to archive for a session never written", async () => {
      expect(await medium.open().archive("telegram:404")).toBeUndefined();
    });

    it("stores what was appended before a flush returns", async () => {
      const store = medium.open();
      void store.append("telegram:1", [said("in the background")]);
      await store.flush();
      expect(await medium.open().load("telegram:1")).toEqual([said("in the background")]);
      await store.close();
    });

    it("refuses an invalid session id", async () => {
      const store = medium.open();
      await expect(store.load("../secret")).rejects.toThrow(SessionIdError);
      await expect(store.append("a/b", turn)).rejects.toThrow(SessionIdError);
    });
  });

  describe.skipIf(medium.skip)("the session settings contract", () => {
    it("keeps a conversation's model choice for the next process, and forgets it when cleared", async () => {
      expect(await medium.openSettings().get("telegram:1")).toEqual({});
      await medium.openSettings().set("telegram:1", { model: "gpt-4o-mini" });
      expect(await medium.openSettings().get("telegram:1")).toEqual({ model: "gpt-4o-mini" });
      expect(await medium.openSettings().get("telegram:2")).toEqual({});
      await medium.openSettings().set("telegram:1", { model: undefined });
      expect(await medium.openSettings().get("telegram:1")).toEqual({});
    });

    it("keeps a conversation's /voice choice beside its model for the next process", async () => {
      await medium.openSettings().set("telegram:3", { model: "gpt-4o-mini", voice: "on" });
      expect(await medium.openSettings().get("telegram:3")).toEqual({ model: "gpt-4o-mini", voice: "on" });
      await medium.openSettings().set("telegram:3", { voice: "off" });
      expect(await medium.openSettings().get("telegram:3")).toEqual({ voice: "off" });
    });
  });
});
