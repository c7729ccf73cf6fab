import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { sessionKeyOf } from "../../src/bus/messages.js";
import { connectRedis } from "../../src/bus/redis-connection.js";
import { chatPartition } from "../../src/bus/redis-journal-entry.js";
import { defaultPartitions } from "../../src/bus/redis-partitions.js";
import type { Channel } from "../../src/channel-kit/channel.js";
import { createDaemon, type Daemon, type ExtraChannelDeps } from "../../src/daemon.js";
import type { FakeOpenAI } from "../fakes/fake-openai.js";
import { MemoryChannel } from "../fakes/memory-channel.js";
import { freePort } from "../support/free-port.js";
import { type RedisServer, type RedisServerOptions, startRedisServer } from "../support/redis-server.js";
import { recordingLogger } from "../support/tool-context.js";
import { waitUntil } from "../support/wait-until.js";

/** One in-process daemon of a test cluster: its own `$SKEIN_HOME`, the shared Redis. */
export interface ClusterDaemon {
  daemon: Daemon;
  /** Its in-memory `slack` channel (when no other channels were given). */
  channel: MemoryChannel;
  home: string;
  lines: Array<Record<string, unknown>>;
  /** The health port (the dashboard's), when started as a service. */
  port?: number;
  /** The Redis it shares (`redis://…`). */
  redisUrl: string;
  /** Stops the daemon and removes its home. */
  close(): Promise<void>;
}

export interface ClusterDaemonOptions {
  /** `redis://…` of the shared server. */
  redisUrl: string;
  model: FakeOpenAI;
  /** Its `config.json` (`bus.takeover_after` is skein's default, 4 s: shorter, a starved machine's processes flap). */
  config?: Record<string, unknown>;
  env?: Record<string, string>;
  /** Channels instead of the in-memory `slack` one. */
  channels?: Array<{ name: string; create: (deps: ExtraChannelDeps) => Channel }>;
  /** Runs as `skein start` does: the admin socket, and the health port serving the dashboard ({@link ClusterDaemon.port}). */
  service?: boolean;
}

/** Starts a daemon in cluster mode, as each machine of a cluster runs `skein start`. */
export async function startClusterDaemon(options: ClusterDaemonOptions): Promise<ClusterDaemon> {
  const home = await mkdtemp(join(tmpdir(), "skein-cluster-"));
  await writeFile(join(home, "config.json"), JSON.stringify(options.config ?? {}));
  const { log, lines } = recordingLogger();
  let channel: MemoryChannel | undefined;
  const port = options.service ? await freePort() : undefined;
  const daemon = createDaemon({
    ...(options.service && { service: true }),
    env: {
      HOME: home,
      SKEIN_HOME: home,
      SKEIN_REDIS_URL: options.redisUrl,
      OPENAI_BASE_URL: options.model.baseUrl,
      OPENAI_API_KEY: "sk-test",
      ...(port && { SKEIN_HEALTH_PORT: String(port) }),
      ...options.env,
    },
    cwd: home,
    ignoreDotEnv: true,
    log,
    graceMs: 1_000,
    channels: options.channels ?? [
      { name: "slack", create: ({ bus: messageBus }) => (channel = new MemoryChannel("slack", messageBus)) },
    ],
  });
  await daemon.start();
  return {
    daemon,
    get channel() {
      if (!channel) throw new Error("this daemon has no in-memory channel");
      return channel;
    },
    home,
    lines,
    redisUrl: options.redisUrl,
    ...(port && { port }),
    async close() {
      await daemon.stop();
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** Resolves once the daemons share the partitions evenly (each holds its share). */
export async function waitForEvenPartitions(daemons: ClusterDaemon[]): Promise<void> {
  const share = Math.ceil(defaultPartitions / daemons.length);
  await waitUntil(
    () => daemons.every((member) => member.daemon.status().cluster?.partitions.length === share),
    `each of ${daemons.length} daemons holds ${share} partitions`,
    15_000,
  );
}

/**
 * A chat id (`chatIdOf(n)`, default `chat-<n>`) of `channel` whose messages `member` handles now:
 * chats are given partitions at their first message (balanced over the members), so this gives
 * the next ones theirs until one lands in a partition `member` holds.
 */
export async function chatHandledBy(
  member: ClusterDaemon,
  channel: string,
  chatIdOf: (index: number) => string = (index) => `chat-${index}`,
): Promise<string> {
  const held = new Set(member.daemon.status().cluster?.partitions ?? []);
  if (held.size === 0) throw new Error("this daemon handles no partition");
  const redis = await connectRedis({ url: member.redisUrl });
  try {
    for (let index = 0; index < 1_000; index++) {
      const chatId = chatIdOf(index);
      const sessionKey = sessionKeyOf({ channel, chatId });
      const partition = await chatPartition(redis, {
        prefix: "skein:",
        partitions: defaultPartitions,
        ttlMs: 3_600_000,
        sessionKey,
      });
      if (held.has(partition)) return chatId;
    }
  } finally {
    redis.disconnect();
  }
  throw new Error("no chat landed in a partition of this daemon");
}

/**
 * A real redis-server for the tests of a `describe` (call it inside): started once, emptied
 * before each test, stopped at the end. Returns the server's getter.
 */
export function useRedisServer(options: RedisServerOptions = {}): () => RedisServer {
  let server: RedisServer | undefined;
  beforeAll(async () => {
    server = await startRedisServer(options);
  });
  afterAll(() => server?.stop());
  beforeEach(async () => {
    const admin = await connectRedis({ url: server!.url });
    await admin.flushall();
    admin.disconnect();
  });
  return () => server!;
}

/** Two connections to the redis-server of {@link useRedisServer} (the handles of two processes), open for the `describe`. */
export function useRedisConnections(server: () => RedisServer): () => [Redis, Redis] {
  let connections: [Redis, Redis] | undefined;
  beforeAll(async () => {
    connections = [await connectRedis({ url: server().url }), await connectRedis({ url: server().url })];
  });
  afterAll(() => {
    for (const connection of connections ?? []) connection.disconnect();
  });
  return () => connections!;
}
