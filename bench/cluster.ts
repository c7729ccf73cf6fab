/**
 * `npm run bench -- --cluster` (add `--small` for a quick smoke run): scale-out through Redis
 * (cluster mode). The built daemon (`skein start`) as real processes, each with its own
 * $SKEIN_HOME, sharing a real redis-server (append-only file, fsync always), the fake Telegram
 * Bot API (long polling) and a fake model; default settings (`bus.takeover_after` 4 s).
 *  1. Throughput: 1, 2, 3 and 5 processes, a model that takes 500 ms per answer, 8 turns at once
 *     per process; one message in each of 600 chats, all queued at once: replies/s, the ratio to
 *     N x one process, and Redis's CPU per turn (where the limit would be).
 *  2. Redis per turn (bench/redis-round-trips.ts): commands and round trips of a Telegram DM, and
 *     what an idle process costs (the members' beats: one round trip each, 2/s).
 *  3. Takeover: three processes under a steady load; 10 times the Telegram poller is SIGKILLed
 *     and a message sent at once to a chat it handled; the time from the kill to its reply
 *     (min/median/max), then a new process joins. Lost and duplicated messages counted.
 *  4. Rolling restart: three processes under a DM every 100 ms over 10 chats, each SIGTERMed and
 *     replaced in turn (twice round): the worst wait of a message for its answer.
 * Takes about five minutes (redis-server must be on PATH). Targets: N processes >= 0.9 x N times
 * one; takeover <= 5 s; rolling-restart wait <= 6 s; 0 lost, 0 duplicated.
 */
import type { FakeReply, Responder } from "../test/fakes/fake-openai.js";
import { ClusterWorld } from "../test/reliability/cluster-harness.js";
import { markerResponder } from "../test/reliability/harness.js";
import { redisSkipReason } from "../test/support/redis-server.js";
import { printRedisCost, redisRoundTrips } from "./redis-round-trips.js";
import { target } from "./targets.js";

const answerMs = 500;
const maxConcurrentTurns = 8;

interface Sizes {
  chats: number;
  kills: number;
  rounds: number;
  turns: number;
}

/** The marker echo, after the model "thought" for `answerMs`. */
const slowResponder: Responder = async (request) =>
  ({ ...((await markerResponder(request)) as FakeReply), delayMs: answerMs }) as FakeReply;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Redis's CPU seconds so far. */
async function redisCpu(world: ClusterWorld): Promise<number> {
  const info = await world.admin.info("cpu");
  const value = (field: string) => Number(new RegExp(`^${field}:([\\d.]+)`, "m").exec(info)?.[1] ?? 0);
  return value("used_cpu_sys") + value("used_cpu_user");
}

async function throughput(processes: number, chats: number): Promise<{ perSecond: number; redisCpuMs: number }> {
  const world = await ClusterWorld.create({ responder: slowResponder, maxConcurrentTurns });
  try {
    await world.start(processes);
    await world.spread(60_000);
    const cpuBefore = await redisCpu(world);
    const started = Date.now();
    for (let index = 0; index < chats; index++) world.say(100_000 + index, index + 1);
    await world.until(() => world.telegram.sent.length >= chats, `${chats} replies`, 600_000);
    const elapsed = Date.now() - started;
    const redisCpuMs = ((await redisCpu(world)) - cpuBefore) * 1000;
    return { perSecond: chats / (elapsed / 1000), redisCpuMs: redisCpuMs / chats };
  } finally {
    await world.close();
  }
}

/** Starts a steady load (a DM every 100 ms over `chats`); returns its stop. */
function load(world: ClusterWorld, chats: number[], next: { marker: number }): () => void {
  let turn = 0;
  const timer = setInterval(() => world.say(chats[turn++ % chats.length]!, next.marker++), 100);
  return () => clearInterval(timer);
}

