/**
 * What a clustered daemon asks of Redis: one `skein start` (the built CLI given, default this
 * checkout's dist/cli.js) on a real redis-server reached through a counting TCP proxy, the fake
 * Telegram Bot API (long polling) and an instant fake model. First idle (the members' beats and
 * the blocking reads), then DMs one at a time: per turn, the Redis commands (INFO commandstats)
 * and the round trips (writes from the daemon to Redis, each a command or a pipeline), idle
 * traffic subtracted. Runs on its own too, against another build (e.g. main's, to compare):
 * `tsx bench/redis-round-trips.ts /path/to/dist/cli.js`.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connectRedis } from "../src/bus/redis-connection.js";
import { FakeOpenAI } from "../test/fakes/fake-openai.js";
import { FakeTelegram } from "../test/fakes/fake-telegram.js";
import { startRedisServer } from "../test/support/redis-server.js";
import { untilReady } from "./daemon-process.js";

export interface RedisCost {
  /** Idle: round trips per second, and Redis commands per second by name. */
  idle: { roundTripsPerSecond: number; commandsPerSecond: Record<string, number>; redisCpuMsPerSecond: number };
  /** Per turn (a Telegram DM answered), idle traffic subtracted. */
  turn: { roundTrips: number; commands: Record<string, number>; redisCpuMs: number };
  turns: number;
}

/** Counts the data chunks (writes) clients send to the server behind it. */
async function countingProxy(targetPort: number): Promise<{ port: number; chunks: () => number; close(): void }> {
  let chunks = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    client.on("data", () => chunks++);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    chunks: () => chunks,
    close: () => server.close(),
  };
}

/** `INFO commandstats` as calls by command, and Redis's CPU seconds so far. */
async function redisStats(redis: Awaited<ReturnType<typeof connectRedis>>) {
  const [commandStats, cpu] = await Promise.all([redis.info("commandstats"), redis.info("cpu")]);
  const calls: Record<string, number> = {};
  for (const [, name, count] of commandStats.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls[name!] = Number(count);
  const seconds = (field: string) => Number(new RegExp(`^${field}:([\\d.]+)`, "m").exec(cpu)?.[1] ?? 0);
  return { calls, cpuSeconds: seconds("used_cpu_sys") + seconds("used_cpu_user") };
}

function rates(before: Record<string, number>, after: Record<string, number>, per: number): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [name, count] of Object.entries(after)) {
    const added = count - (before[name] ?? 0);
    if (added > 0 && !["info", "client|setinfo"].includes(name)) result[name] = added / per;
  }
  return result;
}

/** Runs the measure with `cli` (default: this checkout's build): `idleMs` idle, then `turns` DMs one at a time. */
export async function redisRoundTrips(cli?: string, turns = 200, idleMs = 10_000): Promise<RedisCost> {
  const cliPath = cli ?? fileURLToPath(new URL("../dist/cli.js", import.meta.url));
  const [server, telegram, model, home] = await Promise.all([
    startRedisServer({ tcp: true }),
    FakeTelegram.start(),
    FakeOpenAI.start(),
    mkdtemp(join(tmpdir(), "skein-bench-redis-")),
  ]);
  const proxy = await countingProxy(Number(new URL(server.tcpUrl!).port));
  const admin = await connectRedis({ url: server.url });
  await writeFile(join(home, "config.json"), JSON.stringify({}));
  const child = spawn(process.execPath, [cliPath, "start"], {
    cwd: home,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      SKEIN_HOME: home,
      SKEIN_HEALTH_PORT: "0",
      SKEIN_REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: "sk-test",
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_ALLOW_FROM: "*",
      TELEGRAM_STREAMING: "false",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  try {
    await untilReady(child as Parameters<typeof untilReady>[0]);
    // A first turn loads what turns need; then the daemon settles.
    telegram.userMessage({ id: 501, type: "private" }, { id: 501, first_name: "Ada" }, "warm up");
    await telegram.waitForSent(1);
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const idleBefore = { chunks: proxy.chunks(), ...(await redisStats(admin)), at: Date.now() };
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const idleAfter = { chunks: proxy.chunks(), ...(await redisStats(admin)), at: Date.now() };
    const idleSeconds = (idleAfter.at - idleBefore.at) / 1000;
    const idleRoundTrips = (idleAfter.chunks - idleBefore.chunks) / idleSeconds;
    const idleCommands = rates(idleBefore.calls, idleAfter.calls, idleSeconds);
    const idleCpu = (idleAfter.cpuSeconds - idleBefore.cpuSeconds) / idleSeconds;

    const before = { chunks: proxy.chunks(), ...(await redisStats(admin)), at: Date.now() };
    for (let index = 0; index < turns; index++) {
      const chat = 600 + (index % 20);
      telegram.userMessage({ id: chat, type: "private" }, { id: chat, first_name: "Ada" }, `question ${index}`);
      await telegram.waitForSent(index + 2);
    }
    const after = { chunks: proxy.chunks(), ...(await redisStats(admin)), at: Date.now() };
    const seconds = (after.at - before.at) / 1000;
    const commands = rates(before.calls, after.calls, turns);
    for (const [name, perSecond] of Object.entries(idleCommands)) {
      const left = (commands[name] ?? 0) - (perSecond * seconds) / turns;
      if (left > 0.005) commands[name] = left;
      else delete commands[name];
    }
    return {
      idle: {
        roundTripsPerSecond: idleRoundTrips,
        commandsPerSecond: idleCommands,
        redisCpuMsPerSecond: idleCpu * 1000,
      },
      turn: {
        roundTrips: (after.chunks - before.chunks - idleRoundTrips * seconds) / turns,
        commands,
        redisCpuMs: ((after.cpuSeconds - before.cpuSeconds - idleCpu * seconds) * 1000) / turns,
      },
      turns,
    };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    admin.disconnect();
    proxy.close();
    await Promise.all([telegram.close(), model.close(), server.stop()]);
    await rm(home, { recursive: true, force: true });
  }
}

/** Prints a {@link RedisCost}. */
export function printRedisCost(cost: RedisCost, label = ""): void {
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([, a], [, b]) => b - a)
      .map(([name, count]) => `${name} ${count.toFixed(2)}`)
      .join(", ");
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);
  console.log(`  Redis per turn${label} (${cost.turns} Telegram DMs one at a time, idle traffic subtracted):`);
  console.log(
    `    ${cost.turn.roundTrips.toFixed(2)} round trips, ${total(cost.turn.commands).toFixed(2)} commands (${list(cost.turn.commands)}), ${cost.turn.redisCpuMs.toFixed(3)} ms of Redis CPU`,
  );
  console.log(
    `  idle: ${cost.idle.roundTripsPerSecond.toFixed(2)} round trips/s, ${total(cost.idle.commandsPerSecond).toFixed(2)} commands/s (${list(cost.idle.commandsPerSecond)}), ${cost.idle.redisCpuMsPerSecond.toFixed(3)} ms of Redis CPU per second`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const turns = Number(process.env.SKEIN_BENCH_TURNS ?? 200);
  printRedisCost(await redisRoundTrips(process.argv[2], turns), ` of ${process.argv[2] ?? "this checkout"}`);
}
