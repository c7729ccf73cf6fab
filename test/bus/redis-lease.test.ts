import { performance } from "node:perf_hooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { keepLease } from "../../src/bus/redis-lease.js";
import { startTestMember, type TestMember } from "../support/cluster-member.js";
import { type CuttableProxy, startCuttableProxy } from "../support/cuttable-proxy.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";
import { waitUntil } from "../support/wait-until.js";

describe.skipIf(redisSkipReason)("leases held by the members of a cluster (a real redis-server)", () => {
  let server: RedisServer;
  const members: TestMember[] = [];
  const stops: AbortController[] = [];
  const proxies: CuttableProxy[] = [];
  let testNumber = 0;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => server?.stop());
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop.abort();
    await Promise.all(members.splice(0).map((member) => member.close()));
    await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  });

  /** A member of this test's cluster; `takeoverAfterMs` 800 beats every 100 ms and counts a silence of 500 ms. */
  async function member(name: string, takeoverAfterMs = 800, url = server.url): Promise<TestMember> {
    const started = await startTestMember(url, name, { takeoverAfterMs, prefix: `lease-test-${testNumber}:` });
    members.push(started);
    return started;
  }

  function stopper(): AbortController {
    const stop = new AbortController();
    stops.push(stop);
    return stop;
  }

  it("has one holder at a time while the holder beats", async () => {
    testNumber++;
    const first = await member("first");
    const second = await member("second");
    const lease = await first.leases.acquire("telegram");
    expect(lease).toBeDefined();
    for (let round = 0; round < 8; round++) {
      expect(await second.leases.acquire("telegram")).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await second.leases.holderOf("telegram")).toEqual({ holder: "first", token: lease!.token });
  });

  it("goes, with a larger fencing token, to a waiting member once its holder fell silent: not before half of takeover_after, by seven eighths", async () => {
    testNumber++;
    const first = await member("first");
    const second = await member("second");
    const old = await first.leases.acquire("discord");
    const lost: string[] = [];
    const waiting = keepLease(second.leases, "discord", {
      signal: stopper().signal,
      onLost: () => lost.push("second"),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    first.kill();
    const killedAt = performance.now();
    const taken = await waiting;
    const tookMs = performance.now() - killedAt;
    expect(taken!.token).toBeGreaterThan(old!.token);
    expect(tookMs, "ms from the kill to the takeover").toBeGreaterThanOrEqual(400);
    // Seven eighths of 800 ms, and a loaded machine's slack.
    expect(tookMs).toBeLessThan(700 + 1_000);
    expect(second.membership.isMember("first"), "the silent member is forgotten").toBe(false);
    expect(lost).toEqual([]);
  });

  it("is taken at once when its holder releases it: the release is announced, and the waiting member does not wait for its next beat", async () => {
    testNumber++;
    // Beats every 2.5 s: only the announcement explains a takeover within a second.
    const first = await member("first", 20_000);
    const second = await member("second", 20_000);
    const stopFirst = stopper();
    const held = await keepLease(first.leases, "telegram:poller", { signal: stopFirst.signal, onLost: () => {} });
    let takenAt = 0;
    let sawHolder = false;
    const waiting = keepLease(second.leases, "telegram:poller", {
      signal: stopper().signal,
      onLost: () => {},
      onBusy: (holder) => (sawHolder ||= holder === "first"),
    }).then((lease) => {
      takenAt = performance.now();
      return lease;
    });
    second.membership.nudge();
    await waitUntil(() => sawHolder, "the waiting member sees the holder");
    const releasedAt = performance.now();
    stopFirst.abort();
    const taken = await waiting;
    expect(taken!.token).toBe(held!.token + 1);
    expect(takenAt - releasedAt, "ms from the release to the takeover").toBeLessThan(1_000);
  });

  it("never loses a live member's leases while Redis stalls (SIGSTOP for three times the silence)", async () => {
    testNumber++;
    const first = await member("first");
    const second = await member("second");
    const lost: string[] = [];
    const held = await keepLease(first.leases, "partition:1", {
      signal: stopper().signal,
      onLost: () => lost.push("lost"),
    });
    const waiting = keepLease(second.leases, "partition:1", { signal: stopper().signal, onLost: () => {} });
    let taken = false;
    void waiting.then(() => (taken = true));
    server.pause();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      server.resume();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await first.leases.holderOf("partition:1")).toEqual({ holder: "first", token: held!.token });
    expect(taken, "the other member took nothing").toBe(false);
    expect(second.membership.isMember("first")).toBe(true);
    // It stopped acting while it could not beat (and said it lost the lease), and acts again now.
    expect(first.membership.acting).toBe(true);
    expect(lost.length).toBeLessThanOrEqual(1);
  });

  it("stops acting before another member can count it silent when it cannot reach Redis", async () => {
    testNumber++;
    const proxy = await startCuttableProxy({ path: server.url });
    proxies.push(proxy);
    const cutOff = await member("cut-off", 800, `redis://127.0.0.1:${proxy.port}`);
    const other = await member("other");
    await other.membership.afterRound();
    await other.membership.afterRound();
    let stoppedActingAt = 0;
    let forgottenAt = 0;
    proxy.cut();
    await waitUntil(() => {
      stoppedActingAt ||= cutOff.membership.acting ? 0 : performance.now();
      forgottenAt ||= other.membership.isMember("cut-off") ? 0 : performance.now();
      return forgottenAt > 0;
    }, "the other member forgets the cut-off one");
    expect(stoppedActingAt, "it had stopped acting").toBeGreaterThan(0);
    expect(forgottenAt - stoppedActingAt, "ms between stopping and being forgotten").toBeGreaterThan(0);
  });

  it("tells the holder it lost the lease when another process took it", async () => {
    testNumber++;
    const first = await member("first");
    let lost = false;
    await keepLease(first.leases, "discord:gateway", { signal: stopper().signal, onLost: () => (lost = true) });
    await first.redis.set(first.leases.keyOf("discord:gateway"), "intruder 999");
    await waitUntil(() => lost, "the holder is told", 5_000);
  });
});