async function takeovers(kills: number): Promise<{ times: number[]; lost: number; duplicated: number }> {
  const world = await ClusterWorld.create();
  const chats = Array.from({ length: 30 }, (_, index) => 200_000 + index);
  const next = { marker: 1 };
  try {
    await world.start(3);
    await world.spread(60_000);
    for (const chat of chats) world.say(chat, next.marker++);
    await world.allAnswered();
    const stopLoad = load(world, chats, next);
    const times: number[] = [];
    try {
      for (let kill = 0; kill < kills; kill++) {
        await world.until(async () => (await world.telegramPoller()) !== undefined, "a process polls", 30_000);
        const victim = (await world.telegramPoller())!;
        let probe = chats[0]!;
        for (const chat of chats) if ((await world.handlerOf(chat)) === victim) probe = chat;
        await world.quiesce();
        await world.kill(victim);
        const killedAt = Date.now();
        world.resumeSends();
        const index = next.marker++;
        world.say(probe, index);
        const reply = () => world.replies().find((candidate) => candidate.markers.includes(index));
        await world.until(() => reply() !== undefined, "the message after the kill is answered", 60_000);
        times.push(reply()!.at - killedAt);
        await world.startMember();
        await world.spread(60_000);
      }
    } finally {
      stopLoad();
    }
    await world.allAnswered(0, 120_000);
    const { lost, duplicated } = world.tally();
    return { times, lost: lost.length, duplicated: duplicated.length };
  } finally {
    await world.close();
  }
}

async function rollingRestarts(
  rounds: number,
): Promise<{ worstWaitMs: number; exits: number[]; lost: number; duplicated: number }> {
  const world = await ClusterWorld.create();
  const chats = Array.from({ length: 10 }, (_, index) => 300_000 + index);
  const next = { marker: 1 };
  try {
    await world.start(3);
    await world.spread(60_000);
    const stopLoad = load(world, chats, next);
    const exits: number[] = [];
    try {
      for (let round = 0; round < rounds; round++)
        for (const member of [...world.running]) {
          exits.push(await world.terminate(member));
          await world.startMember();
          await world.spread(60_000);
        }
    } finally {
      stopLoad();
    }
    await world.allAnswered(0, 120_000);
    const { lost, duplicated, worstWaitMs } = world.tally();
    return { worstWaitMs, exits, lost: lost.length, duplicated: duplicated.length };
  } finally {
    await world.close();
  }
}

/** Runs the cluster bench and prints its figures (`small`: a quick smoke run). */
export async function clusterBench(small = false): Promise<void> {
  if (redisSkipReason) {
    console.log(`cluster: skipped (${redisSkipReason})`);
    return;
  }
  const sizes: Sizes = small
    ? { chats: 48, kills: 2, rounds: 1, turns: 30 }
    : { chats: 600, kills: 10, rounds: 2, turns: 300 };
  console.log(
    `cluster: ${sizes.chats} chats, a model taking ${answerMs} ms per answer, max_concurrent_turns ${maxConcurrentTurns} per process, default takeover_after (4 s)`,
  );
  let one = 0;
  for (const processes of [1, 2, 3, 5]) {
    const { perSecond, redisCpuMs } = await throughput(processes, sizes.chats);
    one ||= perSecond;
    console.log(
      `  ${processes} process${processes > 1 ? "es" : "  "}: ${perSecond.toFixed(1)} replies/s, ${(perSecond / one).toFixed(2)}x one (${(perSecond / (processes * one)).toFixed(2)} of ${processes}x) ${target(`cluster throughput, ${processes} processes`, Number((perSecond / (processes * one)).toFixed(2)), ">=", 0.9, "", "of Nx")}; Redis CPU ${redisCpuMs.toFixed(2)} ms per turn`,
    );
  }
  printRedisCost(await redisRoundTrips(undefined, sizes.turns));
  const { times, lost, duplicated } = await takeovers(sizes.kills);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `  takeover after a SIGKILL of the Telegram poller (${times.length} kills, 3 processes under load): min ${seconds(sorted[0]!)}, median ${seconds(sorted[Math.floor(sorted.length / 2)]!)}, max ${seconds(sorted.at(-1)!)}   ${target("takeover", sorted.at(-1)! / 1000, "<=", 5, "s", "max")}; ${lost} lost, ${duplicated} duplicated   ${target("takeover: lost and duplicated", lost + duplicated, "=", 0)}`,
  );
  const rolling = await rollingRestarts(sizes.rounds);
  console.log(
    `  rolling restart (3 processes, ${rolling.exits.length} restarts, a DM every 100 ms over 10 chats): worst wait ${seconds(rolling.worstWaitMs)}   ${target("rolling restart: worst wait", rolling.worstWaitMs / 1000, "<=", 6, "s")}; exit after SIGTERM at most ${seconds(Math.max(...rolling.exits))}   ${target("rolling restart: exit after SIGTERM", Math.max(...rolling.exits) / 1000, "<=", 15, "s", "max")}; ${rolling.lost} lost, ${rolling.duplicated} duplicated   ${target("rolling restart: lost and duplicated", rolling.lost + rolling.duplicated, "=", 0)}`,
  );
}
