import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ChannelStatus } from "../../src/channel-kit/channel.js";
import { type LeasableChannel, LeasedReceiving } from "../../src/channel-kit/leased-receiving.js";
import { redisConnectionLeases } from "../../src/cluster/connection-leases.js";
import { silentLogger } from "../../src/log.js";
import { startTestMember, type TestMember } from "../support/cluster-member.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";
import { waitUntil } from "../support/wait-until.js";

/** A channel that only records when it was told to receive and to stop receiving. */
class ScriptedChannel implements LeasableChannel {
  readonly name = "telegram";
  readonly events: string[] = [];
  state: ChannelStatus["state"] = "connected";
  /** Makes the next startReceiving calls fail. */
  failStarts = 0;
  receiving = false;

  async start(): Promise<void> {}
  async openForSending(): Promise<void> {}
  async startReceiving(): Promise<void> {
    if (this.failStarts > 0) {
      this.failStarts--;
      this.events.push("start failed");
      throw new Error("cannot reach the platform");
    }
    this.receiving = true;
    this.events.push("receiving");
  }
  async stopReceiving(): Promise<void> {
    this.receiving = false;
    this.events.push("stopped receiving");
  }
  async send() {
    return undefined;
  }
  async stop(): Promise<void> {}
  status(): ChannelStatus {
    return { state: this.state, since: 0 };
  }
}

describe.skipIf(redisSkipReason)("receiving under a connection's lease (a real redis-server)", () => {
  let server: RedisServer;
  const members: TestMember[] = [];
  const stops: AbortController[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => server?.stop());
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop.abort();
    await Promise.all(members.splice(0).map((member) => member.close()));
  });

  /** A process of the test's cluster receiving on a scripted channel; `takeoverAfterMs` 400 beats every 50 ms. */
  async function process_(holder: string, takeoverAfterMs = 400) {
    const member = await startTestMember(server.url, holder, {
      takeoverAfterMs,
      prefix: `test-${expect.getState().currentTestName}:`,
    });
    members.push(member);
    const { redis, leases } = member;
    const channel = new ScriptedChannel();
    const stop = new AbortController();
    stops.push(stop);
    const receiving = new LeasedReceiving({
      channel,
      lease: "connection:telegram:123",
      leases: redisConnectionLeases(leases),
      log: silentLogger(),
      signal: stop.signal,
      retryBaseMs: 50,
    });
    return { member, redis, leases, channel, stop, receiving };
  }

  it("receives in the process that gains the lease; the other only sends and names the holder", async () => {
    // Beats every 125 ms, silence 625 ms: a timer late by less than four beats on a loaded machine changes nothing.
    const first = await process_("first", 1_000);
    await waitUntil(() => first.channel.receiving, "the first process receives");
    const second = await process_("second", 1_000);
    await waitUntil(() => second.receiving.status.holder === "first", "the second process sees the holder");

    expect(first.receiving.status).toEqual({ name: "connection:telegram:123", role: "receiving", holder: "first" });
    expect(second.receiving.status).toEqual({ name: "connection:telegram:123", role: "sending", holder: "first" });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(second.channel.events, "longer than a lease time later, still only sending").toEqual([]);
  });

  it("stops receiving at once when another process took the lease, and receives again once it is free", async () => {
    const only = await process_("only");
    await waitUntil(() => only.channel.receiving, "the process receives");
    const key = only.leases.keyOf("connection:telegram:123");
    const firstToken = Number((await only.redis.get(key))?.split(" ")[1]);
    // Another member of the cluster (it beats) takes the lease: while it is a member, the lease is its.
    const intruder = await startTestMember(server.url, "intruder", {
      takeoverAfterMs: 400,
      prefix: `test-${expect.getState().currentTestName}:`,
    });
    await only.redis.set(key, "intruder 999");

    await waitUntil(() => !only.channel.receiving, "receiving stopped after the lease was taken");
    expect(only.receiving.status.role).toBe("sending");
    await waitUntil(() => only.receiving.status.holder === "intruder", "the new holder is shown");
    await intruder.close();
    await waitUntil(() => only.channel.receiving, "receiving again once the intruder left", 5_000);
    expect(only.channel.events).toEqual(["receiving", "stopped receiving", "receiving"]);
    expect(Number((await only.redis.get(key))?.split(" ")[1]), "a new fencing token").toBeGreaterThan(firstToken);
  });

  it("hands the lease over once the holder stops beating (killed), within takeover_after", async () => {
    const first = await process_("first");
    await waitUntil(() => first.channel.receiving, "the first process receives");
    const second = await process_("second");
    // A SIGKILL: no beat, no release.
    first.member.kill();
    const cutAt = Date.now();
    await waitUntil(() => second.channel.receiving, "the second process receives");

    expect(Date.now() - cutAt).toBeLessThan(400 + 600);
    await waitUntil(() => !first.channel.receiving, "the cut-off process stopped receiving on its own");
  });

  it("lets the lease lapse while its channel is unhealthy, so that a process that can reach the platform receives", async () => {
    const first = await process_("first");
    await waitUntil(() => first.channel.receiving, "the first process receives");
    const second = await process_("second");
    first.channel.state = "disconnected";

    await waitUntil(() => second.channel.receiving, "the second process receives");
    expect(first.channel.events).toEqual(["receiving", "stopped receiving"]);
    await waitUntil(() => first.receiving.status.holder === "second", "the first process names the new holder");
    expect(first.receiving.status.role).toBe("sending");
    expect(first.channel.events, "it did not take the lease back").toEqual(["receiving", "stopped receiving"]);
  });

  it("gives the lease up when receiving cannot begin, and tries again later", async () => {
    const only = await process_("only");
    only.channel.failStarts = 2;

    await waitUntil(() => only.channel.receiving, "receiving on the third try");
    expect(only.channel.events).toEqual([
      "start failed",
      "stopped receiving",
      "start failed",
      "stopped receiving",
      "receiving",
    ]);
  });

  it("hands the connection over at once on a graceful stop: stops receiving, and the next process receives within a round trip", async () => {
    // Beats every 2.5 s: only the announced release explains a takeover within a second.
    const first = await process_("first", 20_000);
    await waitUntil(() => first.channel.receiving, "the first process receives");
    const second = await process_("second", 20_000);
    second.member.membership.nudge();
    await waitUntil(() => second.receiving.status.holder === "first", "the second process waits");

    const handedOverAt = Date.now();
    await first.receiving.handOver();
    expect(first.channel.events).toEqual(["receiving", "stopped receiving"]);
    await waitUntil(() => second.channel.receiving, "the second process receives", 5_000);
    expect(Date.now() - handedOverAt).toBeLessThan(1_000);
  });

  it("releases the lease when stopped, so the next process receives without waiting for it to run out", async () => {
    const first = await process_("first", 3_000);
    await waitUntil(() => first.channel.receiving, "the first process receives");
    const second = await process_("second", 3_000);
    await waitUntil(() => second.receiving.status.holder === "first", "the second process waits");

    first.stop.abort();
    await first.receiving.done;
    await waitUntil(() => second.channel.receiving, "the second process receives", 2_000);
  });
});
