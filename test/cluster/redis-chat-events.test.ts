import { describe, expect, it } from "vitest";
import { connectRedis } from "../../src/bus/redis-connection.js";
import { RedisChatEvents } from "../../src/cluster/redis-chat-events.js";
import type { ChatEvent } from "../../src/dashboard/web-chat/chat-events.js";
import { redisSkipReason } from "../support/redis-server.js";
import { waitUntil } from "../support/wait-until.js";
import { useRedisConnections, useRedisServer } from "./cluster-daemons.js";

describe.skipIf(redisSkipReason)("the web chat's events across the processes of a cluster", () => {
  const redisServer = useRedisServer();
  const connections = useRedisConnections(redisServer);

  async function member(): Promise<{ relay: RedisChatEvents; seen: ChatEvent[] }> {
    const [redis] = connections();
    const relay = new RedisChatEvents({
      redis,
      subscriber: await connectRedis({ url: redisServer().url }),
      prefix: "skein:",
    });
    await relay.subscribed();
    const seen: ChatEvent[] = [];
    relay.subscribe((event) => seen.push(event));
    return { relay, seen };
  }

  it("shows every process's browsers the events of a turn another process runs, in order, and ignores garbage", async () => {
    const [browserSide, turnSide] = [await member(), await member()];
    try {
      const events: ChatEvent[] = [
        { conversation: "c-1", kind: "status", text: "running exec_shell" },
        { conversation: "c-1", kind: "delta", text: "Hel" },
        { conversation: "c-1", kind: "delta", text: "lo" },
        { conversation: "c-1", kind: "final", text: "Hello" },
      ];
      await connections()[1].publish("skein:web-chat-events", "not an event");
      for (const event of events) turnSide.relay.publish(event);
      await waitUntil(() => browserSide.seen.length === 4, "the events reach the other process");
      expect(browserSide.seen).toEqual(events);
      await waitUntil(() => turnSide.seen.length === 4, "the events reach their own process too");
    } finally {
      await browserSide.relay.close();
      await turnSide.relay.close();
    }
  });
});
