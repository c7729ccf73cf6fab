import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectRedis } from "../../src/bus/redis-connection.js";
import type { Daemon } from "../../src/daemon.js";
import { contentText, FakeOpenAI, type FakeReply, type FakeRequest, spokenText } from "../fakes/fake-openai.js";
import type { MemoryChannel } from "../fakes/memory-channel.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";
import { waitUntil } from "../support/wait-until.js";
import { startClusterDaemon } from "./cluster-daemons.js";

/** A TCP hop to Redis that the test can cut: the process behind it loses Redis as if it had died. */
async function cuttableProxy(target: string): Promise<{ url: string; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** What the fake model does: calls the tools a message asks for, then says "done". */
function toolUser(request: FakeRequest): FakeReply {
  const messages = request.body.messages;
  if (messages.at(-1)?.role === "tool") return { content: "done" };
  const asked = spokenText([...messages].reverse().find((message) => message.role === "user")?.content);
  if (asked.startsWith("remind me"))
    return {
      toolCalls: [
        {
          name: "schedule",
          arguments: { action: "add", text: "stand-up now", at: asked.slice("remind me at ".length) },
        },
      ],
    };
  if (asked === "remember")
    return {
      toolCalls: [
        { name: "memory_save", arguments: { content: "alice likes green tea" } },
        { name: "memory_write", arguments: { content: "The team deploys on Fridays." } },
      ],
    };
  if (asked === "what do you know") return { toolCalls: [{ name: "memory_search", arguments: { query: "tea" } }] };
  return { content: `echo: ${asked}` };
}

interface Member {
  daemon: Daemon;
  channel: MemoryChannel;
  /** Its name in the cluster (the holder of its leases). */
  name: string;
}

describe.skipIf(redisSkipReason)("two daemons on one Redis: scheduled jobs and memory", () => {
  let server: RedisServer;
  let admin: Redis;
  let fake: FakeOpenAI;
  const members: Member[] = [];
  const cleanups: Array<() => Promise<unknown>> = [];
  beforeAll(async () => {
    server = await startRedisServer({ tcp: true });
    admin = await connectRedis({ url: server.url });
  });
  afterAll(async () => {
    admin?.disconnect();
    await server?.stop();
  });
  beforeEach(async () => {
    await admin.flushall();
    fake = await FakeOpenAI.start();
    fake.respondWith(toolUser);
  });
  afterEach(async () => {
    members.splice(0);
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
    await fake.close();
  });

  /** A clustered daemon with its own $SKEIN_HOME (as on its own machine) and a Slack-named memory channel. */
  async function member(redisUrl = server.tcpUrl!): Promise<Member> {
    const started = await startClusterDaemon({ redisUrl, model: fake, env: { SLACK_ALLOW_FROM: "user-1" } });
    cleanups.push(() => started.close());
    const joined = { daemon: started.daemon, channel: started.channel, name: started.daemon.status().cluster!.member };
    members.push(joined);
    return joined;
  }

  /** Says `text` in chat-1 through `through` (message ids are unique across the cluster). */
  const say = (through: Member, text: string) => through.channel.receive(text, { id: `slack:${randomUUID()}` });
  const schedulerHolder = async () => (await admin.get("skein:lease:scheduler"))?.split(" ")[0];
  /** Waits (15 s at most) until `holder` holds the scheduler lease. */
  const holdsScheduler = async (holder: Member, what: string) => {
    const deadline = Date.now() + 15_000;
    for (let current = await schedulerHolder(); current !== holder.name; current = await schedulerHolder()) {
      if (Date.now() > deadline) throw new Error(`gave up waiting until ${what} (held by ${current})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const sentEverywhere = (text: string) =>
    members.flatMap((each) => each.channel.sent.filter((sent) => sent.text === text).map(() => each.name));

  it("fires a job created through one daemon's schedule tool once, although both daemons run", async () => {
    const first = await member();
    await holdsScheduler(first, "the first daemon holds the scheduler lease");
    // A whole second (the scheduler keeps no milliseconds), far enough ahead for a slow turn.
    say(first, `remind me at ${new Date(Math.ceil((Date.now() + 4000) / 1000) * 1000).toISOString()}`);
    await first.channel.waitForDeliveries(1);
    expect(first.channel.sent[0]?.text).toBe("done");
    const second = await member();

    await waitUntil(() => sentEverywhere("stand-up now").length > 0, "the reminder is delivered", 30_000);
    // Time for a second timer to fire the same run, if one did.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sentEverywhere("stand-up now")).toHaveLength(1);
    expect(await schedulerHolder()).toBe(first.name);
    expect(second.name).not.toBe(first.name);
    expect(await admin.zcard("skein:jobs"), "the one-time job is gone once it ran").toBe(0);
  });

  it("moves the timer to the other daemon when the lease holder dies, and the other fires the next run", async () => {
    const proxy = await cuttableProxy(server.url);
    cleanups.push(() => proxy.cut().catch(() => undefined));
    const doomed = await member(proxy.url);
    await holdsScheduler(doomed, "the first daemon holds the scheduler lease");
    say(doomed, `remind me at ${new Date(Date.now() + 4000).toISOString()}`);
    await doomed.channel.waitForDeliveries(1);
    const survivor = await member();
    expect(await schedulerHolder(), "the lease stays with its holder while it lives").toBe(doomed.name);

    await proxy.cut();
    await holdsScheduler(survivor, "the survivor takes the lease");
    await waitUntil(() => sentEverywhere("stand-up now").length > 0, "the reminder is delivered", 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(sentEverywhere("stand-up now")).toEqual([survivor.name]);
  });

  it("shows a note and MEMORY.md written through one daemon to the other daemon's memory tool and system prompt", async () => {
    const writer = await member();
    say(writer, "remember");
    await writer.channel.waitForDeliveries(1);
    await writer.daemon.stop();
    const reader = await member();
    const before = fake.requests.length;
    say(reader, "what do you know");
    await reader.channel.waitForDeliveries(1);

    const seen = fake.requests.slice(before);
    const searched = seen.at(-1)!.body.messages.at(-1)!;
    expect(searched.role).toBe("tool");
    expect(contentText(searched.content)).toContain("alice likes green tea");
    const system = contentText(seen[0]!.body.messages[0]!.content);
    expect(system).toContain("## memory/MEMORY.md\n\nThe team deploys on Fridays.");
  });

  it("copies the workspace's MEMORY.md into an empty Redis when the first daemon starts", async () => {
    const workspace = await mkdtemp(join(tmpdir(), "skein-cluster-workspace-"));
    cleanups.push(() => rm(workspace, { recursive: true, force: true }));
    await mkdir(join(workspace, "memory"));
    await writeFile(join(workspace, "memory", "MEMORY.md"), "Written before the cluster existed.");
    const started = await startClusterDaemon({
      redisUrl: server.tcpUrl!,
      model: fake,
      config: { agents: { defaults: { workspace } } },
    });
    cleanups.push(() => started.close());
    expect(await admin.get("skein:memory")).toBe("Written before the cluster existed.");
  });
});
