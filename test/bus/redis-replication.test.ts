import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRedisJournal } from "../../src/bus/cluster-journal.js";
import type { InboundMessage } from "../../src/bus/messages.js";
import type { RedisJournal } from "../../src/bus/redis-journal.js";
import { healthyReplicasIn } from "../../src/bus/redis-replication.js";
import { configSchema } from "../../src/config/schema.js";
import { checkRedis } from "../../src/health/redis-check.js";
import { type SentinelSet, startSentinelSet } from "../support/redis-sentinel.js";
import { redisSkipReason } from "../support/redis-server.js";

const message = (id: string): InboundMessage => ({
  id,
  channel: "t",
  chatId: "c1",
  senderId: "u",
  text: `text of ${id}`,
  isDirect: true,
  receivedAt: 1_000,
});

describe("the health of a primary's replicas", () => {
  it("counts the replicas online that acknowledged within two seconds", () => {
    const info = [
      "# Replication",
      "role:master",
      "connected_slaves:3",
      "slave0:ip=127.0.0.1,port=6380,state=online,offset=1234,lag=0",
      "slave1:ip=127.0.0.1,port=6381,state=online,offset=1200,lag=3",
      "slave2:ip=127.0.0.1,port=6382,state=wait_bgsave,offset=0,lag=0",
      "master_repl_offset:1234",
    ].join("\r\n");
    expect(healthyReplicasIn(info)).toBe(1);
    expect(healthyReplicasIn("# Replication\r\nrole:master\r\nconnected_slaves:0\r\n")).toBe(0);
  });
});

describe.skipIf(redisSkipReason)("the Redis journal on a primary with a replica, through Sentinel", () => {
  let sentinels: SentinelSet;
  let journal: RedisJournal;
  beforeAll(async () => {
    sentinels = await startSentinelSet();
    journal = await openRedisJournal({
      target: sentinels.target,
      log: pino({ level: "silent" }),
      retentionMs: 60_000,
      takeoverAfterMs: 4_000,
    });
    journal.consume(() => {});
    await journal.membership.untilActing();
    await journal.membership.afterRound();
  }, 60_000);
  afterAll(async () => {
    await journal?.close();
    await sentinels?.stop();
  });

  it("records a message only once the replica has it: not while the replica is frozen", async () => {
    expect(journal.membership.healthyReplicas).toBe(1);
    expect(await journal.record(message("m:1"))).toEqual({ type: "recorded" });
    const [, replica] = sentinels.nodes;
    replica!.pause();
    try {
      await expect(journal.record(message("m:2"))).rejects.toThrow(/NOTREPLICATED/);
    } finally {
      replica!.resume();
    }
    // Recorded on the primary, not acknowledged: the platform sends it again, and this time the replica has it.
    expect(await journal.record(message("m:2"))).toEqual({ type: "duplicate", state: "received" });
  });

  it("passes skein doctor's check through the Sentinels, naming the primary", async () => {
    const result = await checkRedis(sentinelConfig(), 5_000);
    expect(result).toMatchObject({ name: "redis", outcome: "ok" });
    expect(result?.detail).toContain(`the primary "${sentinels.master}" (through Sentinel)`);
    expect(JSON.stringify(result)).not.toContain(sentinels.password);
  });

  it("goes on without waiting when no replica is connected, and skein doctor warns of it", async () => {
    const [, replica] = sentinels.nodes;
    await replica!.kill();
    while (journal.membership.healthyReplicas > 0) await journal.membership.afterRound();
    const started = Date.now();
    expect(await journal.record(message("m:3"))).toEqual({ type: "recorded" });
    expect(Date.now() - started).toBeLessThan(500);
    await expect(checkRedis(sentinelConfig(), 5_000)).resolves.toMatchObject({
      outcome: "warn",
      detail: expect.stringContaining("no replica connected"),
    });
  });

  /** The config of a daemon on the test's Sentinels. */
  function sentinelConfig() {
    const config = configSchema.parse({});
    config.bus.sentinel = { master: sentinels.master, nodes: sentinels.target.sentinel.nodes };
    config.bus.redis_password = sentinels.password;
    return config;
  }
});
