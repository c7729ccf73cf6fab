/**
 * `npm run bench -- --cluster`: scale-out through Redis (cluster mode, `bus.redis_url`). The
 * built daemon (`skein start`) as real processes, each with its own $SKEIN_HOME, sharing a real
 * redis-server (append-only file, fsync always), the fake Telegram Bot API (long polling) and a
 * fake model that takes 1 s per answer; `agents.defaults.max_concurrent_turns` 8 per process.
 *  1. One process, then three: one message in each of 1,000 chats, all queued at once; wall time
 *     from the first message to the last reply Telegram accepted, and replies/s.
 *  2. Takeover: three processes under load (300 more chats, a message every 10 ms); the one holding
 *     the Telegram polling lease is SIGKILLed a third of the way in. The time from the kill to the
 *     next getUpdates, and the messages lost (never answered) and duplicated (answered twice).
 * `bus.takeover_after` is the default (15 s). Takes about three minutes (redis-server must be on PATH).
 * Targets: three processes >= 2.5x the replies/s of one; takeover <= 20 s; 0 lost, 0 duplicated.
 */
import type { FakeReply, Responder } from "../test/fakes/fake-openai.js";
import { ClusterWorld } from "../test/reliability/cluster-harness.js";
import { markerResponder } from "../test/reliability/harness.js";
import { redisSkipReason } from "../test/support/redis-server.js";
import { target } from "./targets.js";

const chats = 1_000;
const takeoverChats = 300;
const maxConcurrentTurns = 8;
const answerMs = 1_000;

/** The marker echo, after the model "thought" for a second. */
const slowResponder: Responder = async (request) =>
  ({ ...((await markerResponder(request)) as FakeReply), delayMs: answerMs }) as FakeReply;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Queues one message in each of `chats` chats and resolves with the ms until every reply was accepted. */
async function answerAll(world: ClusterWorld, firstChat: number): Promise<number> {
  const before = world.telegram.sent.length;
  const started = Date.now();
  for (let index = 0; index < chats; index++) world.say(firstChat + index, firstChat + index);
  await world.until(() => world.telegram.sent.length - before >= chats, `${chats} replies`, 600_000);
  return Date.now() - started;
}

async function throughput(processes: number): Promise<number> {
  const world = await ClusterWorld.create({
    responder: slowResponder,
    maxConcurrentTurns,

    takeoverAfterSeconds: 15,
  });
  try {
    await world.start(processes);
    await world.spread(60_000);
    return await answerAll(world, 100_000);
  } finally {
    await world.close();
  }
}

interface Takeover {
  takeoverMs: number;
  lost: number;
  duplicated: number;
}

async function takeover(): Promise<Takeover> {
  const world = await ClusterWorld.create({
    responder: slowResponder,
    maxConcurrentTurns,

    takeoverAfterSeconds: 15,
  });
  try {
    await world.start(3);
    await world.spread(60_000);
    await world.until(
      async () => (await world.telegramPoller()) !== undefined,
      "a process holds the polling lease",
      60_000,
    );
    const first = 200_000;
    let killedAt = 0;
    for (let index = 0; index < takeoverChats; index++) {
      if (index === takeoverChats / 3) {
        const poller = (await world.telegramPoller())!;
        await world.kill(poller);
        killedAt = Date.now();
      }
      world.say(first + index, first + index);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const polledAgain = await world.telegram.waitForCall("getUpdates", (call) => call.at > killedAt);
    const answered = () => {
      const counts = world.replyCounts();
      return Array.from({ length: takeoverChats }, (_, index) => first + index).filter((marker) => counts.has(marker))
        .length;
    };
    // Until every message is answered, or nothing new for two takeover times: what is missing then is lost.
    let last = -1;
    let since = Date.now();
    while (answered() < takeoverChats && Date.now() - since < 2 * world.takeoverAfterMs) {
      if (answered() !== last) [last, since] = [answered(), Date.now()];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A duplicate would come from a turn run twice: give the survivors a moment to finish theirs.
    await new Promise((resolve) => setTimeout(resolve, 2 * answerMs));
    const final = world.replyCounts();
    let lost = 0;
    let duplicated = 0;
    for (let index = 0; index < takeoverChats; index++) {
      const count = final.get(first + index) ?? 0;
      if (count === 0) lost++;
      if (count > 1) duplicated += count - 1;
    }
    return { takeoverMs: polledAgain.at - killedAt, lost, duplicated };
  } finally {
    await world.close();
  }
}

/** Runs the cluster bench and prints its figures. */
export async function clusterBench(): Promise<void> {
  if (redisSkipReason) {
    console.log(`cluster: skipped (${redisSkipReason})`);
    return;
  }
  console.log(
    `cluster: ${chats} chats, a model taking ${answerMs / 1000} s per answer, max_concurrent_turns ${maxConcurrentTurns} per process`,
  );
  const one = await throughput(1);
  console.log(`  1 process:    ${seconds(one)}, ${(chats / (one / 1000)).toFixed(1)} replies/s`);
  const three = await throughput(3);
  console.log(`  3 processes:  ${seconds(three)}, ${(chats / (three / 1000)).toFixed(1)} replies/s`);
  console.log(`  ratio:        ${(one / three).toFixed(2)}x   ${target("cluster ratio", one / three, ">=", 2.5, "x")}`);
  const { takeoverMs, lost, duplicated } = await takeover();
  console.log(
    `  takeover:     Telegram polling resumed ${seconds(takeoverMs)} after a SIGKILL of the lease holder (takeover_after 15 s)   ${target("cluster takeover", takeoverMs / 1000, "<=", 20, "s")}`,
  );
  console.log(
    `  ${takeoverChats} messages around the kill: ${lost} lost, ${duplicated} duplicated   ${target("cluster messages lost or duplicated", lost + duplicated, "=", 0)}`,
  );
}
