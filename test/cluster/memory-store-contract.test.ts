import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectRedis } from "../../src/bus/redis-connection.js";
import { openSharedMemory, RedisMemory, RedisNotes } from "../../src/cluster/redis-notes.js";
import { userNotesFolder } from "../../src/tools/builtin/memory-notes.js";
import { MemoryFile, type MemoryStore, NoteFiles, type NoteStore } from "../../src/tools/builtin/memory-store.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";

const log = pino({ level: "silent" });
const noteId = (n: number) => `note-0000000${n}-0000-4000-8000-000000000000`;
const alice = userNotesFolder("telegram", "1");
const bob = userNotesFolder("telegram", "2");

let server: RedisServer | undefined;
const connections: Redis[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  if (!redisSkipReason) server = await startRedisServer();
});
afterAll(() => server?.stop());
afterEach(async () => {
  for (const connection of connections.splice(0)) connection.disconnect();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function connection(): Promise<Redis> {
  const redis = await connectRedis({ url: server!.url });
  connections.push(redis);
  return redis;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "skein-memory-"));
  dirs.push(dir);
  return dir;
}

let testNumber = 0;
/** Each opens fresh stores and returns how to open the same ones again (another process). */
const implementations: Array<{
  name: string;
  skip: string | undefined;
  /** Whether writes of several processes are serialised (Redis); a workspace file has one writer. */
  multiWriter: boolean;
  open: () => Promise<() => Promise<{ memory: MemoryStore; notes: NoteStore }>>;
}> = [
  {
    name: "files (workspace MEMORY.md, notes under $SKEIN_HOME)",
    skip: undefined,
    multiWriter: false,
    open: async () => {
      const dir = await tempDir();
      return async () => ({ memory: new MemoryFile(dir), notes: new NoteFiles(join(dir, "notes")) });
    },
  },
  {
    name: "Redis (a real redis-server)",
    skip: redisSkipReason,
    multiWriter: true,
    open: async () => {
      const prefix = `test${++testNumber}:`;
      return async () => {
        const redis = await connection();
        return { memory: new RedisMemory({ redis, prefix }), notes: new RedisNotes({ redis, prefix }) };
      };
    },
  },
];

describe.each(implementations)("the memory store contract: $name", ({ skip, multiWriter, open }) => {
  let another: () => Promise<{ memory: MemoryStore; notes: NoteStore }>;
  let memory: MemoryStore;
  let notes: NoteStore;
  beforeEach(async () => {
    if (skip) return;
    another = await open();
    ({ memory, notes } = await another());
  });

  it.skipIf(skip)("has no memory at first, appends after a blank line and overwrites", async () => {
    expect(await memory.read()).toBeUndefined();
    await memory.append("first");
    await memory.append("second\n");
    await memory.append("third");
    expect(await (await another()).memory.read()).toBe("first\n\nsecond\n\nthird");
    await memory.overwrite("only this");
    expect(await memory.read()).toBe("only this");
  });

  it.skipIf(skip)("keeps every entry when appends race (from two processes where it has several writers)", async () => {
    const other = multiWriter ? (await another()).memory : memory;
    await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 ? memory : other).append(`entry ${index}`)));
    const entries = (await memory.read())?.split("\n\n").sort();
    expect(entries).toEqual(Array.from({ length: 10 }, (_, index) => `entry ${index}`).sort());
  });

  it.skipIf(skip)("keeps each user's notes apart and sees them from another process", async () => {
    await notes.save(alice, noteId(1), "alice likes tea");
    await notes.save(bob, noteId(2), "bob likes coffee");
    const other = (await another()).notes;
    expect(await other.list(alice, log)).toEqual([{ id: noteId(1), text: "alice likes tea" }]);
    expect(await other.list(bob, log)).toEqual([{ id: noteId(2), text: "bob likes coffee" }]);
    expect(await other.list(userNotesFolder("slack", "1"), log)).toEqual([]);
  });

  it.skipIf(skip)("updates and deletes only notes that exist", async () => {
    await notes.save(alice, noteId(1), "old");
    expect(await notes.update(alice, noteId(1), "new")).toBe(true);
    expect(await notes.update(bob, noteId(1), "not bob's")).toBe(false);
    expect(await notes.update(alice, noteId(3), "missing")).toBe(false);
    expect(await notes.list(alice, log)).toEqual([{ id: noteId(1), text: "new" }]);
    expect(await notes.list(bob, log)).toEqual([]);
    expect(await notes.delete(bob, noteId(1))).toBe(false);
    expect(await notes.delete(alice, noteId(1))).toBe(true);
    expect(await notes.delete(alice, noteId(1))).toBe(false);
    expect(await notes.list(alice, log)).toEqual([]);
  });
});

describe.skipIf(redisSkipReason)("moving to a cluster (a real redis-server)", () => {
  let workspace: string;
  let home: string;
  let prefix: string;
  beforeEach(async () => {
    [workspace, home] = await Promise.all([tempDir(), tempDir()]);
    prefix = `seed${++testNumber}:`;
    await mkdir(join(workspace, "memory"));
    await writeFile(join(workspace, "memory", "MEMORY.md"), "The team deploys on Fridays.");
    await mkdir(join(home, "notes", alice), { recursive: true });
    await writeFile(join(home, "notes", alice, `${noteId(1)}.md`), "alice likes tea");
  });

  it("copies MEMORY.md and the local notes into an empty Redis on first start", async () => {
    const redis = await connection();
    const { memory, notes } = await openSharedMemory({ redis, prefix, workspace, home, log });
    expect(await memory.read()).toBe("The team deploys on Fridays.");
    expect(await notes.list(alice)).toEqual([{ id: noteId(1), text: "alice likes tea" }]);
  });

  it("changes nothing that Redis has already (a later start, or another process's files)", async () => {
    const redis = await connection();
    await new RedisMemory({ redis, prefix }).overwrite("written in the cluster");
    await new RedisNotes({ redis, prefix }).save(alice, noteId(1), "updated in the cluster");
    const { memory, notes } = await openSharedMemory({ redis, prefix, workspace, home, log });
    expect(await memory.read()).toBe("written in the cluster");
    expect(await notes.list(alice)).toEqual([{ id: noteId(1), text: "updated in the cluster" }]);
  });
});
