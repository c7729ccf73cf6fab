import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliPath } from "../support/cli-path.js";
import { redisSkipReason } from "../support/redis-server.js";
import { ClusterWorld } from "./cluster-harness.js";

/**
 * Three `skein start` processes (the built CLI) sharing one Redis, one Telegram bot and one model,
 * started once for the file, with the partitions spread over them.
 */
describe.skipIf(redisSkipReason)("three clustered daemons sharing the chats", () => {
  let world: ClusterWorld;
  beforeAll(async () => {
    world = await ClusterWorld.create();
    await world.start(3);
    await world.spread();
  }, 200_000);
  afterAll(() => world?.close());

  it("answer every message of 100 chats once, each chat in order, spread over all three", async () => {
    // About three chats per partition: every process gets some, each chat two messages to keep in order.
    const chats = Array.from({ length: 100 }, (_, index) => 5_000 + index);
    const rounds = 2;

    // Message `round * 1000 + chat` is the chat's message of that round: a chat's replies must follow its rounds.
    for (let round = 1; round <= rounds; round++) for (const chat of chats) world.say(chat, round * 1_000 + chat);
    const total = chats.length * rounds;
    await world.until(() => world.answered() >= total, `${total} messages were answered`, 60_000);

    const replies = world.repliesByChat();
    for (const chat of chats)
      expect(replies.get(chat), `the replies in chat ${chat}\n${world.partitionMoves()}`).toEqual(
        Array.from({ length: rounds }, (_, index) => (index + 1) * 1_000 + chat),
      );
    expect(world.telegram.sent).toHaveLength(total);
    const answered = world.members.map((member) => member.answeredChats().length);
    expect(world.answered()).toBe(total);
    for (const [index, count] of answered.entries())
      expect(count, `messages answered by ${world.members[index]!.name}`).toBeGreaterThan(0);
    expect(await world.unfinished(), "messages recorded and not complete").toBe(0);
  }, 120_000);

  it("show the whole cluster in /status and skein status: members, lease holders, pending messages", async () => {
    const [first] = world.members;
    const names = (await Promise.all(world.members.map((member) => member.status()))).map(
      (status) => status.cluster!.member,
    );
    // The view is read every few seconds: wait for one read after the partitions spread.
    const spreadAt = Date.now();
    await world.until(
      async () => ((await first!.status()).cluster?.view?.readAt ?? 0) > spreadAt,
      "the first process looked at the cluster again",
    );
    const { view } = (await first!.status()).cluster!;
    expect(view!.members.map((member) => member.name).sort()).toEqual([...names].sort());
    const partitionHolders = view!.leases.filter((lease) => lease.name.startsWith("partition:"));
    expect(partitionHolders).toHaveLength(60);
    expect(new Set(partitionHolders.map((lease) => lease.holder))).toEqual(new Set(names));
    expect(view!.pending).toEqual({ total: 0, byMember: {} });

    const printed = await execa(process.execPath, [cliPath, "status"], {
      env: { PATH: process.env.PATH, HOME: first!.home, SKEIN_HOME: first!.home },
      extendEnv: false,
      reject: false,
    });
    expect(printed.stdout).toContain(`cluster: member ${(await first!.status()).cluster!.member}, Redis connected, `);
    for (const name of names)
      expect(printed.stdout).toMatch(new RegExp(`members: .*${name} \\(heartbeat \\d+s ago\\)`));
    for (const name of names) expect(printed.stdout).toMatch(new RegExp(`partitions held: .*${name} 20`));
    expect(printed.stdout).toContain("pending: 0 messages recorded and not complete, 0 of them handed out");
  }, 60_000);
});
