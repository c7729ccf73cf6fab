import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { run as usageCli } from "../../src/commands/usage.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { redisSkipReason } from "../support/redis-server.js";
import {
  type ClusterDaemon,
  chatHandledBy,
  startClusterDaemon,
  useRedisServer,
  waitForEvenPartitions,
} from "./cluster-daemons.js";

/** Every fake answer carries 10 input + 5 output tokens. */
const TOKENS_PER_CALL = 15;

describe.skipIf(redisSkipReason)("usage and budgets in a cluster", () => {
  const redisServer = useRedisServer({ tcp: true });
  let model: FakeOpenAI;
  let daemons: ClusterDaemon[];
  beforeEach(async () => {
    model = await FakeOpenAI.start();
    daemons = [];
  });
  afterEach(async () => {
    for (const daemon of daemons) await daemon.close();
    await model.close();
  });

  const start = async () => {
    const daemon = await startClusterDaemon({
      redisUrl: redisServer().tcpUrl!,
      model,
      env: { SLACK_ALLOW_FROM: "ada" },
      config: { agents: { defaults: { budgets: { per_user_daily_tokens: 2 * TOKENS_PER_CALL } } } },
    });
    daemons.push(daemon);
    return daemon;
  };

  it("stops a user in every process once their turns, split over two processes, reached the daily budget", async () => {
    const [first, second] = [await start(), await start()];
    await waitForEvenPartitions([first, second]);
    const [firstChat, secondChat] = [await chatHandledBy(first, "slack"), await chatHandledBy(second, "slack")];
    const ask = (member: ClusterDaemon, chatId: string, text: string) =>
      member.channel.receive(text, { id: `slack:${text}`, chatId, senderId: "ada", isDirect: false, mentioned: true });

    ask(first, firstChat, "one");
    await first.channel.waitForDeliveries(1);
    ask(second, secondChat, "two");
    await second.channel.waitForDeliveries(1);
    expect([first.channel.sent[0]?.text, second.channel.sent[0]?.text]).toEqual(["echo: one", "echo: two"]);

    ask(first, firstChat, "three");
    ask(second, secondChat, "four");
    await first.channel.waitForDeliveries(2);
    await second.channel.waitForDeliveries(2);
    for (const member of [first, second])
      expect(member.channel.sent[1]?.text).toMatch(/You have reached your daily limit of 30 tokens/);
    expect(model.requests).toHaveLength(2);

    ask(second, secondChat, "/usage");
    await second.channel.waitForDeliveries(3);
    expect(second.channel.sent[2]?.text).toContain("You: today 30 tokens, this month 30 tokens");

    const written: string[] = [];
    const io = {
      stdout: (text: string) => void written.push(text),
      stderr: (text: string) => void written.push(text),
      env: { SKEIN_HOME: first.home, SKEIN_REDIS_URL: redisServer().tcpUrl! },
      cwd: first.home,
    };
    expect(await usageCli({ by: "user", json: true }, io)).toBe(0);
    expect(JSON.parse(written.join("")).groups).toEqual([
      { key: "slack:ada", calls: 2, promptTokens: 20, completionTokens: 10, cost: 0 },
    ]);
  });
});
