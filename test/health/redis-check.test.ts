import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectRedis, versionAtLeast } from "../../src/bus/redis-connection.js";
import { configSchema } from "../../src/config/schema.js";
import { checkRedis } from "../../src/health/redis-check.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";

/** The test server's requirepass (set once it runs). */
const PASSWORD = "doctor-redis-pass-8c1f";

/** A config pointing at `url` (the socket path of the test server; the schema itself takes redis:// URLs). */
function configWith(url: string, password: string | undefined = PASSWORD) {
  const config = configSchema.parse({});
  config.bus.redis_url = url;
  if (password !== undefined) config.bus.redis_password = password;
  return config;
}

describe("the Redis version check", () => {
  it("accepts 6.2 and later and refuses older versions", () => {
    expect(versionAtLeast("6.2.0", "6.2.0")).toBe(true);
    expect(versionAtLeast("7.0.15", "6.2.0")).toBe(true);
    expect(versionAtLeast("6.10.1", "6.2.0")).toBe(true);
    expect(versionAtLeast("6.0.16", "6.2.0")).toBe(false);
    expect(versionAtLeast("5.0.7", "6.2.0")).toBe(false);
    expect(versionAtLeast("unknown", "6.2.0")).toBe(false);
  });
});

describe.skipIf(redisSkipReason)("skein doctor's Redis check (a real redis-server)", () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer({ tcp: true });
    const admin = await connectRedis({ url: server.url, password: PASSWORD });
    await admin.config("SET", "requirepass", PASSWORD);
    admin.disconnect();
  });
  afterAll(() => server?.stop());

  it("is skipped when bus.redis_url is not set", async () => {
    expect(await checkRedis(configSchema.parse({}), 2000)).toBeUndefined();
  });

  it("passes against a Redis that allows every command skein uses, naming its version", async () => {
    const result = await checkRedis(configWith(server.url), 5000);
    expect(result).toMatchObject({ name: "redis", outcome: "ok" });
    expect(result?.detail).toContain(`Redis ${server.version}`);
  });

  it("passes with the password in bus.redis_url, as the cluster compose file gives it", async () => {
    const url = server.tcpUrl!.replace("redis://", `redis://:${PASSWORD}@`);
    const result = await checkRedis(configWith(url, undefined), 5000);
    expect(result).toMatchObject({ name: "redis", outcome: "ok" });
    expect(result?.detail).not.toContain(PASSWORD);
  });

  it("warns, with the remedy, when Redis answers without a password (no requirepass)", async () => {
    const admin = await connectRedis({ url: server.url, password: PASSWORD });
    try {
      await admin.config("SET", "requirepass", "");
      for (const config of [configWith(server.tcpUrl!, undefined), configWith(server.url, undefined)]) {
        const result = await checkRedis(config, 5000);
        expect(result).toMatchObject({
          name: "redis",
          outcome: "warn",
          detail: expect.stringContaining("answers without a password"),
          remedy: expect.stringMatching(/requirepass.*redis:\/\/:PASSWORD@host:6379.*SKEIN_REDIS_PASSWORD/),
        });
      }
    } finally {
      await admin.config("SET", "requirepass", PASSWORD);
      admin.disconnect();
    }
  });

  it("fails with a remedy when nothing answers", async () => {
    const result = await checkRedis(configWith(`${server.url}.absent`), 2000);
    expect(result).toMatchObject({ name: "redis", outcome: "fail" });
    expect(result?.remedy).toContain("bus.redis_url");
  });

  it("fails naming the command an ACL refuses", async () => {
    const admin = await connectRedis({ url: server.url, password: PASSWORD });
    try {
      await admin.call("ACL", "SETUSER", "default", "-xautoclaim");
      const result = await checkRedis(configWith(server.url), 5000);
      expect(result).toMatchObject({ name: "redis", outcome: "fail" });
      expect(result?.detail).toContain("refuses XAUTOCLAIM");
    } finally {
      await admin.call("ACL", "SETUSER", "default", "+@all");
      admin.disconnect();
    }
  });

  it("warns when Redis keeps no append-only file", async () => {
    const admin = await connectRedis({ url: server.url, password: PASSWORD });
    try {
      await admin.config("SET", "appendonly", "no");
      const result = await checkRedis(configWith(server.url), 5000);
      expect(result).toMatchObject({ name: "redis", outcome: "warn" });
    } finally {
      await admin.config("SET", "appendonly", "yes");
      admin.disconnect();
    }
  });
});
