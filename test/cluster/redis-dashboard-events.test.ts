import { describe, expect, it } from "vitest";
import { connectRedis } from "../../src/bus/redis-connection.js";
import { RedisDashboardEvents } from "../../src/cluster/redis-dashboard-events.js";
import { type DashboardEventName, DashboardEvents } from "../../src/dashboard/dashboard-events.js";
import { redisSkipReason } from "../support/redis-server.js";
import { waitUntil } from "../support/wait-until.js";
import { useRedisConnections, useRedisServer } from "./cluster-daemons.js";

describe.skipIf(redisSkipReason)("the dashboard's live events across the processes of a cluster", () => {
  const redisServer = useRedisServer();
  const connections = useRedisConnections(redisServer);

  async function member(clock: { now: number }) {
    const [redis] = connections();
    const delivered: Array<[DashboardEventName, unknown]> = [];
    const relay = new RedisDashboardEvents({
      redis,
      subscriber: await connectRedis({ url: redisServer().url }),
      prefix: "skein:",
      deliver: (event, data) => delivered.push([event, data]),
      now: () => clock.now,
    });
    await relay.subscribed();
    const events = new DashboardEvents({ isOpen: async () => true });
    events.relayTo(relay);
    return { relay, events, delivered };
  }

  it("sends a shared event to the other processes only while a browser there listens, and never its own back", async () => {
    const clock = { now: 1_000_000 };
    const [looked, answering] = [await member(clock), await member(clock)];
    const sent: string[] = [];
    const spy = await connectRedis({ url: redisServer().url });
    spy.on("message", (_channel: string, text: string) => sent.push(text));
    await spy.subscribe("skein:dashboard-events");
    try {
      answering.events.publish("conversation", { key: "telegram:1" });
      expect(answering.events.listening).toBe(false);

      looked.relay.announce(); // a browser attached to the other process
      await waitUntil(() => answering.events.listening, "the answering process hears that a browser listens");
      expect(looked.events.listening).toBe(false);
      answering.events.publish("conversation", { key: "telegram:2" });
      answering.events.publish("log", { msg: "one process's own" });
      await connections()[1].publish("skein:dashboard-events", "not an event");
      await waitUntil(() => looked.delivered.length === 1, "the event reaches the browser's process");
      expect(looked.delivered).toEqual([["conversation", { key: "telegram:2" }]]);
      expect(answering.delivered).toEqual([]);
      await waitUntil(() => sent.length === 3, "the spy saw the announcement, the event and the garbage");
      expect(sent.filter((text) => text.includes("telegram:1") || text.includes("own"))).toEqual([]);

      clock.now += 61_000; // no announcement for a minute: that browser is gone
      expect(answering.events.listening).toBe(false);
    } finally {
      spy.disconnect();
      await looked.relay.close();
      await answering.relay.close();
    }
  });
});
