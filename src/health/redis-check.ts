import { randomUUID } from "node:crypto";
import { connect as connectTcp, createConnection, type Socket } from "node:net";
import { connect as connectTls } from "node:tls";
import type { Redis } from "ioredis";
import { redisTargetOf } from "../bus/redis-target.js";
import { type CheckResult, fail, ok, warn } from "../checks/check-result.js";
import type { SkeinConfig } from "../config/schema.js";

/** The oldest Redis with XAUTOCLAIM, which the takeover of a dead process's messages needs. */
export const minimumRedisVersion = "6.2.0";

/**
 * `skein doctor`'s cluster check (only in cluster mode: `bus.redis_url` or `bus.sentinel`):
 * Redis answers within `timeoutMs`, is at least 6.2, and lets skein run every command its
 * journal uses (on a scratch stream it deletes afterwards); through Sentinel, that the primary
 * has a replica to promote.
 */
export async function checkRedis(config: SkeinConfig, timeoutMs: number): Promise<CheckResult | undefined> {
  const target = redisTargetOf(config.bus);
  if (!target) return undefined;
  const { connectRedis, serverVersion, versionAtLeast } = await import("../bus/redis-connection.js");
  const sentinel = "sentinel" in target;
  const where = sentinel ? `the primary "${target.sentinel.master}" (through Sentinel)` : redactedUrl(target.url);
  let client: Redis;
  try {
    client = await connectRedis(target, AbortSignal.timeout(timeoutMs));
  } catch (error) {
    return fail(
      "redis",
      `cannot connect to ${where}: ${messageOf(error)}`,
      sentinel
        ? "start the Sentinels and Redis, or correct bus.sentinel (SKEIN_REDIS_SENTINELS, SKEIN_REDIS_MASTER) and its passwords"
        : "start Redis or correct bus.redis_url (SKEIN_REDIS_URL) and bus.redis_password",
    );
  }
  try {
    const version = await serverVersion(client);
    if (!versionAtLeast(version, minimumRedisVersion)) {
      return fail(
        "redis",
        `${where} runs Redis ${version}; skein needs ${minimumRedisVersion} or later (XAUTOCLAIM)`,
        "upgrade Redis (or use Valkey)",
      );
    }
    const refused = await refusedCommand(client);
    if (refused) {
      return fail(
        "redis",
        `${where} (Redis ${version}) refuses ${refused}`,
        "grant skein's Redis user the stream, string, hash, sorted-set, pub/sub and scripting commands and WAIT (ACL)",
      );
    }
    const open = sentinel ? !target.sentinel.password : await answersWithoutPassword(target.url, timeoutMs);
    if (open) {
      return warn(
        "redis",
        `${where} (Redis ${version}) answers without a password: whoever reaches it (a command on this machine, ` +
          "a container on its network) reads and writes the journal, pairings, sessions and approvals",
        sentinel
          ? "set requirepass and masterauth on the data nodes, and their password in bus.sentinel.password or SKEIN_REDIS_PASSWORD"
          : "set requirepass (or an ACL user) in Redis, and its password in bus.redis_url (redis://:PASSWORD@host:6379) " +
              "or bus.redis_password; deploy/docker-compose.cluster.yml takes it from SKEIN_REDIS_PASSWORD",
      );
    }
    const persistence = await client.config("GET", "appendonly").catch(() => undefined);
    const appendOnly = Array.isArray(persistence) ? persistence[1] : undefined;
    if (appendOnly === "no") {
      return warn(
        "redis",
        `${where} (Redis ${version}) has no append-only file: a Redis restart loses recorded messages`,
        "set appendonly yes (and appendfsync always to survive a power loss)",
      );
    }
    if (sentinel && !/^connected_slaves:[1-9]/m.test(await client.info("replication"))) {
      return warn(
        "redis",
        `${where} (Redis ${version}) has no replica connected: a failover would have nothing to promote`,
        "start the replica (replicaof the primary, with masterauth) and check it in INFO replication",
      );
    }
    return ok("redis", `${where} answers (Redis ${version}) and allows every command skein uses`);
  } catch (error) {
    return fail("redis", `${where} failed a check: ${messageOf(error)}`, "see the Redis server's log");
  } finally {
    client.disconnect();
  }
}

/** Runs each command the journal uses on a scratch stream; the first one refused (NOPERM), or `undefined`. */
async function refusedCommand(client: Redis): Promise<string | undefined> {
  const stream = `skein:doctor:${randomUUID()}`;
  const steps: Array<[string, () => Promise<unknown>]> = [
    ["XGROUP", () => client.xgroup("CREATE", stream, "doctor", "0", "MKSTREAM")],
    ["XADD", () => client.xadd(stream, "*", "probe", "1")],
    ["XREADGROUP", () => client.xreadgroup("GROUP", "doctor", "doctor", "COUNT", 1, "STREAMS", stream, ">")],
    ["XAUTOCLAIM", () => client.xautoclaim(stream, "doctor", "doctor", 0, "0-0")],
    ["EVAL", () => client.eval("return redis.call('XACK', KEYS[1], 'doctor', '0-1')", 1, stream)],
    ["WAIT", () => client.wait(0, 1)],
    ["PUBLISH", () => client.publish(`${stream}:probe`, "1")],
  ];
  try {
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (error) {
        if (/NOPERM|unknown command/i.test(messageOf(error))) return name;
        throw error;
      }
    }
    return undefined;
  } finally {
    await client.del(stream).catch(() => undefined);
  }
}

/**
 * Whether Redis at `url` answers PING to a client that gives no password (the URL's user and
 * password stripped, no AUTH). A TLS server whose certificate does not verify counts as no.
 */
export function answersWithoutPassword(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let socket: Socket;
    try {
      if (url.startsWith("/")) socket = createConnection(url);
      else {
        const parsed = new URL(url);
        const host = parsed.hostname.replace(/^\[|\]$/g, "");
        const port = Number(parsed.port || 6379);
        socket =
          parsed.protocol === "rediss:" ? connectTls({ host, port, servername: host }) : connectTcp({ host, port });
      }
    } catch {
      return resolve(false);
    }
    let answer = "";
    const done = (open: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(open);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once("error", () => done(false));
    socket.once(url.startsWith("rediss:") ? "secureConnect" : "connect", () => socket.write("PING\r\n"));
    socket.on("data", (data: Buffer) => {
      answer += data.toString("latin1");
      if (answer.includes("\r\n")) done(answer.startsWith("+PONG"));
    });
  });
}

/** The URL without its password, for output. */
function redactedUrl(url: string): string {
  if (url.startsWith("/")) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "bus.redis_url";
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
